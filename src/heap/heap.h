/* The symmetric heap and the peer window.
 *
 * Each PE's heap is mapped by every PE of the node into one contiguous
 * reserved range, slot i holding the heap of the node's i-th PE. A
 * symmetric address of another PE is therefore this PE's address plus a
 * multiple of the slot stride: arithmetic, no table.
 *
 * Two such windows exist, with the same stride, so that the arithmetic is
 * the same for both: the data window (the user's heap, in host memory or,
 * on a GPU, in device memory that the CPU cannot touch) and the control
 * window (always host memory: each PE's header and the teams' scratch
 * slots, which the runtime loads and stores itself).
 *
 * The data heap grows: the slot stride is the largest size it may reach,
 * and when the allocator runs out every PE maps another chunk, collectively,
 * inside a symmetric allocation call. */
#ifndef SHMEMI_HEAP_H
#define SHMEMI_HEAP_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include <shmem/internal/device_state.h>

#include "init/runtime.h"
#include "node/node.h"
#include "backend.h"
#include "statics.h"

enum shmemi_pe_state {
    SHMEMI_PE_RUNNING = 1,
    SHMEMI_PE_FINALIZED = 2, /* left through shmem_finalize */
    SHMEMI_PE_EXITING = 3,   /* left through shmem_global_exit */
};

/* At offset 0 of every PE's control window slot, so that node peers can
 * read it even after the PE is gone (their mappings keep it alive). */
struct shmemi_heap_header {
    _Atomic int state;
    int pid;
    /* Set by a peer that ends the job: every spin loop of this PE polls it. */
    _Atomic int abort_pending;
    _Atomic int abort_status;
    /* Why a kernel of this PE stopped, written by the kernel (see
     * src/cuda/device_report.c). */
    struct shmemi_dev_report report;
    /* How this PE ends the job, in place before its state is
     * SHMEMI_PE_EXITING: what the node's first PE passes to the linked
     * nodes when it leaves on its flag. */
    struct shmemi_node_end end;
};

/* Bytes of the control slot before the area handed to the teams: a page,
 * so nothing else shares a page with the header. */
#define SHMEMI_CTRL_HEADER 4096
_Static_assert(sizeof(struct shmemi_heap_header) <= SHMEMI_CTRL_HEADER,
               "the heap header outgrew its page");

/* Every slot of both windows starts on a multiple of this, so that an
 * offset aligned to it is an aligned address on every PE: the largest
 * alignment shmem_align grants. A power of two and a multiple of every
 * backend's granularity; only address space is spent on it. */
#define SHMEMI_HEAP_SLOT_ALIGN ((size_t)64 << 20)

struct shmemi_heap {
    enum shmemi_heap_kind kind;
    /* The CPU can load and store the data heap (host and pinned kinds); a
     * device heap is reached through the backend's copy engine calls. */
    int host_access;
    const struct shmemi_heap_backend *backend;
    size_t stride; /* bytes from one slot to the next, in both windows */
    char *window;  /* the data window: n_local slots */
    char *base;    /* this PE's data heap: window + my_local * stride */
    size_t size;   /* bytes of data heap mapped now, the same on every PE */
    size_t cap;    /* bytes it may grow to */
    char *ctrl_window;
    char *ctrl;    /* this PE's control slot */
    size_t ctrl_size;
};

extern struct shmemi_heap shmemi_heap;

/* Sets up both windows; ctrl_bytes is what the teams need after the header,
 * data_reserve what the runtime takes from the data heap for itself. */
void shmemi_heap_init(size_t ctrl_bytes, size_t data_reserve);
void shmemi_heap_finalize(void);
/* Collective: maps at least `bytes` more data heap on every PE. 0, or -1
 * when the cap does not allow it or a PE could not make the memory
 * (*short_pe is then that PE, else -1); nothing changes then, on any PE. */
int shmemi_heap_grow(size_t bytes, int *short_pe);

static inline struct shmemi_heap_header *shmemi_heap_header_of(int local)
{
    return (struct shmemi_heap_header *)(shmemi_heap.ctrl_window +
                                         (size_t)local * shmemi_heap.stride);
}

/* The control area after the header, ctrl_bytes long. */
static inline char *shmemi_heap_ctrl_area(void) { return shmemi_heap.ctrl + SHMEMI_CTRL_HEADER; }

static inline int shmemi_heap_contains(const void *p, size_t len)
{
    uintptr_t off = (uintptr_t)p - (uintptr_t)shmemi_heap.base;
    return off < shmemi_heap.size && len <= shmemi_heap.size - off;
}

/* Whether [p, p + len) is symmetric: in the heap or the global variables. */
static inline int shmemi_symmetric(const void *p, size_t len)
{
    return shmemi_heap_contains(p, len) || shmemi_statics_contains(p, len);
}

/* The address of symmetric object p (in either window) on local index
 * `local`. */
static inline void *shmemi_heap_at(const void *p, int local)
{
    return (char *)p + ((ptrdiff_t)local - shmemi_state.my_local) *
                           (ptrdiff_t)shmemi_heap.stride;
}

/* Copies between private memory and the data heap, whatever its kind. */
static inline void shmemi_heap_copy(void *dst, const void *src, size_t bytes)
{
    if (__builtin_expect(shmemi_heap.host_access, 1))
        __builtin_memcpy(dst, src, bytes);
    else
        shmemi_heap.backend->copy(dst, src, bytes);
}

/* A put of the API: complete locally on return, delivered by quiet. */
static inline void shmemi_heap_put(void *dst, const void *src, size_t bytes)
{
    if (__builtin_expect(shmemi_heap.host_access, 1))
        __builtin_memcpy(dst, src, bytes);
    else
        shmemi_heap.backend->put(dst, src, bytes);
}

static inline void shmemi_heap_put_nbi(void *dst, const void *src, size_t bytes)
{
    if (__builtin_expect(shmemi_heap.host_access, 1))
        __builtin_memcpy(dst, src, bytes);
    else
        shmemi_heap.backend->put_nbi(dst, src, bytes);
}

static inline void shmemi_heap_get_nbi(void *dst, const void *src, size_t bytes)
{
    if (__builtin_expect(shmemi_heap.host_access, 1))
        __builtin_memcpy(dst, src, bytes);
    else
        shmemi_heap.backend->get_nbi(dst, src, bytes);
}

static inline void shmemi_heap_quiet(void)
{
    if (__builtin_expect(!shmemi_heap.host_access, 0))
        shmemi_heap.backend->quiet();
}

static inline void shmemi_heap_zero(void *dst, size_t bytes)
{
    if (__builtin_expect(shmemi_heap.host_access, 1))
        __builtin_memset(dst, 0, bytes);
    else
        shmemi_heap.backend->zero(dst, bytes);
}

/* Called from every spin loop: leaves at once when a peer ended the job. */
static inline void shmemi_abort_poll(void)
{
    struct shmemi_heap_header *h = shmemi_heap_header_of(shmemi_state.my_local);
    if (atomic_load_explicit(&h->abort_pending, memory_order_relaxed))
        shmemi_abort_exit();
}

#endif
