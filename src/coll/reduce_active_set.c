/* The deprecated active-set reductions, shmem_TYPENAME_OP_to_all, for every
 * row of the active-set reduction table. pWrk is not needed: the members
 * combine in private buffers. */
#include "init/error.h"
#include "coll.h"
#include "combine.h"

#define SHMEMI_DEF_COMBINE_OP(CLASS, OP)                                      \
    SHMEMI_TO_ALL_##CLASS##_TYPES(SHMEMI_DEF_COMBINE, OP)
SHMEMI_REDUCE_OPS(SHMEMI_DEF_COMBINE_OP)

static void reduce_active_set(const char *call, void *dest, const void *source,
                              int nreduce, size_t elem, shmemi_combine_fn combine,
                              int PE_start, int logPE_stride, int PE_size, long *pSync)
{
    struct shmemi_coll c;
    shmemi_coll_active_set(&c, call, PE_start, logPE_stride, PE_size, pSync);
    if (nreduce < 0)
        shmemi_fatal(call, "nreduce is %d: it must not be negative", nreduce);
    shmemi_coll_reduce(&c, dest, source, (size_t)nreduce, elem, combine, SHMEMI_REDUCE);
}

#define SHMEMI_DEF_TO_ALL(T, N, OP)                                           \
    void shmem_##N##_##OP##_to_all(T *dest, const T *source, int nreduce,    \
                                   int PE_start, int logPE_stride,            \
                                   int PE_size, T *pWrk, long *pSync)         \
    {                                                                         \
        (void)pWrk;                                                           \
        reduce_active_set(__func__, dest, source, nreduce, sizeof(T),         \
                          shmemi_combine_##N##_##OP, PE_start, logPE_stride,  \
                          PE_size, pSync);                                    \
    }
#define SHMEMI_DEF_TO_ALL_OP(CLASS, OP)                                       \
    SHMEMI_TO_ALL_##CLASS##_TYPES(SHMEMI_DEF_TO_ALL, OP)
SHMEMI_REDUCE_OPS(SHMEMI_DEF_TO_ALL_OP)
