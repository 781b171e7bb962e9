/* shmem_wait_until and shmem_test (and the deprecated shmem_wait): the wait
 * set of one element. Also the argument checks shared by every wait set. */
#include <stdint.h>

#include <shmem.h>

#include "heap/heap.h"
#include "init/config.h"
#include "init/error.h"
#include "wait_set.h"

void shmemi_wait_check(const char *call, const void *ivars, size_t nelems, size_t size,
                       int cmp, const void *values, const size_t *indices,
                       int needs_indices)
{
    shmemi_require_init(call);
    if (cmp < SHMEM_CMP_EQ || cmp > SHMEM_CMP_LE)
        shmemi_fatal(call, "comparison %d is not one of SHMEM_CMP_EQ, _NE, "
                     "_GT, _GE, _LT or _LE", cmp);
    /* Programs poll with the test routines too: each call serves what
     * peers of other nodes need from this PE (ucx/ucx_sync.c says why). */
    if (shmemi_remote)
        shmemi_remote->progress();
    if (!shmemi_config.debug || nelems == 0)
        return;
    if (nelems > SIZE_MAX / size || !shmemi_symmetric(ivars, nelems * size))
        shmemi_fatal(call, "ivars %p (%zu elements) is not symmetric; other PEs "
                     "can only update memory from shmem_malloc and the program's "
                     "global and static variables", ivars, nelems);
    if (!values)
        shmemi_fatal(call, "cmp_values is NULL for %zu elements", nelems);
    if (needs_indices && !indices)
        shmemi_fatal(call, "indices is NULL; it needs room for %zu indices", nelems);
}

SHMEMI_P2P_TYPES(SHMEMI_WAIT_TEST_FN)

/* Checks the arguments, then declares the set s of the one element. */
#define SHMEMI_ONE(N, ivar, cmp, value)                                       \
    shmemi_wait_check(__func__, ivar, 1, sizeof *(ivar), cmp, value, NULL, 0); \
    const struct shmemi_wait_set s = {(const char *)(ivar), 1, sizeof *(ivar), \
                                      NULL, cmp, (const char *)(value), 0,    \
                                      shmemi_wait_test_##N}

#define SHMEMI_DEF_P2P(T, N)                                                  \
    int shmem_##N##_test(T *ivar, int cmp, T cmp_value)                       \
    {                                                                         \
        SHMEMI_ONE(N, ivar, cmp, &cmp_value);                                 \
        return shmemi_wait_test_all(&s);                                      \
    }                                                                         \
    void shmem_##N##_wait_until(T *ivar, int cmp, T cmp_value)                \
    {                                                                         \
        SHMEMI_ONE(N, ivar, cmp, &cmp_value);                                 \
        shmemi_wait_all(&s, NULL);                                            \
    }                                                                         \
    void shmem_##N##_wait(T *ivar, T cmp_value)                               \
    {                                                                         \
        SHMEMI_ONE(N, ivar, SHMEM_CMP_NE, &cmp_value);                        \
        shmemi_wait_all(&s, NULL);                                            \
    }
SHMEMI_P2P_TYPES(SHMEMI_DEF_P2P)

/* The deprecated untyped names, on long. (Both are also generic macros in
 * C11: the parentheses define the plain symbols.) */
void(shmem_wait)(long *ivar, long cmp_value)
{
    SHMEMI_ONE(long, ivar, SHMEM_CMP_NE, &cmp_value);
    shmemi_wait_all(&s, NULL);
}

void(shmem_wait_until)(long *ivar, int cmp, long cmp_value)
{
    SHMEMI_ONE(long, ivar, cmp, &cmp_value);
    shmemi_wait_all(&s, NULL);
}
