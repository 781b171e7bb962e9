/* Team reductions and the 1.6 scans by their typed names: every row of the
 * reduction table for every operation, on SHMEM_TEAM_WORLD, at a size
 * spread over every member and one inside member 0's slice (in place is
 * coll_reduce_teams' and coll_large's); and a nonzero return for
 * SHMEM_TEAM_INVALID. */
#include "coll_reduce.h"

#define TYPED_REDUCE_OP(CLASS, OP) SHMEMI_REDUCE_##CLASS##_TYPES(TYPED_REDUCE, OP)
SHMEMI_REDUCE_OPS(TYPED_REDUCE_OP)
SHMEMI_REDUCE_ARITH_TYPES(TYPED_SCAN, inscan)
SHMEMI_REDUCE_ARITH_TYPES(TYPED_SCAN, exscan)

int main(void)
{
    shmem_init();
    coll_reduce_alloc();

    shmem_team_t w = SHMEM_TEAM_WORLD;
#define RUN(T, N, OP) t_##N##_##OP(w, 2, 0);
#define RUN_OP(CLASS, OP) SHMEMI_REDUCE_##CLASS##_TYPES(RUN, OP)
    SHMEMI_REDUCE_OPS(RUN_OP)
    SHMEMI_REDUCE_ARITH_TYPES(RUN, inscan)
    SHMEMI_REDUCE_ARITH_TYPES(RUN, exscan)

    CHECK(shmem_int_sum_reduce(SHMEM_TEAM_INVALID, bdst, bsrc, 1) != 0,
          "a reduction on SHMEM_TEAM_INVALID returned 0");
    CHECK(shmem_long_sum_inscan(SHMEM_TEAM_INVALID, bdst, bsrc, 1) != 0,
          "a scan on SHMEM_TEAM_INVALID returned 0");

    coll_reduce_free();
    shmem_finalize();
    return 0;
}
