/* The AMO routines' declarations (shmem/amo.h has the area's summary):
 * apart from the generic names, so that the device half of the area,
 * shmem/device/amo.h, can include them. shmem/amo.h is these, the device
 * definitions in CUDA sources, then the generic names that call them. */
#ifndef SHMEM_AMO_DECL_H
#define SHMEM_AMO_DECL_H

#include <shmem/api.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Declares shmem_ctx_NAME(ctx, params..., pe) and shmem_NAME(params..., pe);
 * kernels can call the latter (see SHMEMI_API in shmem/api.h). */
#define SHMEMI_DECL_AMO(RET, NAME, ...)                                       \
    RET shmem_ctx_##NAME(shmem_ctx_t ctx, __VA_ARGS__, int pe);               \
    RET SHMEMI_NAME(_##NAME)(__VA_ARGS__, int pe) SHMEMI_SYMBOL(_##NAME);

#define SHMEMI_DECL_AMO_STANDARD(T, N)                                        \
    SHMEMI_DECL_AMO(T, N##_atomic_compare_swap, T *dest, T cond, T value)     \
    SHMEMI_DECL_AMO(T, N##_atomic_fetch_inc, T *dest)                         \
    SHMEMI_DECL_AMO(void, N##_atomic_inc, T *dest)                            \
    SHMEMI_DECL_AMO(T, N##_atomic_fetch_add, T *dest, T value)                \
    SHMEMI_DECL_AMO(void, N##_atomic_add, T *dest, T value)                   \
    SHMEMI_DECL_AMO(void, N##_atomic_compare_swap_nbi, T *fetch, T *dest,     \
                    T cond, T value)                                          \
    SHMEMI_DECL_AMO(void, N##_atomic_fetch_inc_nbi, T *fetch, T *dest)        \
    SHMEMI_DECL_AMO(void, N##_atomic_fetch_add_nbi, T *fetch, T *dest,        \
                    T value)
SHMEMI_AMO_STANDARD_TYPES(SHMEMI_DECL_AMO_STANDARD)
#undef SHMEMI_DECL_AMO_STANDARD

#define SHMEMI_DECL_AMO_EXTENDED(T, N)                                        \
    SHMEMI_DECL_AMO(T, N##_atomic_fetch, const T *source)                     \
    SHMEMI_DECL_AMO(void, N##_atomic_set, T *dest, T value)                   \
    SHMEMI_DECL_AMO(T, N##_atomic_swap, T *dest, T value)                     \
    SHMEMI_DECL_AMO(void, N##_atomic_fetch_nbi, T *fetch, const T *source)    \
    SHMEMI_DECL_AMO(void, N##_atomic_swap_nbi, T *fetch, T *dest, T value)
SHMEMI_AMO_EXTENDED_TYPES(SHMEMI_DECL_AMO_EXTENDED)
#undef SHMEMI_DECL_AMO_EXTENDED

#define SHMEMI_DECL_AMO_BITWISE(T, N)                                         \
    SHMEMI_DECL_AMO(T, N##_atomic_fetch_and, T *dest, T value)                \
    SHMEMI_DECL_AMO(void, N##_atomic_and, T *dest, T value)                   \
    SHMEMI_DECL_AMO(T, N##_atomic_fetch_or, T *dest, T value)                 \
    SHMEMI_DECL_AMO(void, N##_atomic_or, T *dest, T value)                    \
    SHMEMI_DECL_AMO(T, N##_atomic_fetch_xor, T *dest, T value)                \
    SHMEMI_DECL_AMO(void, N##_atomic_xor, T *dest, T value)                   \
    SHMEMI_DECL_AMO(void, N##_atomic_fetch_and_nbi, T *fetch, T *dest,        \
                    T value)                                                  \
    SHMEMI_DECL_AMO(void, N##_atomic_fetch_or_nbi, T *fetch, T *dest,         \
                    T value)                                                  \
    SHMEMI_DECL_AMO(void, N##_atomic_fetch_xor_nbi, T *fetch, T *dest,        \
                    T value)
SHMEMI_AMO_BITWISE_TYPES(SHMEMI_DECL_AMO_BITWISE)
#undef SHMEMI_DECL_AMO_BITWISE
#undef SHMEMI_DECL_AMO

/* Deprecated since 1.4: the same operations under their old names. */
#define SHMEMI_DECL_AMO_DEPRECATED(T, N)                                      \
    T shmem_##N##_cswap(T *dest, T cond, T value, int pe);                    \
    T shmem_##N##_finc(T *dest, int pe);                                      \
    void shmem_##N##_inc(T *dest, int pe);                                    \
    T shmem_##N##_fadd(T *dest, T value, int pe);                             \
    void shmem_##N##_add(T *dest, T value, int pe);
SHMEMI_AMO_DEPRECATED_TYPES(SHMEMI_DECL_AMO_DEPRECATED)
#undef SHMEMI_DECL_AMO_DEPRECATED
#define SHMEMI_DECL_AMO_DEPRECATED_EXTENDED(T, N)                             \
    T shmem_##N##_fetch(const T *source, int pe);                             \
    void shmem_##N##_set(T *dest, T value, int pe);                           \
    T shmem_##N##_swap(T *dest, T value, int pe);
SHMEMI_AMO_DEPRECATED_EXTENDED_TYPES(SHMEMI_DECL_AMO_DEPRECATED_EXTENDED)
#undef SHMEMI_DECL_AMO_DEPRECATED_EXTENDED
#ifndef __cplusplus
/* OpenSHMEM 1.0-1.2's untyped swap of a long. Where C11 has _Generic, the
 * generic shmem_swap below takes the name (and picks this for a long);
 * C++ has an overload per type instead. */
long shmem_swap(long *target, long value, int pe);
#endif

#ifdef __cplusplus
}
#endif

#endif
