/* The AMOs of the standard AMO table: compare_swap, fetch_inc, inc,
 * fetch_add and add, and the non-blocking fetching forms. Between PEs of a
 * node a non-blocking AMO completes at once, its fetched value included,
 * which the specification allows. */
#include <shmem.h>

#include "amo.h"

SHMEMI_AMO_STANDARD_TYPES(SHMEMI_AMO_BITS)

#define SHMEMI_DEF_AMO_STANDARD(T, N)                                         \
    SHMEMI_AMO_PAIR(T, N##_atomic_compare_swap, (T * dest, T cond, T value),  \
        return SHMEMI_AMO_TYPED(N, __func__, ctx, SHMEMI_AMO_CSWAP, dest, value, \
                                cond, pe);)                                   \
    SHMEMI_AMO_PAIR(T, N##_atomic_fetch_inc, (T * dest),                      \
        return SHMEMI_AMO_TYPED(N, __func__, ctx, SHMEMI_AMO_ADD, dest, (T)1, \
                                (T)0, pe);)                                   \
    SHMEMI_AMO_PAIR(void, N##_atomic_inc, (T * dest),                         \
        SHMEMI_AMO_TYPED_POST(N, __func__, ctx, SHMEMI_AMO_ADD, dest, (T)1, pe);) \
    SHMEMI_AMO_PAIR(T, N##_atomic_fetch_add, (T * dest, T value),             \
        return SHMEMI_AMO_TYPED(N, __func__, ctx, SHMEMI_AMO_ADD, dest, value, \
                                (T)0, pe);)                                   \
    SHMEMI_AMO_PAIR(void, N##_atomic_add, (T * dest, T value),                \
        SHMEMI_AMO_TYPED_POST(N, __func__, ctx, SHMEMI_AMO_ADD, dest, value, pe);) \
    SHMEMI_AMO_PAIR(void, N##_atomic_compare_swap_nbi,                        \
                    (T * fetch, T * dest, T cond, T value),                   \
        shmemi_amo_check_fetch(__func__, fetch);                              \
        *fetch = SHMEMI_AMO_TYPED(N, __func__, ctx, SHMEMI_AMO_CSWAP, dest, value, \
                                  cond, pe);)                                 \
    SHMEMI_AMO_PAIR(void, N##_atomic_fetch_inc_nbi, (T * fetch, T * dest),    \
        shmemi_amo_check_fetch(__func__, fetch);                              \
        *fetch = SHMEMI_AMO_TYPED(N, __func__, ctx, SHMEMI_AMO_ADD, dest, (T)1, \
                                  (T)0, pe);)                                 \
    SHMEMI_AMO_PAIR(void, N##_atomic_fetch_add_nbi,                           \
                    (T * fetch, T * dest, T value),                           \
        shmemi_amo_check_fetch(__func__, fetch);                              \
        *fetch = SHMEMI_AMO_TYPED(N, __func__, ctx, SHMEMI_AMO_ADD, dest, value, \
                                  (T)0, pe);)
SHMEMI_AMO_STANDARD_TYPES(SHMEMI_DEF_AMO_STANDARD)
