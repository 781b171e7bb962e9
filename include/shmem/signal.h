/* Signaling operations (OpenSHMEM 1.5 section 9.9, with 1.6's
 * shmem_signal_add and shmem_signal_set): put-with-signal in its typed,
 * sized and mem forms, blocking and _nbi, with and without a context;
 * signal fetch, wait and remote update. A signal is a uint64_t; the update
 * of a put-with-signal becomes visible only after the data it signals. */
#ifndef SHMEM_SIGNAL_H
#define SHMEM_SIGNAL_H

#include <shmem/signal_decl.h>

#if defined(__CUDACC__)
#include <shmem/device/signal.h>
#endif

#if defined(__cplusplus)

#define SHMEMI_CXX_PUT_SIGNAL(T, N)                                           \
    SHMEMI_CXX_HD static inline void shmem_put_signal(T *d, const T *s, size_t n, \
                                        uint64_t *sig, uint64_t v, int op,    \
                                        int pe)                               \
    { shmem_##N##_put_signal(d, s, n, sig, v, op, pe); }                      \
    static inline void shmem_put_signal(shmem_ctx_t c, T *d, const T *s,      \
                                        size_t n, uint64_t *sig, uint64_t v,  \
                                        int op, int pe)                       \
    { shmem_ctx_##N##_put_signal(c, d, s, n, sig, v, op, pe); }               \
    SHMEMI_CXX_HD static inline void shmem_put_signal_nbi(T *d, const T *s, size_t n, \
                                            uint64_t *sig, uint64_t v,        \
                                            int op, int pe)                   \
    { shmem_##N##_put_signal_nbi(d, s, n, sig, v, op, pe); }                  \
    static inline void shmem_put_signal_nbi(shmem_ctx_t c, T *d, const T *s,  \
                                            size_t n, uint64_t *sig,          \
                                            uint64_t v, int op, int pe)       \
    { shmem_ctx_##N##_put_signal_nbi(c, d, s, n, sig, v, op, pe); }
SHMEMI_RMA_GENERIC_TYPES(SHMEMI_CXX_PUT_SIGNAL)
#undef SHMEMI_CXX_PUT_SIGNAL

#elif defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L

#define SHMEMI_A_put_signal(T, N) T: shmem_##N##_put_signal,
#define SHMEMI_A_ctx_put_signal(T, N) T: shmem_ctx_##N##_put_signal,
#define SHMEMI_A_put_signal_nbi(T, N) T: shmem_##N##_put_signal_nbi,
#define SHMEMI_A_ctx_put_signal_nbi(T, N) T: shmem_ctx_##N##_put_signal_nbi,

#define shmem_put_signal(...) SHMEMI_BY_NARG(shmemi_put_signal, __VA_ARGS__)
#define shmemi_put_signal_7(d, ...) SHMEMI_SELECT(put_signal, d)(d, __VA_ARGS__)
#define shmemi_put_signal_8(c, d, ...)                                        \
    SHMEMI_SELECT(ctx_put_signal, d)(c, d, __VA_ARGS__)
#define shmem_put_signal_nbi(...) SHMEMI_BY_NARG(shmemi_put_signal_nbi, __VA_ARGS__)
#define shmemi_put_signal_nbi_7(d, ...) SHMEMI_SELECT(put_signal_nbi, d)(d, __VA_ARGS__)
#define shmemi_put_signal_nbi_8(c, d, ...)                                    \
    SHMEMI_SELECT(ctx_put_signal_nbi, d)(c, d, __VA_ARGS__)

#endif

#endif
