/* The combining step of each reduction operation, for one type: a loop the
 * compiler can vectorise, defined by SHMEMI_DEF_COMBINE(T, N, OP) as
 * shmemi_combine_N_OP. Elements are combined pairwise in place, never
 * reassociated, so the order of the members alone decides the result. */
#ifndef SHMEMI_COLL_COMBINE_H
#define SHMEMI_COLL_COMBINE_H

#include <stddef.h>

#define SHMEMI_OP_and(x, y) ((x) & (y))
#define SHMEMI_OP_or(x, y) ((x) | (y))
#define SHMEMI_OP_xor(x, y) ((x) ^ (y))
#define SHMEMI_OP_max(x, y) ((x) > (y) ? (x) : (y))
#define SHMEMI_OP_min(x, y) ((x) < (y) ? (x) : (y))
#define SHMEMI_OP_sum(x, y) ((x) + (y))
#define SHMEMI_OP_prod(x, y) ((x) * (y))

#define SHMEMI_DEF_COMBINE(T, N, OP)                                          \
    static void shmemi_combine_##N##_##OP(void *acc_, const void *in_,        \
                                          size_t n)                           \
    {                                                                         \
        T *acc = acc_;                                                        \
        const T *in = in_;                                                    \
        for (size_t i = 0; i < n; i++)                                        \
            acc[i] = SHMEMI_OP_##OP(acc[i], in[i]);                           \
    }

#endif
