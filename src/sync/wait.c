/* shmem_wait_until and shmem_test for the point-to-point types. */
#include <stdint.h>

#include <shmem.h>

#include "../heap/heap.h"
#include "../init/config.h"
#include "../init/error.h"
#include "spin.h"

static int bad_cmp(const char *call, int cmp)
{
    shmemi_fatal(call, "comparison %d is not one of SHMEM_CMP_EQ, _NE, _GT, "
                 "_GE, _LT or _LE", cmp);
}

static void check_ivar(const char *call, const void *ivar, size_t size)
{
    shmemi_require_init(call);
    if (shmemi_config.debug && !shmemi_heap_contains(ivar, size))
        shmemi_fatal(call, "ivar %p is not in the symmetric heap; other PEs "
                     "can only update memory from shmem_malloc", ivar);
}

#define SHMEMI_CMP(a, cmp, b, call)                                           \
    ((cmp) == SHMEM_CMP_EQ   ? (a) == (b)                                     \
     : (cmp) == SHMEM_CMP_NE ? (a) != (b)                                     \
     : (cmp) == SHMEM_CMP_GT ? (a) > (b)                                      \
     : (cmp) == SHMEM_CMP_GE ? (a) >= (b)                                     \
     : (cmp) == SHMEM_CMP_LT ? (a) < (b)                                      \
     : (cmp) == SHMEM_CMP_LE ? (a) <= (b)                                     \
                             : bad_cmp(call, cmp))

#define SHMEMI_DEF_P2P(T, N)                                                  \
    int shmem_##N##_test(T *ivar, int cmp, T value)                           \
    {                                                                         \
        check_ivar(__func__, ivar, sizeof(T));                                \
        T now = __atomic_load_n(ivar, __ATOMIC_ACQUIRE);                      \
        return SHMEMI_CMP(now, cmp, value, __func__);                         \
    }                                                                         \
    void shmem_##N##_wait_until(T *ivar, int cmp, T value)                    \
    {                                                                         \
        check_ivar(__func__, ivar, sizeof(T));                                \
        size_t polls = 0;                                                     \
        for (;;) {                                                            \
            T now = __atomic_load_n(ivar, __ATOMIC_ACQUIRE);                  \
            if (SHMEMI_CMP(now, cmp, value, __func__))                        \
                return;                                                       \
            shmemi_spin_step(&polls);                                         \
        }                                                                     \
    }
SHMEMI_P2P_TYPES(SHMEMI_DEF_P2P)
