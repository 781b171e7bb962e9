/* The reduction and scan checks shared by coll_reduce.c and
 * coll_reduce_teams.c: REDUCE_TEST defines a function that runs one routine
 * on a team at the first ns of `sizes` elements out of place, then, if
 * asked, in place at the first size, and checks every element against the
 * same combination computed here from the inputs' formula, in team order. */
#ifndef TEST_COLL_REDUCE_H
#define TEST_COLL_REDUCE_H

#include "check.h"
#include "coll_inputs.h"

/* A size spread over every member's slice, one inside a single slice, and
 * one that ends inside a cache line. */
#define MAXN 300
static const size_t sizes[] = {MAXN, 1, 61};
#define NSIZES (sizeof sizes / sizeof sizes[0])
#define SENTINEL 99

static void *bsrc, *bdst; /* MAXN elements of the largest type */

/* The last member whose input member `me` of n receives: all for a
 * reduction, a prefix for a scan (none for member 0 of an exscan, which
 * gets zeros). */
#define LAST_reduce(me, n) ((n) - 1)
#define LAST_inscan(me, n) (me)
#define LAST_exscan(me, n) ((me) - 1)

/* How a test names a routine: typed (TF) or generic (GF). */
#define TF_reduce(N, OP) shmem_##N##_##OP##_reduce
#define GF_reduce(N, OP) shmem_##OP##_reduce
#define TF_scan(N, K) shmem_##N##_sum_##K
#define GF_scan(N, K) shmem_sum_##K

/* OP names the inputs and the combination, KIND the result's shape, CALL
 * the routine, FN the test. */
#define REDUCE_TEST(T, N, OP, KIND, CALL, FN)                                 \
    static void FN(shmem_team_t team, size_t ns, int in_place)                              \
    {                                                                         \
        int me = shmem_team_my_pe(team), n = shmem_team_n_pes(team);          \
        T *src = bsrc, *dst = bdst;                                           \
        for (size_t s = 0; s < ns; s++) {                                     \
            size_t len = sizes[s];                                            \
            for (size_t i = 0; i < MAXN; i++) {                               \
                src[i] = IN_##OP(T, me, i);                                   \
                dst[i] = (T)SENTINEL;                                         \
            }                                                                 \
            CHECK(CALL(team, dst, src, len) == 0, #FN " returned nonzero");   \
            for (size_t i = 0; i < MAXN; i++) {                               \
                T want = (T)SENTINEL;                                         \
                if (i < len) {                                                \
                    want = (T)0;                                              \
                    for (int k = 0; k <= LAST_##KIND(me, n); k++)             \
                        want = k ? (T)OP_##OP(want, IN_##OP(T, k, i))         \
                                 : IN_##OP(T, k, i);                          \
                }                                                             \
                CHECK(dst[i] == want, #FN " of %zu, team PE %d of %d, "      \
                      "element %zu: %g, want %g", len, me, n, i,              \
                      (double)dst[i], (double)want);                          \
                CHECK(src[i] == IN_##OP(T, me, i), #FN ": source changed");   \
            }                                                                 \
            if (s > 0 || !in_place)                                           \
                continue;                                                     \
            /* In place: the same array for dest and source. */               \
            CHECK(CALL(team, src, src, len) == 0, #FN " returned nonzero");   \
            for (size_t i = 0; i < len; i++)                                  \
                CHECK(src[i] == dst[i], #FN " in place of %zu, element %zu: " \
                      "%g, want %g", len, i, (double)src[i], (double)dst[i]); \
        }                                                                     \
    }

#define TYPED_REDUCE(T, N, OP)                                                \
    REDUCE_TEST(T, N, OP, reduce, TF_reduce(N, OP), t_##N##_##OP)
#define TYPED_SCAN(T, N, K) REDUCE_TEST(T, N, K, K, TF_scan(N, K), t_##N##_##K)

static void coll_reduce_alloc(void)
{
    bsrc = shmem_malloc(MAXN * sizeof(long double));
    bdst = shmem_malloc(MAXN * sizeof(long double));
    CHECK(bsrc && bdst, "allocation");
}

static void coll_reduce_free(void)
{
    shmem_free(bdst);
    shmem_free(bsrc);
}

#endif
