/* The signal update of the signaling routines. */
#ifndef SHMEMI_SIGNAL_H
#define SHMEMI_SIGNAL_H

#include <stdint.h>

#include <shmem.h>

#include "amo.h"
#include "copy.h"

void shmemi_signal_bad_op(const char *call, int sig_op);

/* Applies sig_op with signal to sig_addr on pe, on ctx. The AMO is sequentially
 * consistent, hence a release: every store this thread made before it, the
 * data of a put-with-signal included, is visible to a PE that sees the new
 * signal value. */
static inline void shmemi_signal_update(const char *call, shmem_ctx_t ctx, uint64_t *sig_addr,
                                        uint64_t signal, int sig_op, int pe)
{
    if (sig_op == SHMEM_SIGNAL_ADD)
        shmemi_amo_post(call, ctx, SHMEMI_AMO_ADD, sig_addr, sizeof *sig_addr, signal, pe);
    else
        shmemi_amo(call, ctx, SHMEMI_AMO_SET, sig_addr, sizeof *sig_addr, signal, 0, pe);
}

/* put-with-signal of len bytes, blocking or (nbi) not. sig_op is checked
 * before any data moves, so a bad operator leaves the destination
 * untouched. */
static inline void shmemi_signal_put(const char *call, shmem_ctx_t ctx, void *dest,
                                     const void *source, size_t len, uint64_t *sig_addr,
                                     uint64_t signal, int sig_op, int pe, int nbi)
{
    if (__builtin_expect(sig_op != SHMEM_SIGNAL_SET && sig_op != SHMEM_SIGNAL_ADD, 0))
        shmemi_signal_bad_op(call, sig_op);
    shmemi_put_checked(call, ctx, dest, source, len, pe, nbi);
    /* On another node the put and the signal's AMO may take different
     * routes through the transport: the fence keeps the data first. */
    if (__builtin_expect((unsigned)pe < (unsigned)shmemi_state.n_pes &&
                             shmemi_state.local_index[pe] < 0,
                         0))
        shmemi_remote->fence(call, shmemi_ctx_remote(call, ctx));
    /* On a device heap the copy engine may still be moving the data (a copy
     * from pageable memory returns once staged) and the signal's kernel
     * runs on another stream: the data must land first. Nothing to do on
     * a heap the CPU stores to. */
    shmemi_heap_quiet();
    shmemi_signal_update(call, ctx, sig_addr, signal, sig_op, pe);
}

#endif
