/* The AMOs of the bitwise AMO table: and, or and xor, fetching or not, and
 * the non-blocking fetching forms. */
#include <shmem.h>

#include "amo.h"

SHMEMI_AMO_BITWISE_TYPES(SHMEMI_AMO_BITS)

#define SHMEMI_DEF_AMO_BIT_OP(T, N, OP, AMO)                                  \
    SHMEMI_AMO_PAIR(T, N##_atomic_fetch_##OP, (T * dest, T value),            \
        return SHMEMI_AMO_TYPED(N, __func__, ctx, AMO, dest, value, (T)0, pe);) \
    SHMEMI_AMO_PAIR(void, N##_atomic_##OP, (T * dest, T value),               \
        SHMEMI_AMO_TYPED_POST(N, __func__, ctx, AMO, dest, value, pe);)       \
    SHMEMI_AMO_PAIR(void, N##_atomic_fetch_##OP##_nbi,                        \
                    (T * fetch, T * dest, T value),                           \
        shmemi_amo_check_fetch(__func__, fetch);                              \
        *fetch = SHMEMI_AMO_TYPED(N, __func__, ctx, AMO, dest, value, (T)0, pe);)
#define SHMEMI_DEF_AMO_BITWISE(T, N)                                          \
    SHMEMI_DEF_AMO_BIT_OP(T, N, and, SHMEMI_AMO_AND)                          \
    SHMEMI_DEF_AMO_BIT_OP(T, N, or, SHMEMI_AMO_OR)                            \
    SHMEMI_DEF_AMO_BIT_OP(T, N, xor, SHMEMI_AMO_XOR)
SHMEMI_AMO_BITWISE_TYPES(SHMEMI_DEF_AMO_BITWISE)
