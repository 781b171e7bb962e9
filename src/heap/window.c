#define _GNU_SOURCE
#include <errno.h>
#include <string.h>
#include <sys/mman.h>

#include "../init/error.h"
#include "heap.h"

/* Slots are 2 MiB aligned so that huge pages can back them. */
#define SLOT_ALIGN ((size_t)2 << 20)

void shmemi_window_reserve(int n_slots, size_t size)
{
    size_t stride = (size + SLOT_ALIGN - 1) & ~(SLOT_ALIGN - 1);
    size_t total = stride * (size_t)n_slots + SLOT_ALIGN;
    /* PROT_NONE and MAP_NORESERVE: address space only, so a stray access
     * between slots faults instead of touching someone's memory. */
    char *r = mmap(NULL, total, PROT_NONE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (r == MAP_FAILED)
        shmemi_fatal("shmem_init",
                     "cannot reserve %zu bytes of address space for the peer "
                     "window (%d PEs x %zu): %s; lower SHMEM_SYMMETRIC_SIZE",
                     total, n_slots, stride, strerror(errno));
    char *aligned = (char *)(((uintptr_t)r + SLOT_ALIGN - 1) & ~(SLOT_ALIGN - 1));
    if (aligned > r)
        munmap(r, (size_t)(aligned - r));
    char *end = aligned + stride * (size_t)n_slots;
    if (r + total > end)
        munmap(end, (size_t)(r + total - end));
    shmemi_heap.window = aligned;
    shmemi_heap.stride = stride;
    shmemi_heap.size = size;
}

void shmemi_window_map(int slot, int fd)
{
    char *at = shmemi_heap.window + (size_t)slot * shmemi_heap.stride;
    void *m = mmap(at, shmemi_heap.size, PROT_READ | PROT_WRITE,
                   MAP_SHARED | MAP_FIXED, fd, 0);
    if (m == MAP_FAILED)
        shmemi_fatal("shmem_init", "cannot map the heap of PE %d: %s",
                     shmemi_state.local_pes[slot], strerror(errno));
}

void shmemi_window_release(void)
{
    if (shmemi_heap.window)
        munmap(shmemi_heap.window, shmemi_heap.stride * (size_t)shmemi_state.n_local);
    shmemi_heap.window = NULL;
}
