/* put-with-signal, typed (every row of the standard RMA table), sized and
 * mem, blocking and _nbi, with and without a context. Between PEs of a node
 * the _nbi forms complete at once, which the specification allows; to
 * another node their data goes out non-blocking, ordered before the signal
 * by the transport's fence. */
#include <shmem.h>

#include "signal.h"

#define SHMEMI_SIGNAL_PARAMS uint64_t *sig_addr, uint64_t signal, int sig_op, int pe
#define SHMEMI_SIGNAL_ARGS sig_addr, signal, sig_op, pe

/* NAME and ctx_NAME for element type ET of ES bytes, non-blocking if NBI. */
#define SHMEMI_DEF_PUT_SIGNAL(NAME, ET, ES, NBI)                              \
    void shmem_##NAME(ET *dest, const ET *source, size_t nelems,              \
                      SHMEMI_SIGNAL_PARAMS)                                   \
    {                                                                         \
        shmemi_signal_put(__func__, SHMEM_CTX_DEFAULT, dest, source,          \
                          nelems * (ES), SHMEMI_SIGNAL_ARGS, NBI);            \
    }                                                                         \
    void shmem_ctx_##NAME(shmem_ctx_t ctx, ET *dest, const ET *source,        \
                          size_t nelems, SHMEMI_SIGNAL_PARAMS)                \
    {                                                                         \
        pe = shmemi_ctx_pe(__func__, ctx, pe);                                \
        shmemi_signal_put(__func__, ctx, dest, source, nelems * (ES),         \
                          SHMEMI_SIGNAL_ARGS, NBI);                           \
    }

#define SHMEMI_DEF_PUT_SIGNAL_TYPED(T, N)                                     \
    SHMEMI_DEF_PUT_SIGNAL(N##_put_signal, T, sizeof(T), 0)                    \
    SHMEMI_DEF_PUT_SIGNAL(N##_put_signal_nbi, T, sizeof(T), 1)
SHMEMI_RMA_TYPES(SHMEMI_DEF_PUT_SIGNAL_TYPED)

#define SHMEMI_DEF_PUT_SIGNAL_SIZED(B)                                        \
    SHMEMI_DEF_PUT_SIGNAL(put##B##_signal, void, B / 8, 0)                    \
    SHMEMI_DEF_PUT_SIGNAL(put##B##_signal_nbi, void, B / 8, 1)
SHMEMI_SIZES(SHMEMI_DEF_PUT_SIGNAL_SIZED)

SHMEMI_DEF_PUT_SIGNAL(putmem_signal, void, 1, 0)
SHMEMI_DEF_PUT_SIGNAL(putmem_signal_nbi, void, 1, 1)
