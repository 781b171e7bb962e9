/* The AMOs of the extended AMO table: fetch, set and swap, and the
 * non-blocking fetching forms. Floating-point values travel as the bits of
 * the same-size integer, so these are exact for every value, NaNs
 * included. */
#include <shmem.h>

#include "amo.h"

SHMEMI_AMO_EXTENDED_TYPES(SHMEMI_AMO_BITS)

#define SHMEMI_DEF_AMO_EXTENDED(T, N)                                         \
    SHMEMI_AMO_PAIR(T, N##_atomic_fetch, (const T *source),                   \
        return SHMEMI_AMO_TYPED(N, __func__, ctx, SHMEMI_AMO_FETCH, source, (T)0, \
                                (T)0, pe);)                                   \
    SHMEMI_AMO_PAIR(void, N##_atomic_set, (T * dest, T value),                \
        SHMEMI_AMO_TYPED(N, __func__, ctx, SHMEMI_AMO_SET, dest, value, (T)0, pe);) \
    SHMEMI_AMO_PAIR(T, N##_atomic_swap, (T * dest, T value),                  \
        return SHMEMI_AMO_TYPED(N, __func__, ctx, SHMEMI_AMO_SWAP, dest, value, \
                                (T)0, pe);)                                   \
    SHMEMI_AMO_PAIR(void, N##_atomic_fetch_nbi, (T * fetch, const T *source), \
        shmemi_amo_check_fetch(__func__, fetch);                              \
        *fetch = SHMEMI_AMO_TYPED(N, __func__, ctx, SHMEMI_AMO_FETCH, source, \
                                  (T)0, (T)0, pe);)                           \
    SHMEMI_AMO_PAIR(void, N##_atomic_swap_nbi, (T * fetch, T * dest, T value), \
        shmemi_amo_check_fetch(__func__, fetch);                              \
        *fetch = SHMEMI_AMO_TYPED(N, __func__, ctx, SHMEMI_AMO_SWAP, dest, value, \
                                  (T)0, pe);)
SHMEMI_AMO_EXTENDED_TYPES(SHMEMI_DEF_AMO_EXTENDED)
