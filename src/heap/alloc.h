/* The symmetric allocator: hands out offsets of the heap. It is
 * deterministic (the same sequence of calls gives the same offsets on every
 * PE), so a symmetric object has the same offset everywhere and no address
 * is ever exchanged. Its bookkeeping lives in private memory, never in the
 * heap, so a stray user write cannot corrupt it. */
#ifndef SHMEMI_ALLOC_H
#define SHMEMI_ALLOC_H

#include <stddef.h>

/* Every block starts on a cache line, so two objects never share one. */
#define SHMEMI_ALLOC_MIN_ALIGN 64

/* On a heap that GPUs reach (device and pinned), blocks start on 256
 * bytes, as cudaMalloc's do: a kernel's 16-byte accesses to a buffer 64
 * bytes past a 128-byte line ran 9% slower (the on-stream sum of 64 MiB
 * on one H200: 99.5 us against 91.2 at 256 bytes and 92.9 at 128;
 * bench/results/2026-11-29-heap-alignment.md). */
#define SHMEMI_ALLOC_GPU_ALIGN 256

void shmemi_alloc_init(size_t lo, size_t hi);
void shmemi_alloc_fini(void);
/* Adds [old_hi, new_hi), just mapped after the range, as free space. */
void shmemi_alloc_extend(size_t old_hi, size_t new_hi);
/* 0 and *off on success; -1 when no free range is large enough. */
int shmemi_alloc_take(size_t size, size_t align, size_t *off);
/* The size of the block at off (0 when off is not an allocated block). */
size_t shmemi_alloc_size_of(size_t off);
/* Frees the block at off: 0, or -1 when off is not an allocated block. */
int shmemi_alloc_release(size_t off);
/* Grows or shrinks the block at off without moving it: 0, or -1 when the
 * space after it is taken. */
int shmemi_alloc_resize(size_t off, size_t size);
/* Bytes in the largest free range, for messages. */
size_t shmemi_alloc_largest_free(void);

#endif
