/* Point-to-point synchronization over arrays of ivars (OpenSHMEM 1.5
 * section 9.10): wait_until_all/_any/_some, test_all/_any/_some and their
 * _vector forms, the deprecated shmem_wait, and the generic names.
 * (shmem_wait_until and shmem_test are declared in shmem/api.h.)
 *
 * A status array, when not NULL, excludes element i where status[i] is
 * nonzero. _any returns the index of a satisfied element, SIZE_MAX when
 * none (or the set is empty); _some fills indices and returns the count, 0
 * when none; test_all returns 1 when every element of the set (an empty one
 * included) is satisfied. */
#ifndef SHMEM_P2P_H
#define SHMEM_P2P_H

#include <shmem/p2p_decl.h>

#if defined(__CUDACC__)
#include <shmem/device/p2p_sets.h>
#endif

#if defined(__cplusplus)

#define SHMEMI_CXX_P2P_FORM(T, N, SUF, VT)                                    \
    SHMEMI_CXX_HD static inline void shmem_wait_until_all##SUF(T *v, size_t n,              \
                                                 const int *st, int cmp, VT x) \
    { shmem_##N##_wait_until_all##SUF(v, n, st, cmp, x); }                    \
    SHMEMI_CXX_HD static inline size_t shmem_wait_until_any##SUF(T *v, size_t n,            \
                                                   const int *st, int cmp,    \
                                                   VT x)                      \
    { return shmem_##N##_wait_until_any##SUF(v, n, st, cmp, x); }             \
    SHMEMI_CXX_HD static inline size_t shmem_wait_until_some##SUF(T *v, size_t n,           \
                                                    size_t *idx,              \
                                                    const int *st, int cmp,   \
                                                    VT x)                     \
    { return shmem_##N##_wait_until_some##SUF(v, n, idx, st, cmp, x); }       \
    SHMEMI_CXX_HD static inline int shmem_test_all##SUF(T *v, size_t n, const int *st,      \
                                          int cmp, VT x)                      \
    { return shmem_##N##_test_all##SUF(v, n, st, cmp, x); }                   \
    SHMEMI_CXX_HD static inline size_t shmem_test_any##SUF(T *v, size_t n, const int *st,   \
                                             int cmp, VT x)                   \
    { return shmem_##N##_test_any##SUF(v, n, st, cmp, x); }                   \
    SHMEMI_CXX_HD static inline size_t shmem_test_some##SUF(T *v, size_t n, size_t *idx,    \
                                              const int *st, int cmp, VT x)   \
    { return shmem_##N##_test_some##SUF(v, n, idx, st, cmp, x); }
#define SHMEMI_CXX_P2P_SETS(T, N)                                             \
    SHMEMI_CXX_P2P_FORM(T, N, , T)                                            \
    SHMEMI_CXX_P2P_FORM(T, N, _vector, T *)                                   \
    static inline void shmem_wait(T *v, T x) { shmem_##N##_wait(v, x); }
SHMEMI_P2P_GENERIC_TYPES(SHMEMI_CXX_P2P_SETS)
#undef SHMEMI_CXX_P2P_SETS
#undef SHMEMI_CXX_P2P_FORM

#elif defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L

#define SHMEMI_A_wait_until_all(T, N) T: shmem_##N##_wait_until_all,
#define SHMEMI_A_wait_until_any(T, N) T: shmem_##N##_wait_until_any,
#define SHMEMI_A_wait_until_some(T, N) T: shmem_##N##_wait_until_some,
#define SHMEMI_A_test_all(T, N) T: shmem_##N##_test_all,
#define SHMEMI_A_test_any(T, N) T: shmem_##N##_test_any,
#define SHMEMI_A_test_some(T, N) T: shmem_##N##_test_some,
#define SHMEMI_A_wait_until_all_vector(T, N) T: shmem_##N##_wait_until_all_vector,
#define SHMEMI_A_wait_until_any_vector(T, N) T: shmem_##N##_wait_until_any_vector,
#define SHMEMI_A_wait_until_some_vector(T, N) T: shmem_##N##_wait_until_some_vector,
#define SHMEMI_A_test_all_vector(T, N) T: shmem_##N##_test_all_vector,
#define SHMEMI_A_test_any_vector(T, N) T: shmem_##N##_test_any_vector,
#define SHMEMI_A_test_some_vector(T, N) T: shmem_##N##_test_some_vector,
#define SHMEMI_A_dep_wait(T, N) T: shmem_##N##_wait,

#define shmem_wait_until_all(v, ...) SHMEMI_SELECT_P2P(wait_until_all, v)(v, __VA_ARGS__)
#define shmem_wait_until_any(v, ...) SHMEMI_SELECT_P2P(wait_until_any, v)(v, __VA_ARGS__)
#define shmem_wait_until_some(v, ...) SHMEMI_SELECT_P2P(wait_until_some, v)(v, __VA_ARGS__)
#define shmem_test_all(v, ...) SHMEMI_SELECT_P2P(test_all, v)(v, __VA_ARGS__)
#define shmem_test_any(v, ...) SHMEMI_SELECT_P2P(test_any, v)(v, __VA_ARGS__)
#define shmem_test_some(v, ...) SHMEMI_SELECT_P2P(test_some, v)(v, __VA_ARGS__)
#define shmem_wait_until_all_vector(v, ...)                                   \
    SHMEMI_SELECT_P2P(wait_until_all_vector, v)(v, __VA_ARGS__)
#define shmem_wait_until_any_vector(v, ...)                                   \
    SHMEMI_SELECT_P2P(wait_until_any_vector, v)(v, __VA_ARGS__)
#define shmem_wait_until_some_vector(v, ...)                                  \
    SHMEMI_SELECT_P2P(wait_until_some_vector, v)(v, __VA_ARGS__)
#define shmem_test_all_vector(v, ...) SHMEMI_SELECT_P2P(test_all_vector, v)(v, __VA_ARGS__)
#define shmem_test_any_vector(v, ...) SHMEMI_SELECT_P2P(test_any_vector, v)(v, __VA_ARGS__)
#define shmem_test_some_vector(v, ...)                                        \
    SHMEMI_SELECT_P2P(test_some_vector, v)(v, __VA_ARGS__)
#define shmem_wait(v, ...) SHMEMI_SELECT_P2P(dep_wait, v)(v, __VA_ARGS__)

#endif

#endif
