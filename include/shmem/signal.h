/* Signaling operations (OpenSHMEM 1.5 section 9.9, with 1.6's
 * shmem_signal_add and shmem_signal_set): put-with-signal in its typed,
 * sized and mem forms, blocking and _nbi, with and without a context;
 * signal fetch, wait and remote update. A signal is a uint64_t; the update
 * of a put-with-signal becomes visible only after the data it signals. */
#ifndef SHMEM_SIGNAL_H
#define SHMEM_SIGNAL_H

#ifdef __cplusplus
extern "C" {
#endif

#define SHMEM_SIGNAL_SET 0
#define SHMEM_SIGNAL_ADD 1

#define SHMEMI_SIGNAL_PARAMS uint64_t *sig_addr, uint64_t signal, int sig_op, int pe

#define SHMEMI_DECL_PUT_SIGNAL(T, N)                                          \
    void SHMEMI_NAME(_##N##_put_signal)(T *dest, const T *source,             \
                                        size_t nelems, SHMEMI_SIGNAL_PARAMS)  \
        SHMEMI_SYMBOL(_##N##_put_signal);                                     \
    void shmem_ctx_##N##_put_signal(shmem_ctx_t ctx, T *dest,                 \
                                    const T *source, size_t nelems,           \
                                    SHMEMI_SIGNAL_PARAMS);                    \
    void SHMEMI_NAME(_##N##_put_signal_nbi)(T *dest, const T *source,         \
                                            size_t nelems,                    \
                                            SHMEMI_SIGNAL_PARAMS)             \
        SHMEMI_SYMBOL(_##N##_put_signal_nbi);                                 \
    void shmem_ctx_##N##_put_signal_nbi(shmem_ctx_t ctx, T *dest,             \
                                        const T *source, size_t nelems,       \
                                        SHMEMI_SIGNAL_PARAMS);
SHMEMI_RMA_TYPES(SHMEMI_DECL_PUT_SIGNAL)
#undef SHMEMI_DECL_PUT_SIGNAL

#define SHMEMI_DECL_PUT_SIGNAL_SIZED(NAME)                                    \
    void SHMEMI_NAME(_##NAME##_signal)(void *dest, const void *source,        \
                                       size_t nelems, SHMEMI_SIGNAL_PARAMS)   \
        SHMEMI_SYMBOL(_##NAME##_signal);                                      \
    void shmem_ctx_##NAME##_signal(shmem_ctx_t ctx, void *dest,               \
                                   const void *source, size_t nelems,         \
                                   SHMEMI_SIGNAL_PARAMS);                     \
    void SHMEMI_NAME(_##NAME##_signal_nbi)(void *dest, const void *source,    \
                                           size_t nelems,                     \
                                           SHMEMI_SIGNAL_PARAMS)              \
        SHMEMI_SYMBOL(_##NAME##_signal_nbi);                                  \
    void shmem_ctx_##NAME##_signal_nbi(shmem_ctx_t ctx, void *dest,           \
                                       const void *source, size_t nelems,     \
                                       SHMEMI_SIGNAL_PARAMS);
#define SHMEMI_DECL_PUT_SIGNAL_BITS(B) SHMEMI_DECL_PUT_SIGNAL_SIZED(put##B)
SHMEMI_SIZES(SHMEMI_DECL_PUT_SIGNAL_BITS)
SHMEMI_DECL_PUT_SIGNAL_SIZED(putmem)
#undef SHMEMI_DECL_PUT_SIGNAL_BITS
#undef SHMEMI_DECL_PUT_SIGNAL_SIZED
#undef SHMEMI_SIGNAL_PARAMS

uint64_t SHMEMI_NAME(_signal_fetch)(const uint64_t *sig_addr)
    SHMEMI_SYMBOL(_signal_fetch);
uint64_t SHMEMI_NAME(_signal_wait_until)(uint64_t *sig_addr, int cmp, uint64_t cmp_value)
    SHMEMI_SYMBOL(_signal_wait_until);
void SHMEMI_NAME(_signal_add)(uint64_t *sig_addr, uint64_t signal, int pe)
    SHMEMI_SYMBOL(_signal_add);
void shmem_ctx_signal_add(shmem_ctx_t ctx, uint64_t *sig_addr, uint64_t signal, int pe);
void SHMEMI_NAME(_signal_set)(uint64_t *sig_addr, uint64_t signal, int pe)
    SHMEMI_SYMBOL(_signal_set);
void shmem_ctx_signal_set(shmem_ctx_t ctx, uint64_t *sig_addr, uint64_t signal, int pe);

#ifdef __cplusplus
}
#endif

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
