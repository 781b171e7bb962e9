/* The pre-1.4 AMO names that 1.5 still lists as deprecated: the same
 * operations as the shmem_TYPENAME_atomic_* routines, without contexts. */
#include <shmem.h>

#include "amo.h"

SHMEMI_AMO_DEPRECATED_EXTENDED_TYPES(SHMEMI_AMO_BITS)

#define SHMEMI_DEF_AMO_DEPRECATED(T, N)                                       \
    T shmem_##N##_cswap(T *dest, T cond, T value, int pe)                     \
    {                                                                         \
        return SHMEMI_AMO_TYPED(N, __func__, SHMEM_CTX_DEFAULT, SHMEMI_AMO_CSWAP, dest, value, \
                                cond, pe);                                    \
    }                                                                         \
    T shmem_##N##_finc(T *dest, int pe)                                       \
    {                                                                         \
        return SHMEMI_AMO_TYPED(N, __func__, SHMEM_CTX_DEFAULT, SHMEMI_AMO_ADD, dest, (T)1, \
                                (T)0, pe);                                    \
    }                                                                         \
    void shmem_##N##_inc(T *dest, int pe)                                     \
    {                                                                         \
        SHMEMI_AMO_TYPED_POST(N, __func__, SHMEM_CTX_DEFAULT, SHMEMI_AMO_ADD, dest, (T)1, pe); \
    }                                                                         \
    T shmem_##N##_fadd(T *dest, T value, int pe)                              \
    {                                                                         \
        return SHMEMI_AMO_TYPED(N, __func__, SHMEM_CTX_DEFAULT, SHMEMI_AMO_ADD, dest, value, \
                                (T)0, pe);                                    \
    }                                                                         \
    void shmem_##N##_add(T *dest, T value, int pe)                            \
    {                                                                         \
        SHMEMI_AMO_TYPED_POST(N, __func__, SHMEM_CTX_DEFAULT, SHMEMI_AMO_ADD, dest, value, pe); \
    }
SHMEMI_AMO_DEPRECATED_TYPES(SHMEMI_DEF_AMO_DEPRECATED)

#define SHMEMI_DEF_AMO_DEPRECATED_EXTENDED(T, N)                              \
    T shmem_##N##_fetch(const T *source, int pe)                              \
    {                                                                         \
        return SHMEMI_AMO_TYPED(N, __func__, SHMEM_CTX_DEFAULT, SHMEMI_AMO_FETCH, source, (T)0, \
                                (T)0, pe);                                    \
    }                                                                         \
    void shmem_##N##_set(T *dest, T value, int pe)                            \
    {                                                                         \
        SHMEMI_AMO_TYPED(N, __func__, SHMEM_CTX_DEFAULT, SHMEMI_AMO_SET, dest, value, (T)0, pe); \
    }                                                                         \
    T shmem_##N##_swap(T *dest, T value, int pe)                              \
    {                                                                         \
        return SHMEMI_AMO_TYPED(N, __func__, SHMEM_CTX_DEFAULT, SHMEMI_AMO_SWAP, dest, value, \
                                (T)0, pe);                                    \
    }
SHMEMI_AMO_DEPRECATED_EXTENDED_TYPES(SHMEMI_DEF_AMO_DEPRECATED_EXTENDED)

/* The parentheses keep the generic macro of the same name away. */
long(shmem_swap)(long *target, long value, int pe)
{
    return SHMEMI_AMO_TYPED(long, __func__, SHMEM_CTX_DEFAULT, SHMEMI_AMO_SWAP, target, value,
                            0L, pe);
}
