/* The routines on a signal alone: fetch and wait on this PE's signal, and
 * (1.6) add to or set another PE's signal atomically. */
#include <shmem.h>

#include "sync/wait_set.h"
#include "signal.h"

void shmemi_signal_bad_op(const char *call, int sig_op)
{
    shmemi_fatal(call, "sig_op %d is not SHMEM_SIGNAL_SET or SHMEM_SIGNAL_ADD", sig_op);
}

uint64_t shmem_signal_fetch(const uint64_t *sig_addr)
{
    /* Programs poll their signals with it: serve the peers of other nodes
     * whose operations on this PE need it. */
    if (shmemi_remote)
        shmemi_remote->progress();
    return shmemi_amo(__func__, SHMEM_CTX_DEFAULT, SHMEMI_AMO_FETCH, sig_addr,
                      sizeof *sig_addr, 0, 0, shmemi_state.my_pe);
}

SHMEMI_WAIT_TEST_FN(uint64_t, uint64)

/* The point-to-point wait on one uint64_t, returning the value that
 * satisfied it (a later update may already have changed the signal). */
uint64_t shmem_signal_wait_until(uint64_t *sig_addr, int cmp, uint64_t cmp_value)
{
    shmemi_wait_check(__func__, sig_addr, 1, sizeof *sig_addr, cmp, &cmp_value, NULL, 0);
    const struct shmemi_wait_set s = {(const char *)sig_addr, 1, sizeof *sig_addr, NULL, cmp,
                                      (const char *)&cmp_value, 0, shmemi_wait_test_uint64};
    uint64_t seen;
    shmemi_wait_all(&s, &seen);
    return seen;
}

void shmem_ctx_signal_add(shmem_ctx_t ctx, uint64_t *sig_addr, uint64_t signal, int pe)
{
    pe = shmemi_ctx_pe(__func__, ctx, pe);
    shmemi_signal_update(__func__, ctx, sig_addr, signal, SHMEM_SIGNAL_ADD, pe);
}

void shmem_signal_add(uint64_t *sig_addr, uint64_t signal, int pe)
{
    shmemi_signal_update(__func__, SHMEM_CTX_DEFAULT, sig_addr, signal, SHMEM_SIGNAL_ADD, pe);
}

void shmem_ctx_signal_set(shmem_ctx_t ctx, uint64_t *sig_addr, uint64_t signal, int pe)
{
    pe = shmemi_ctx_pe(__func__, ctx, pe);
    shmemi_signal_update(__func__, ctx, sig_addr, signal, SHMEM_SIGNAL_SET, pe);
}

void shmem_signal_set(uint64_t *sig_addr, uint64_t signal, int pe)
{
    shmemi_signal_update(__func__, SHMEM_CTX_DEFAULT, sig_addr, signal, SHMEM_SIGNAL_SET, pe);
}
