/* The inter-node path. PEs of one node reach each other by load/store
 * through the peer window; a PE on another node is reached through a
 * transport (UCX, src/transport/ucx/), chosen once at shmem_init for every
 * off-node peer. The callers test local_index[pe] < 0 first, so the on-node
 * path never touches this interface.
 *
 * Remote memory is named by the caller's own symmetric address: an address
 * in this PE's control slot, data heap or global variables, which the transport turns into
 * the same offset of the peer's copy. */
#ifndef SHMEMI_TRANSPORT_H
#define SHMEMI_TRANSPORT_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "amo_op.h"

/* The regions other nodes may reach: the control slot (headers, team
 * scratch, mailboxes), the data heap, which grows in chunks, and the
 * executable's global and static variables (heap/statics.h). */
enum shmemi_segment { SHMEMI_SEG_CTRL, SHMEMI_SEG_DATA, SHMEMI_SEG_STATIC, SHMEMI_SEG_COUNT };

/* A put and a get differ mostly in which side is written: the code behind
 * both takes this instead of being written twice. */
enum shmemi_dir { SHMEMI_PUT, SHMEMI_GET };

/* A context's own resources in the transport (ctx_open), or NULL: the PE's
 * shared ones, which serve the default context, the runtime's own traffic
 * and every context that has none of its own. */
struct shmemi_remote_ctx;

struct shmemi_transport {
    const char *name;
    /* Collective: makes bytes at addr, the next part of segment seg (its
     * start for the first call), reachable from the other nodes. */
    void (*expose)(const char *call, enum shmemi_segment seg, void *addr, size_t bytes);
    /* A context's own resources, when its options let it have some (it is
     * never used by two threads at once): NULL to share the PE's. Made at
     * the context's first operation on another node, in that thread. */
    struct shmemi_remote_ctx *(*ctx_open)(const char *call, long options);
    /* Completes the context's operations and takes back what ctx_open
     * gave it (which the transport may keep for a later context). */
    void (*ctx_close)(const char *call, struct shmemi_remote_ctx *rc);
    /* The operations below take the context they belong to (rc, NULL for
     * the shared resources); fence and quiet order or complete its
     * operations alone.
     * Blocking: return once the local buffer may be reused (put) or holds
     * the data (get). Rows: n rows of width bytes, pitches apart. */
    void (*put)(const char *call, struct shmemi_remote_ctx *rc, void *sym, const void *src,
                size_t bytes, int pe);
    void (*get)(const char *call, struct shmemi_remote_ctx *rc, void *dst, const void *sym,
                size_t bytes, int pe);
    void (*put_rows)(const char *call, struct shmemi_remote_ctx *rc, char *sym, size_t dpitch,
                     const char *src, size_t spitch, size_t width, size_t n, int pe);
    void (*get_rows)(const char *call, struct shmemi_remote_ctx *rc, char *dst, size_t dpitch,
                     const char *sym, size_t spitch, size_t width, size_t n, int pe);
    /* Non-blocking (the _nbi routines): may return before the transfer has
     * even started, so the local buffer may be reused (put) or read (get)
     * only after the next quiet, which completes them. */
    void (*put_nbi)(const char *call, struct shmemi_remote_ctx *rc, void *sym, const void *src,
                    size_t bytes, int pe);
    void (*get_nbi)(const char *call, struct shmemi_remote_ctx *rc, void *dst, const void *sym,
                    size_t bytes, int pe);
    /* A put of the runtime's own (barrier flags, mailbox words and their
     * messages), blocking like put, that quiet need not complete: its only
     * reader waits for it. So a barrier's quiet does not wait for the last
     * barrier's flags to be acknowledged, a round trip over a network. */
    void (*put_internal)(const char *call, void *sym, const void *src, size_t bytes, int pe);
    /* Raises pe's copy of w, a word of this PE's control window, to the
     * sequence number v (a later number there stays): a barrier's flag.
     * Blocking like put_internal, and unordered with this PE's RMA, which
     * the barrier completed before (quiet). pe applies it in its progress,
     * which its wait for the flag runs. */
    void (*notify)(const char *call, _Atomic uint32_t *w, uint32_t v, int pe);
    /* shmemi_amo's contract (rma/amo.h) on a word of pe. */
    uint64_t (*amo)(const char *call, struct shmemi_remote_ctx *rc, enum shmemi_amo_op op,
                    const void *sym, size_t size, uint64_t value, uint64_t cond, int pe);
    /* A non-fetching AMO (add, and, or, xor) that may return before it is
     * done at pe; quiet completes it. */
    void (*amo_post)(const char *call, struct shmemi_remote_ctx *rc, enum shmemi_amo_op op,
                     const void *sym, size_t size, uint64_t value, int pe);
    /* Orders this PE's earlier RMA and AMOs on rc before its later ones
     * (fence), or completes them at their targets (quiet). */
    void (*fence)(const char *call, struct shmemi_remote_ctx *rc);
    void (*quiet)(const char *call, struct shmemi_remote_ctx *rc);
    /* Serves peers' operations that need this PE's help, and moves on the
     * calling thread's own contexts' operations; every wait of the runtime
     * calls it (ucx/ucx_sync.c says why). Nonzero when it did something. */
    int (*progress)(void);
    /* After the last barrier, before the heap goes. */
    void (*fini)(void);
};

/* NULL while every PE of the job is on this node. */
extern const struct shmemi_transport *shmemi_remote;

/* After locality, before the heap: starts the transport when the job spans
 * nodes (an error naming what to do when this build has none) and, under
 * SHMEM_DEBUG, reports each peer's path. shared: a thread of the library
 * (the device proxy) calls it beside the user's threads. */
void shmemi_transport_init(int shared);
void shmemi_transport_fini(void);

#endif
