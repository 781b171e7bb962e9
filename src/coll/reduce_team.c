/* The team reductions, shmem_TYPENAME_OP_reduce, and the 1.6 scans,
 * shmem_TYPENAME_sum_inscan and _exscan, for every row of the reduction
 * table. */
#include "coll.h"
#include "combine.h"

#define SHMEMI_DEF_COMBINE_OP(CLASS, OP)                                      \
    SHMEMI_REDUCE_##CLASS##_TYPES(SHMEMI_DEF_COMBINE, OP)
SHMEMI_REDUCE_OPS(SHMEMI_DEF_COMBINE_OP)

static int reduce_team(const char *call, shmem_team_t team, void *dest,
                       const void *source, size_t nelems, size_t elem,
                       shmemi_combine_fn combine, enum shmemi_reduce_kind kind)
{
    struct shmemi_coll c;
    if (shmemi_coll_team(&c, call, team) != 0)
        return -1;
    shmemi_coll_reduce(&c, dest, source, nelems, elem, combine, kind);
    return 0;
}

#define SHMEMI_DEF_REDUCE(T, N, OP)                                           \
    int shmem_##N##_##OP##_reduce(shmem_team_t team, T *dest,                \
                                  const T *source, size_t nreduce)            \
    {                                                                         \
        return reduce_team(__func__, team, dest, source, nreduce, sizeof(T),  \
                           shmemi_combine_##N##_##OP, SHMEMI_REDUCE);         \
    }
#define SHMEMI_DEF_REDUCE_OP(CLASS, OP)                                       \
    SHMEMI_REDUCE_##CLASS##_TYPES(SHMEMI_DEF_REDUCE, OP)
SHMEMI_REDUCE_OPS(SHMEMI_DEF_REDUCE_OP)

#define SHMEMI_DEF_SCAN(T, N, A)                                              \
    int shmem_##N##_sum_inscan(shmem_team_t team, T *dest, const T *source,  \
                               size_t nelems)                                 \
    {                                                                         \
        return reduce_team(__func__, team, dest, source, nelems, sizeof(T),   \
                           shmemi_combine_##N##_sum, SHMEMI_INSCAN);          \
    }                                                                         \
    int shmem_##N##_sum_exscan(shmem_team_t team, T *dest, const T *source,  \
                               size_t nelems)                                 \
    {                                                                         \
        return reduce_team(__func__, team, dest, source, nelems, sizeof(T),   \
                           shmemi_combine_##N##_sum, SHMEMI_EXSCAN);          \
    }
SHMEMI_REDUCE_ARITH_TYPES(SHMEMI_DEF_SCAN, )
