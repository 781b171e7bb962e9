/* The declarations of the point-to-point routines over sets of ivars
 * (shmem/p2p.h has the area's summary): apart from the generic names, so
 * that the device half of the area, shmem/device/p2p_sets.h, can include
 * them. shmem/p2p.h is these, the device definitions in CUDA sources, then
 * the generic names that call them. */
#ifndef SHMEM_P2P_DECL_H
#define SHMEM_P2P_DECL_H

#include <shmem/api.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SHMEMI_DECL_P2P_FORM(T, N, SUF, VT)                                   \
    void SHMEMI_NAME(_##N##_wait_until_all##SUF)(T *ivars, size_t nelems,     \
                                                 const int *status, int cmp,  \
                                                 VT)                          \
        SHMEMI_SYMBOL(_##N##_wait_until_all##SUF);                            \
    size_t SHMEMI_NAME(_##N##_wait_until_any##SUF)(T *ivars, size_t nelems,   \
                                                   const int *status,         \
                                                   int cmp, VT)               \
        SHMEMI_SYMBOL(_##N##_wait_until_any##SUF);                            \
    size_t SHMEMI_NAME(_##N##_wait_until_some##SUF)(T *ivars, size_t nelems,  \
                                                    size_t *indices,          \
                                                    const int *status,        \
                                                    int cmp, VT)              \
        SHMEMI_SYMBOL(_##N##_wait_until_some##SUF);                           \
    int SHMEMI_NAME(_##N##_test_all##SUF)(T *ivars, size_t nelems,            \
                                          const int *status, int cmp, VT)     \
        SHMEMI_SYMBOL(_##N##_test_all##SUF);                                  \
    size_t SHMEMI_NAME(_##N##_test_any##SUF)(T *ivars, size_t nelems,         \
                                             const int *status, int cmp, VT)  \
        SHMEMI_SYMBOL(_##N##_test_any##SUF);                                  \
    size_t SHMEMI_NAME(_##N##_test_some##SUF)(T *ivars, size_t nelems,        \
                                              size_t *indices,                \
                                              const int *status, int cmp, VT) \
        SHMEMI_SYMBOL(_##N##_test_some##SUF);
#define SHMEMI_DECL_P2P_SETS(T, N)                                            \
    SHMEMI_DECL_P2P_FORM(T, N, , T cmp_value)                                 \
    SHMEMI_DECL_P2P_FORM(T, N, _vector, T *cmp_values)                        \
    void shmem_##N##_wait(T *ivar, T cmp_value);
SHMEMI_P2P_TYPES(SHMEMI_DECL_P2P_SETS)
#undef SHMEMI_DECL_P2P_SETS
#undef SHMEMI_DECL_P2P_FORM

#ifdef __cplusplus
}
#endif

#endif
