/* The point-to-point routines over arrays of ivars: wait_until_all, _any,
 * _some and test_all, _any, _some, each with one comparison value or
 * (_vector) one per element. */
#include <stdint.h>

#include <shmem.h>

#include "wait_set.h"

SHMEMI_P2P_TYPES(SHMEMI_WAIT_TEST_FN)

/* Where this thread's next _any search starts: just past the element the
 * last one returned, so that repeated calls on one array visit every
 * satisfied element, as the specification requires of test_any. */
static _Thread_local size_t any_next;

/* Checks the arguments, then declares the set s. */
#define SHMEMI_SET(N, ivars, nelems, status, cmp, values, stride, indices,    \
                   needs_indices)                                             \
    shmemi_wait_check(__func__, ivars, nelems, sizeof *(ivars), cmp, values,  \
                      indices, needs_indices);                                \
    const struct shmemi_wait_set s = {(const char *)(ivars), nelems,          \
                                      sizeof *(ivars), status, cmp,           \
                                      (const char *)(values), stride,         \
                                      shmemi_wait_test_##N}

/* The six routines of one form: SUF is empty with a single value V (passed
 * as &V), or _vector with an array of values. */
#define SHMEMI_DEF_P2P_FORM(T, N, SUF, VT, VALUES, STRIDE)                    \
    void shmem_##N##_wait_until_all##SUF(T *ivars, size_t nelems,             \
                                         const int *status, int cmp, VT v)    \
    {                                                                         \
        SHMEMI_SET(N, ivars, nelems, status, cmp, VALUES, STRIDE, NULL, 0);   \
        shmemi_wait_all(&s, NULL);                                            \
    }                                                                         \
    size_t shmem_##N##_wait_until_any##SUF(T *ivars, size_t nelems,           \
                                           const int *status, int cmp, VT v)  \
    {                                                                         \
        SHMEMI_SET(N, ivars, nelems, status, cmp, VALUES, STRIDE, NULL, 0);   \
        return shmemi_wait_any(&s, &any_next);                                \
    }                                                                         \
    size_t shmem_##N##_wait_until_some##SUF(T *ivars, size_t nelems,          \
                                            size_t *indices,                  \
                                            const int *status, int cmp, VT v) \
    {                                                                         \
        SHMEMI_SET(N, ivars, nelems, status, cmp, VALUES, STRIDE, indices, 1); \
        return shmemi_wait_some(&s, indices);                                 \
    }                                                                         \
    int shmem_##N##_test_all##SUF(T *ivars, size_t nelems, const int *status, \
                                  int cmp, VT v)                              \
    {                                                                         \
        SHMEMI_SET(N, ivars, nelems, status, cmp, VALUES, STRIDE, NULL, 0);   \
        return shmemi_wait_test_all(&s);                                      \
    }                                                                         \
    size_t shmem_##N##_test_any##SUF(T *ivars, size_t nelems,                 \
                                     const int *status, int cmp, VT v)        \
    {                                                                         \
        SHMEMI_SET(N, ivars, nelems, status, cmp, VALUES, STRIDE, NULL, 0);   \
        return shmemi_wait_find_any(&s, &any_next);                           \
    }                                                                         \
    size_t shmem_##N##_test_some##SUF(T *ivars, size_t nelems,                \
                                      size_t *indices, const int *status,     \
                                      int cmp, VT v)                          \
    {                                                                         \
        SHMEMI_SET(N, ivars, nelems, status, cmp, VALUES, STRIDE, indices, 1); \
        return shmemi_wait_find_some(&s, indices);                            \
    }

#define SHMEMI_DEF_P2P_SETS(T, N)                                             \
    SHMEMI_DEF_P2P_FORM(T, N, , T, &v, 0)                                     \
    SHMEMI_DEF_P2P_FORM(T, N, _vector, T *, v, sizeof(T))
SHMEMI_P2P_TYPES(SHMEMI_DEF_P2P_SETS)
