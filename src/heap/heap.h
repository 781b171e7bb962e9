/* The symmetric heap and the peer window.
 *
 * Each PE's heap is one memory object (a memfd) mapped by every PE of the
 * node into one contiguous reserved range, slot i holding the heap of the
 * node's i-th PE. A symmetric address of another PE is therefore this PE's
 * address plus a multiple of the slot stride: arithmetic, no table. */
#ifndef SHMEMI_HEAP_H
#define SHMEMI_HEAP_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "../init/runtime.h"

enum shmemi_pe_state {
    SHMEMI_PE_RUNNING = 1,
    SHMEMI_PE_FINALIZED = 2, /* left through shmem_finalize */
    SHMEMI_PE_EXITING = 3,   /* left through shmem_global_exit */
};

/* At offset 0 of every PE's heap, so that node peers can read it even after
 * the PE is gone (their mappings keep the memory alive). */
struct shmemi_heap_header {
    _Atomic int state;
    int pid;
    /* Set by a peer that ends the job: every spin loop of this PE polls it. */
    _Atomic int abort_pending;
    _Atomic int abort_status;
};

/* Bytes at the start of the heap kept for the header, before the allocator's
 * range: a page, so user data never shares a page with it. */
#define SHMEMI_HEAP_RESERVED 4096
/* Room added to SHMEM_SYMMETRIC_SIZE for the runtime's own symmetric data
 * (team scratch slots), so the user gets all they asked for. It costs
 * address space only: pages are committed when touched. */
#define SHMEMI_HEAP_INTERNAL ((size_t)64 << 20)

struct shmemi_heap {
    char *window;  /* the reserved range: n_local slots */
    size_t stride; /* bytes from one slot to the next */
    char *base;    /* this PE's heap: window + my_local * stride */
    size_t size;   /* bytes of each PE's heap */
    int memfd;
    int *links;    /* [n_local]: stream socket to each node peer, -1 for self */
};

extern struct shmemi_heap shmemi_heap;

void shmemi_heap_init(void);
void shmemi_heap_finalize(void);

static inline struct shmemi_heap_header *shmemi_heap_header_of(int local)
{
    return (struct shmemi_heap_header *)(shmemi_heap.window +
                                         (size_t)local * shmemi_heap.stride);
}

static inline int shmemi_heap_contains(const void *p, size_t len)
{
    uintptr_t off = (uintptr_t)p - (uintptr_t)shmemi_heap.base;
    return off < shmemi_heap.size && len <= shmemi_heap.size - off;
}

/* The address of symmetric object p on local index `local`. */
static inline void *shmemi_heap_at(const void *p, int local)
{
    return (char *)p + ((ptrdiff_t)local - shmemi_state.my_local) *
                           (ptrdiff_t)shmemi_heap.stride;
}

/* ---- pieces, each in its own file ---- */

/* memfd.c */
int shmemi_memfd_create(size_t size);

/* fd_pass.c: one fd and a small payload over a Unix stream socket. */
int shmemi_fd_send(int sock, int fd, const void *data, size_t len);
int shmemi_fd_recv(int sock, int *fd, void *data, size_t len);

/* peer_links.c: a stream socket between every two PEs of the node. */
void shmemi_links_open(void);
void shmemi_links_close(void);

/* window.c */
void shmemi_window_reserve(int n_slots, size_t size);
void shmemi_window_map(int slot, int fd);
void shmemi_window_release(void);

/* liveness.c: notices node peers that die without shmem_finalize. */
void shmemi_liveness_start(void);
void shmemi_liveness_stop(void);
/* Marks every node peer to end with status, then ends the job. */
_Noreturn void shmemi_liveness_end_job(int status, const char *why);
_Noreturn void shmemi_abort_exit(void);

/* Called from every spin loop: leaves at once when a peer ended the job. */
static inline void shmemi_abort_poll(void)
{
    struct shmemi_heap_header *h = shmemi_heap_header_of(shmemi_state.my_local);
    if (atomic_load_explicit(&h->abort_pending, memory_order_relaxed))
        shmemi_abort_exit();
}

#endif
