/* The signaling routines' declarations and constants (shmem/signal.h has
 * the area's summary): apart from the generic names, so that the device
 * half of the area, shmem/device/signal.h, can include them. shmem/signal.h
 * is these, the device definitions in CUDA sources, then the generic names
 * that call them. */
#ifndef SHMEM_SIGNAL_DECL_H
#define SHMEM_SIGNAL_DECL_H

#include <shmem/api.h>

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

#endif
