/* Device wait_until and test over sets of ivars (the _all, _any, _some and
 * _vector forms), on shmemi_dev_wait_set. */
#ifndef SHMEM_DEVICE_P2P_SETS_H
#define SHMEM_DEVICE_P2P_SETS_H

#include <stddef.h>

#include <shmem/p2p_decl.h>
#include <shmem/types.h>
#include <shmem/device/core.h>
#include <shmem/device/p2p.h>

/* The set of one routine: VALUES is the address of its comparison value(s). */
#define SHMEMI_DEV_SET(T, VALUES, PER)                                        \
    shmemi_dev_wait_set<T>{ivars, nelems, status, cmp, VALUES, PER}

#define SHMEMI_DEVICE_P2P_FORM(T, N, SUF, VT, VALUES, PER)                    \
    SHMEMI_HD void shmem_##N##_wait_until_all##SUF(T *ivars, size_t nelems,   \
                                                   const int *status, int cmp, VT) \
    {                                                                         \
        SHMEMI_BOTH(shmemi_host_##N##_wait_until_all##SUF(ivars, nelems, status, cmp, VALUES##_ARG), \
                    SHMEMI_DEV_SET(T, VALUES, PER).wait_all());               \
    }                                                                         \
    SHMEMI_HD size_t shmem_##N##_wait_until_any##SUF(T *ivars, size_t nelems, \
                                                     const int *status, int cmp, VT) \
    {                                                                         \
        SHMEMI_BOTH(return shmemi_host_##N##_wait_until_any##SUF(ivars, nelems, status, cmp, \
                                                            VALUES##_ARG),    \
                    return SHMEMI_DEV_SET(T, VALUES, PER).wait_any());        \
    }                                                                         \
    SHMEMI_HD size_t shmem_##N##_wait_until_some##SUF(T *ivars, size_t nelems, \
                                                      size_t *indices,        \
                                                      const int *status, int cmp, VT) \
    {                                                                         \
        SHMEMI_BOTH(return shmemi_host_##N##_wait_until_some##SUF(ivars, nelems, indices, \
                                                             status, cmp, VALUES##_ARG), \
                    return SHMEMI_DEV_SET(T, VALUES, PER).wait_some(indices)); \
    }                                                                         \
    SHMEMI_HD int shmem_##N##_test_all##SUF(T *ivars, size_t nelems,          \
                                            const int *status, int cmp, VT)   \
    {                                                                         \
        SHMEMI_BOTH(return shmemi_host_##N##_test_all##SUF(ivars, nelems, status, cmp, \
                                                      VALUES##_ARG),          \
                    return SHMEMI_DEV_SET(T, VALUES, PER).test_all());        \
    }                                                                         \
    SHMEMI_HD size_t shmem_##N##_test_any##SUF(T *ivars, size_t nelems,       \
                                               const int *status, int cmp, VT) \
    {                                                                         \
        SHMEMI_BOTH(return shmemi_host_##N##_test_any##SUF(ivars, nelems, status, cmp, \
                                                      VALUES##_ARG),          \
                    return SHMEMI_DEV_SET(T, VALUES, PER).test_any());        \
    }                                                                         \
    SHMEMI_HD size_t shmem_##N##_test_some##SUF(T *ivars, size_t nelems,      \
                                                size_t *indices,              \
                                                const int *status, int cmp, VT) \
    {                                                                         \
        SHMEMI_BOTH(return shmemi_host_##N##_test_some##SUF(ivars, nelems, indices, status, \
                                                       cmp, VALUES##_ARG),    \
                    return SHMEMI_DEV_SET(T, VALUES, PER).test_some(indices)); \
    }

/* The one-value forms pass &cmp_value, the vector forms cmp_values. */
#define SHMEMI_DEV_ONE_ARG cmp_value
#define SHMEMI_DEV_VEC_ARG cmp_values
#define SHMEMI_DEV_ONE &cmp_value
#define SHMEMI_DEV_VEC cmp_values

#define SHMEMI_DEVICE_P2P_SETS(T, N)                                          \
    SHMEMI_DEVICE_P2P_FORM(T, N, , T cmp_value, SHMEMI_DEV_ONE, 0)            \
    SHMEMI_DEVICE_P2P_FORM(T, N, _vector, T *cmp_values, SHMEMI_DEV_VEC, 1)
SHMEMI_P2P_TYPES(SHMEMI_DEVICE_P2P_SETS)
#undef SHMEMI_DEVICE_P2P_SETS
#undef SHMEMI_DEVICE_P2P_FORM
#undef SHMEMI_DEV_SET

#endif
