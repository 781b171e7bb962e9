/* Collectives whose dest, source, pSync and pWrk are the program's global
 * and static variables (docs/statics.md), as
 * OpenSHMEM programs have always declared them.
 *
 * Team routines on the world and on a team of the even PEs: broadcast (the
 * first of a global array the program initialised, .data), collect,
 * fcollect, alltoall and alltoalls for every row of the RMA table and the
 * mem forms, into static arrays (.bss); every reduction of the team table
 * for every row of its class, out of place and in place; the inclusive and
 * exclusive sum scans. The deprecated active-set routines with static
 * pSync arrays that the program sets to SHMEM_SYNC_VALUE, and static pWrk
 * arrays of max(nreduce / 2 + 1, SHMEM_REDUCE_MIN_WRKDATA_SIZE) elements:
 * barrier and sync, broadcast, collect, fcollect, alltoall and alltoalls in
 * their 32- and 64-bit forms, and every shmem_TYPENAME_OP_to_all, on the
 * world and, at once with one pSync, on the even and on the odd PEs; each
 * pSync holds SHMEM_SYNC_VALUE again after every call. Last, a Jacobi
 * iteration as applications write it: halos put into static arrays, the
 * residual from max_to_all on alternating pSync arrays, checked against
 * the same iteration computed alone. */
#include <math.h>

#include "check.h"
#include "coll_inputs.h"

#define MAXP 16 /* the most PEs the arrays hold */
#define NB 5    /* elements per member */
#define DST 2
#define SST 3
#define NRED 37 /* reduced elements: pWrk needs NRED / 2 + 1 > the minimum */
#define WRK (NRED / 2 + 1 > SHMEM_REDUCE_MIN_WRKDATA_SIZE ? NRED / 2 + 1 : SHMEM_REDUCE_MIN_WRKDATA_SIZE)
#define SENTINEL 99
#define VAL(T, k, i) ((T)(((k) * 31 + (int)(i) * 3) % 97 + 1))
#define CNT(k) ((size_t)((k) * 2 % 3))

static int me, npes;
static shmem_team_t evens; /* the even PEs (SHMEM_TEAM_INVALID on odd ones) */

/* ---- Team routines ---- */

/* What a test names a routine by: typed (TF) or mem (MF). */
#define TF(N, op) shmem_##N##_##op
#define MF(N, op) shmem_##op##mem

#define DATA_TEST(T, N, F)                                                    \
    T bsource_##N[NB] = {1, 2, 3, 4, 5};          /* global, .data */         \
    static T src_##N[MAXP * NB * SST];            /* static, .bss */          \
    static T dst_##N[MAXP * NB * DST + 1];                                    \
    static void data_##N(shmem_team_t team, const char *tname)                \
    {                                                                         \
        int tme = shmem_team_my_pe(team), n = shmem_team_n_pes(team);         \
        const size_t cap = (size_t)n * NB * DST + 1;                          \
        T *src = src_##N, *dst = dst_##N;                                     \
        /* The initialised global, before any PE writes it: the root's       \
         * values are the ones the program started with. */                  \
        for (size_t i = 0; i <= NB; i++)                                      \
            dst[i] = (T)SENTINEL;                                             \
        if (team == SHMEM_TEAM_WORLD) {                                       \
            shmem_team_sync(team);                                            \
            CHECK(F(N, broadcast)(team, dst, bsource_##N, NB, n - 1) == 0,    \
                  #F "(" #N ", broadcast) on %s returned nonzero", tname);    \
            for (size_t i = 0; i <= NB; i++)                                  \
                CHECK(dst[i] == (i < NB ? (T)(i + 1) : (T)SENTINEL),          \
                      #F "(" #N ", broadcast) of the initialised global "     \
                      "bsource_" #N " from member %d of %s into static dst_"  \
                      #N ": element %zu is %g, want %g", n - 1, tname, i,     \
                      (double)dst[i], i < NB ? (double)(i + 1) : SENTINEL);   \
            shmem_team_sync(team);                                            \
        }                                                                     \
        for (int root = 0; root < n; root++) {                                \
            for (size_t i = 0; i < NB; i++)                                   \
                bsource_##N[i] = VAL(T, tme, i);                              \
            for (size_t i = 0; i <= NB; i++)                                  \
                dst[i] = (T)SENTINEL;                                         \
            shmem_team_sync(team);                                            \
            CHECK(F(N, broadcast)(team, dst, bsource_##N, NB, root) == 0,     \
                  #F "(" #N ", broadcast) returned nonzero");                 \
            for (size_t i = 0; i <= NB; i++)                                  \
                CHECK(dst[i] == (i < NB ? VAL(T, root, i) : (T)SENTINEL),     \
                      #F "(" #N ", broadcast) from member %d of %s into "     \
                      "static dst_" #N ": element %zu is %g, want %g", root,  \
                      tname, i, (double)dst[i],                               \
                      i < NB ? (double)VAL(T, root, i) : SENTINEL);           \
        }                                                                     \
                                                                              \
        for (size_t i = 0; i < cap; i++)                                      \
            dst[i] = (T)SENTINEL;                                             \
        for (size_t i = 0; i < CNT(tme); i++)                                 \
            src[i] = VAL(T, tme, i);                                          \
        shmem_team_sync(team);                                                \
        CHECK(F(N, collect)(team, dst, src, CNT(tme)) == 0,                   \
              #F "(" #N ", collect) returned nonzero");                       \
        size_t off = 0;                                                       \
        for (int k = 0; k < n; k++)                                           \
            for (size_t i = 0; i < CNT(k); i++, off++)                        \
                CHECK(dst[off] == VAL(T, k, i), #F "(" #N ", collect) on %s " \
                      "into static dst_" #N ": member %d's element %zu is "   \
                      "%g, want %g", tname, k, i, (double)dst[off],           \
                      (double)VAL(T, k, i));                                  \
        CHECK(dst[off] == (T)SENTINEL, #F "(" #N ", collect) on %s wrote "    \
              "past %zu", tname, off);                                        \
                                                                              \
        for (size_t i = 0; i < NB; i++)                                       \
            src[i] = VAL(T, tme, i);                                          \
        shmem_team_sync(team);                                                \
        CHECK(F(N, fcollect)(team, dst, src, NB) == 0,                        \
              #F "(" #N ", fcollect) returned nonzero");                      \
        for (size_t j = 0; j < (size_t)n * NB; j++)                           \
            CHECK(dst[j] == VAL(T, j / NB, j % NB), #F "(" #N ", fcollect) "  \
                  "on %s into static dst_" #N ": element %zu is %g, want %g", \
                  tname, j, (double)dst[j], (double)VAL(T, j / NB, j % NB));  \
                                                                              \
        for (size_t i = 0; i < cap; i++)                                      \
            dst[i] = (T)SENTINEL;                                             \
        for (size_t j = 0; j < (size_t)n * NB; j++)                           \
            src[j] = VAL(T, tme, j);                                          \
        shmem_team_sync(team);                                                \
        CHECK(F(N, alltoall)(team, dst, src, NB) == 0,                        \
              #F "(" #N ", alltoall) returned nonzero");                      \
        for (size_t j = 0; j <= (size_t)n * NB; j++) {                        \
            T want = j < (size_t)n * NB ? VAL(T, j / NB, (size_t)tme * NB + j % NB) \
                                        : (T)SENTINEL;                        \
            CHECK(dst[j] == want, #F "(" #N ", alltoall) on %s into static "  \
                  "dst_" #N ": element %zu is %g, want %g", tname, j,         \
                  (double)dst[j], (double)want);                              \
        }                                                                     \
                                                                              \
        for (size_t i = 0; i < cap; i++)                                      \
            dst[i] = (T)SENTINEL;                                             \
        for (size_t i = 0; i < (size_t)n * NB * SST; i++)                     \
            src[i] = i % SST ? (T)SENTINEL : VAL(T, tme, i / SST);            \
        shmem_team_sync(team);                                                \
        CHECK(F(N, alltoalls)(team, dst, src, DST, SST, NB) == 0,             \
              #F "(" #N ", alltoalls) returned nonzero");                     \
        for (size_t i = 0; i < cap; i++) {                                    \
            size_t j = i / DST;                                               \
            T want = i % DST == 0 && j < (size_t)n * NB                       \
                         ? VAL(T, j / NB, (size_t)tme * NB + j % NB)          \
                         : (T)SENTINEL;                                       \
            CHECK(dst[i] == want, #F "(" #N ", alltoalls) on %s into static " \
                  "dst_" #N ": element %zu is %g, want %g", tname, i,         \
                  (double)dst[i], (double)want);                              \
        }                                                                     \
        shmem_team_sync(team);                                                \
    }
#define TYPED_DATA(T, N) DATA_TEST(T, N, TF)
SHMEMI_RMA_TYPES(TYPED_DATA)
DATA_TEST(unsigned char, bytes, MF)

/* Reductions: every operation for every row of its class, out of place
 * into a static array, then in place; scans. OP names the inputs and the
 * combination (coll_inputs.h), LAST the last member whose input counts. */
#define LAST_reduce(me, n) ((n) - 1)
#define LAST_inscan(me, n) (me)
#define LAST_exscan(me, n) ((me) - 1)

#define REDUCE_TEST(T, N, OP, KIND, CALL)                                     \
    static T rsrc_##N##_##OP[NRED], rdst_##N##_##OP[NRED + 1];                \
    static void red_##N##_##OP(shmem_team_t team, const char *tname)          \
    {                                                                         \
        int tme = shmem_team_my_pe(team), n = shmem_team_n_pes(team);         \
        T *src = rsrc_##N##_##OP, *dst = rdst_##N##_##OP;                     \
        for (size_t i = 0; i < NRED; i++)                                     \
            src[i] = IN_##OP(T, tme, i);                                      \
        for (size_t i = 0; i <= NRED; i++)                                    \
            dst[i] = (T)SENTINEL;                                             \
        shmem_team_sync(team);                                                \
        CHECK(CALL(team, dst, src, NRED) == 0, #CALL " returned nonzero");    \
        for (size_t i = 0; i <= NRED; i++) {                                  \
            T want = (T)SENTINEL;                                             \
            if (i < NRED) {                                                   \
                want = (T)0;                                                  \
                for (int k = 0; k <= LAST_##KIND(tme, n); k++)                \
                    want = k ? (T)OP_##OP(want, IN_##OP(T, k, i)) : IN_##OP(T, k, i); \
            }                                                                 \
            CHECK(dst[i] == want, #CALL " on %s (member %d of %d) into "      \
                  "static rdst_" #N "_" #OP ": element %zu is %g, want %g",   \
                  tname, tme, n, i, (double)dst[i], (double)want);            \
        }                                                                     \
        /* In place: the static source is the dest. */                        \
        shmem_team_sync(team);                                                \
        CHECK(CALL(team, src, src, NRED) == 0, #CALL " in place returned nonzero"); \
        for (size_t i = 0; i < NRED; i++)                                     \
            CHECK(src[i] == dst[i], #CALL " in place on %s in static rsrc_"   \
                  #N "_" #OP ": element %zu is %g, want %g", tname, i,        \
                  (double)src[i], (double)dst[i]);                            \
    }
#define TYPED_REDUCE(T, N, OP) REDUCE_TEST(T, N, OP, reduce, shmem_##N##_##OP##_reduce)
#define TYPED_REDUCE_OP(CLASS, OP) SHMEMI_REDUCE_##CLASS##_TYPES(TYPED_REDUCE, OP)
SHMEMI_REDUCE_OPS(TYPED_REDUCE_OP)
#define TYPED_SCAN(T, N, K) REDUCE_TEST(T, N, K, K, shmem_##N##_sum_##K)
SHMEMI_REDUCE_ARITH_TYPES(TYPED_SCAN, inscan)
SHMEMI_REDUCE_ARITH_TYPES(TYPED_SCAN, exscan)

static void team_routines(shmem_team_t team, const char *tname)
{
    if (team == SHMEM_TEAM_INVALID)
        return;
#define RUN_DATA(T, N) data_##N(team, tname);
    SHMEMI_RMA_TYPES(RUN_DATA)
    data_bytes(team, tname);
#define RUN_REDUCE(T, N, OP) red_##N##_##OP(team, tname);
#define RUN_REDUCE_OP(CLASS, OP) SHMEMI_REDUCE_##CLASS##_TYPES(RUN_REDUCE, OP)
    SHMEMI_REDUCE_OPS(RUN_REDUCE_OP)
    SHMEMI_REDUCE_ARITH_TYPES(RUN_REDUCE, inscan)
    SHMEMI_REDUCE_ARITH_TYPES(RUN_REDUCE, exscan)
}

/* ---- Active-set routines with static pSync and pWrk ---- */

/* As the specification's examples declare them: one array per kind of
 * routine, set to SHMEM_SYNC_VALUE by the program before first use. */
long pSync_barrier[SHMEM_BARRIER_SYNC_SIZE]; /* global */
static long pSync_bcast[SHMEM_BCAST_SYNC_SIZE];
static long pSync_collect[SHMEM_COLLECT_SYNC_SIZE];
static long pSync_a2a[SHMEM_ALLTOALL_SYNC_SIZE];
static long pSync_a2as[SHMEM_ALLTOALLS_SYNC_SIZE];
static long pSync_reduce[2][SHMEM_REDUCE_SYNC_SIZE]; /* used alternately */

struct set {
    int start, log, size; /* the triplet */
    int me;               /* this PE's index in it */
    const char *name;
};

static int set_pe(const struct set *s, int i) { return s->start + (i << s->log); }

/* Every PE checks its pSync arrays while no routine runs anywhere. */
static void check_psync(const char *after)
{
    static long *const all[] = {pSync_barrier, pSync_bcast, pSync_collect, pSync_a2a,
                                pSync_a2as, pSync_reduce[0], pSync_reduce[1]};
    static const int sizes[] = {SHMEM_BARRIER_SYNC_SIZE, SHMEM_BCAST_SYNC_SIZE,
                                SHMEM_COLLECT_SYNC_SIZE, SHMEM_ALLTOALL_SYNC_SIZE,
                                SHMEM_ALLTOALLS_SYNC_SIZE, SHMEM_REDUCE_SYNC_SIZE,
                                SHMEM_REDUCE_SYNC_SIZE};
    shmem_barrier_all();
    for (int a = 0; a < 7; a++)
        for (int i = 0; i < sizes[a]; i++)
            CHECK(all[a][i] == SHMEM_SYNC_VALUE, "static pSync array %d, element %d, is %ld "
                  "after %s, want SHMEM_SYNC_VALUE", a, i, all[a][i], after);
    shmem_barrier_all();
}

/* Back to back on the static pSync: each member puts a round's value into
 * its right neighbour's static box, and the barrier must deliver it. */
static long box[2];

static void barrier_test(const struct set *s, int use_sync)
{
    int right = set_pe(s, (s->me + 1) % s->size);
    int left = (s->me + s->size - 1) % s->size;
    const char *call = use_sync ? "shmem_sync" : "shmem_barrier";
    for (int r = 0; r < 20; r++) {
        shmem_long_p(&box[r % 2], 1000 * r + s->me, right);
        if (use_sync) {
            shmem_quiet();
            shmem_sync(s->start, s->log, s->size, pSync_barrier);
        } else {
            shmem_barrier(s->start, s->log, s->size, pSync_barrier);
        }
        CHECK(box[r % 2] == 1000 * r + left, "%s on %s with the global pSync_barrier, "
              "round %d: static box holds %ld, want %d", call, s->name, r, box[r % 2],
              1000 * r + left);
    }
    check_psync(call);
}

#define SIZED_TEST(B)                                                         \
    static uint##B##_t asrc_##B[MAXP * NB * SST], adst_##B[MAXP * NB * DST + 1]; \
    static void sized_##B(const struct set *s)                                \
    {                                                                         \
        typedef uint##B##_t T;                                                \
        int me = s->me, n = s->size;                                          \
        const size_t cap = (size_t)n * NB * DST + 1;                          \
        T *src = asrc_##B, *dst = adst_##B;                                   \
        for (int root = 0; root < n; root++) {                                \
            for (size_t i = 0; i <= NB; i++) {                                \
                src[i] = VAL(T, me, i);                                       \
                dst[i] = (T)SENTINEL;                                         \
            }                                                                 \
            shmem_barrier(s->start, s->log, n, pSync_barrier);                \
            shmem_broadcast##B(dst, src, NB, root, s->start, s->log, n, pSync_bcast); \
            /* The root's dest is left alone. */                              \
            for (size_t i = 0; i <= NB; i++) {                                \
                T want = i < NB && me != root ? VAL(T, root, i) : (T)SENTINEL; \
                CHECK(dst[i] == want, "shmem_broadcast" #B " on %s from member " \
                      "%d into static adst_" #B ": element %zu is %g, want %g", \
                      s->name, root, i, (double)dst[i], (double)want);        \
            }                                                                 \
        }                                                                     \
        check_psync("shmem_broadcast" #B);                                    \
                                                                              \
        for (size_t i = 0; i < cap; i++)                                      \
            dst[i] = (T)SENTINEL;                                             \
        for (size_t i = 0; i < CNT(me); i++)                                  \
            src[i] = VAL(T, me, i);                                           \
        shmem_barrier(s->start, s->log, n, pSync_barrier);                    \
        shmem_collect##B(dst, src, CNT(me), s->start, s->log, n, pSync_collect); \
        size_t off = 0;                                                       \
        for (int k = 0; k < n; k++)                                           \
            for (size_t i = 0; i < CNT(k); i++, off++)                        \
                CHECK(dst[off] == VAL(T, k, i), "shmem_collect" #B " on %s: " \
                      "member %d's element %zu is %g, want %g", s->name, k, i, \
                      (double)dst[off], (double)VAL(T, k, i));                \
        CHECK(dst[off] == (T)SENTINEL, "shmem_collect" #B " on %s wrote past " \
              "%zu", s->name, off);                                           \
        check_psync("shmem_collect" #B);                                      \
                                                                              \
        for (size_t i = 0; i < NB; i++)                                       \
            src[i] = VAL(T, me, i);                                           \
        shmem_barrier(s->start, s->log, n, pSync_barrier);                    \
        shmem_fcollect##B(dst, src, NB, s->start, s->log, n, pSync_collect);  \
        for (size_t j = 0; j < (size_t)n * NB; j++)                           \
            CHECK(dst[j] == VAL(T, j / NB, j % NB), "shmem_fcollect" #B " on " \
                  "%s: element %zu is %g, want %g", s->name, j, (double)dst[j], \
                  (double)VAL(T, j / NB, j % NB));                            \
        check_psync("shmem_fcollect" #B);                                     \
                                                                              \
        for (size_t i = 0; i < cap; i++)                                      \
            dst[i] = (T)SENTINEL;                                             \
        for (size_t j = 0; j < (size_t)n * NB; j++)                           \
            src[j] = VAL(T, me, j);                                           \
        shmem_barrier(s->start, s->log, n, pSync_barrier);                    \
        shmem_alltoall##B(dst, src, NB, s->start, s->log, n, pSync_a2a);      \
        for (size_t j = 0; j <= (size_t)n * NB; j++) {                        \
            T want = j < (size_t)n * NB ? VAL(T, j / NB, (size_t)me * NB + j % NB) \
                                        : (T)SENTINEL;                        \
            CHECK(dst[j] == want, "shmem_alltoall" #B " on %s: element %zu "  \
                  "is %g, want %g", s->name, j, (double)dst[j], (double)want); \
        }                                                                     \
        check_psync("shmem_alltoall" #B);                                     \
                                                                              \
        for (size_t i = 0; i < cap; i++)                                      \
            dst[i] = (T)SENTINEL;                                             \
        for (size_t i = 0; i < (size_t)n * NB * SST; i++)                     \
            src[i] = i % SST ? (T)SENTINEL : VAL(T, me, i / SST);             \
        shmem_barrier(s->start, s->log, n, pSync_barrier);                    \
        shmem_alltoalls##B(dst, src, DST, SST, NB, s->start, s->log, n, pSync_a2as); \
        for (size_t i = 0; i < cap; i++) {                                    \
            size_t j = i / DST;                                               \
            T want = i % DST == 0 && j < (size_t)n * NB                       \
                         ? VAL(T, j / NB, (size_t)me * NB + j % NB)           \
                         : (T)SENTINEL;                                       \
            CHECK(dst[i] == want, "shmem_alltoalls" #B " on %s: element %zu " \
                  "is %g, want %g", s->name, i, (double)dst[i], (double)want); \
        }                                                                     \
        check_psync("shmem_alltoalls" #B);                                    \
    }
SHMEMI_COLL_SIZES(SIZED_TEST)

/* Every shmem_TYPENAME_OP_to_all into a static array, with a static pWrk
 * of the type and the two pSync arrays in turn, as the specification asks
 * of back-to-back reductions. */
static int reductions; /* the to_all calls so far: which pSync is next */

#define TO_ALL_TEST(T, N, OP)                                                 \
    static T tsrc_##N##_##OP[NRED], tdst_##N##_##OP[NRED + 1];                \
    static T pWrk_##N##_##OP[WRK];                                            \
    static void to_all_##N##_##OP(const struct set *s)                        \
    {                                                                         \
        int me = s->me, n = s->size;                                          \
        T *src = tsrc_##N##_##OP, *dst = tdst_##N##_##OP;                     \
        for (size_t i = 0; i < NRED; i++)                                     \
            src[i] = IN_##OP(T, me, i);                                       \
        for (size_t i = 0; i <= NRED; i++)                                    \
            dst[i] = (T)SENTINEL;                                             \
        long *ps = pSync_reduce[reductions++ % 2];                            \
        shmem_##N##_##OP##_to_all(dst, src, NRED, s->start, s->log, n,       \
                                  pWrk_##N##_##OP, ps);                       \
        for (size_t i = 0; i <= NRED; i++) {                                  \
            T want = (T)SENTINEL;                                             \
            if (i < NRED) {                                                   \
                want = IN_##OP(T, 0, i);                                      \
                for (int k = 1; k < n; k++)                                   \
                    want = (T)OP_##OP(want, IN_##OP(T, k, i));                \
            }                                                                 \
            CHECK(dst[i] == want, "shmem_" #N "_" #OP "_to_all on %s with "   \
                  "static pWrk and pSync: element %zu of static tdst is %g, " \
                  "want %g", s->name, i, (double)dst[i], (double)want);       \
        }                                                                     \
    }
#define TO_ALL_OP(CLASS, OP) SHMEMI_TO_ALL_##CLASS##_TYPES(TO_ALL_TEST, OP)
SHMEMI_REDUCE_OPS(TO_ALL_OP)

static void active_set(const struct set *s)
{
    barrier_test(s, 0);
    barrier_test(s, 1);
    sized_32(s);
    sized_64(s);
#define RUN_TO_ALL(T, N, OP) to_all_##N##_##OP(s);
#define RUN_TO_ALL_OP(CLASS, OP) SHMEMI_TO_ALL_##CLASS##_TYPES(RUN_TO_ALL, OP)
    SHMEMI_REDUCE_OPS(RUN_TO_ALL_OP)
    check_psync("the to_all reductions");
}

/* ---- A Jacobi iteration, as applications write it ---- */

#define NLOC 16  /* points per PE */
#define ITERS 30
static double u[NLOC + 2], unew[NLOC + 2]; /* with a halo at each end */
static double resid, my_resid;
static double pWrk_jacobi[SHMEM_REDUCE_MIN_WRKDATA_SIZE];
static double total, my_sum;

static double initial(int g, int n) { return g == 0 || g == n - 1 ? 100.0 : (g % 7) * 3.0; }

static void jacobi(void)
{
    const int n = npes * NLOC;
    /* The same iteration on the whole array, alone. */
    double *ref = malloc(sizeof(double) * (size_t)n), *next = malloc(sizeof(double) * (size_t)n);
    double ref_resid[ITERS];
    CHECK(ref && next, "malloc");
    for (int g = 0; g < n; g++)
        ref[g] = initial(g, n);
    for (int it = 0; it < ITERS; it++) {
        double r = 0;
        for (int g = 0; g < n; g++) {
            next[g] = g == 0 || g == n - 1 ? ref[g] : 0.5 * (ref[g - 1] + ref[g + 1]);
            r = fmax(r, fabs(next[g] - ref[g]));
        }
        ref_resid[it] = r;
        for (int g = 0; g < n; g++)
            ref[g] = next[g];
    }

    for (int i = 1; i <= NLOC; i++)
        u[i] = initial(me * NLOC + i - 1, n);
    shmem_barrier_all();
    for (int it = 0; it < ITERS; it++) {
        /* Halos: my edge points into the neighbours' static halo cells. */
        if (me > 0)
            shmem_double_p(&u[NLOC + 1], u[1], me - 1);
        if (me < npes - 1)
            shmem_double_put(&u[0], &u[NLOC], 1, me + 1);
        shmem_barrier_all();
        my_resid = 0;
        for (int i = 1; i <= NLOC; i++) {
            int g = me * NLOC + i - 1;
            unew[i] = g == 0 || g == n - 1 ? u[i] : 0.5 * (u[i - 1] + u[i + 1]);
            my_resid = fmax(my_resid, fabs(unew[i] - u[i]));
        }
        shmem_double_max_to_all(&resid, &my_resid, 1, 0, 0, npes, pWrk_jacobi,
                                pSync_reduce[it % 2]);
        CHECK(resid == ref_resid[it], "Jacobi iteration %d: shmem_double_max_to_all of the "
              "static residuals gave %.17g, want %.17g", it, resid, ref_resid[it]);
        for (int i = 1; i <= NLOC; i++)
            u[i] = unew[i];
        /* Nobody puts a halo of the next iteration before all have read
         * this one's. */
        shmem_barrier_all();
    }
    my_sum = 0;
    for (int i = 1; i <= NLOC; i++) {
        int g = me * NLOC + i - 1;
        CHECK(u[i] == ref[g], "Jacobi after %d iterations: point %d (static u[%d]) is %.17g, "
              "want %.17g", ITERS, g, i, u[i], ref[g]);
        my_sum += u[i];
    }
    /* The sum of the points, in PE order as the reference adds them. */
    static double sums[MAXP]; /* a function's static: every PE's partial sum */
    CHECK(shmem_double_fcollect(SHMEM_TEAM_WORLD, sums, &my_sum, 1) == 0, "fcollect");
    CHECK(shmem_double_sum_reduce(SHMEM_TEAM_WORLD, &total, &my_sum, 1) == 0, "sum_reduce");
    double want = 0;
    for (int pe = 0; pe < npes; pe++) {
        double part = 0;
        for (int i = 0; i < NLOC; i++)
            part += ref[pe * NLOC + i];
        CHECK(sums[pe] == part, "shmem_double_fcollect of the partial sums into a static "
              "array: PE %d's is %.17g, want %.17g", pe, sums[pe], part);
        want += part;
    }
    CHECK(fabs(total - want) <= 1e-9 * fabs(want), "shmem_double_sum_reduce into the static "
          "total: %.17g, want %.17g", total, want);
    free(next);
    free(ref);
    check_psync("the Jacobi iteration");
}

int main(void)
{
    /* The program sets its pSync arrays before it starts the library, as
     * the specification's examples do before their first barrier. */
    for (int i = 0; i < SHMEM_BARRIER_SYNC_SIZE; i++)
        pSync_barrier[i] = SHMEM_SYNC_VALUE;
    for (int i = 0; i < SHMEM_BCAST_SYNC_SIZE; i++)
        pSync_bcast[i] = SHMEM_SYNC_VALUE;
    for (int i = 0; i < SHMEM_COLLECT_SYNC_SIZE; i++)
        pSync_collect[i] = SHMEM_SYNC_VALUE;
    for (int i = 0; i < SHMEM_ALLTOALL_SYNC_SIZE; i++)
        pSync_a2a[i] = SHMEM_SYNC_VALUE;
    for (int i = 0; i < SHMEM_ALLTOALLS_SYNC_SIZE; i++)
        pSync_a2as[i] = SHMEM_SYNC_VALUE;
    for (int i = 0; i < SHMEM_REDUCE_SYNC_SIZE; i++)
        pSync_reduce[0][i] = pSync_reduce[1][i] = SHMEM_SYNC_VALUE;
    shmem_init();
    me = shmem_my_pe();
    npes = shmem_n_pes();
    CHECK(npes <= MAXP, "at most %d PEs", MAXP);
    shmem_barrier_all();

    team_routines(SHMEM_TEAM_WORLD, "the world");
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, (npes + 1) / 2, NULL, 0, &evens) == 0,
          "shmem_team_split_strided");
    team_routines(evens, "the even PEs");
    shmem_barrier_all();

    /* The world, then the even and the odd PEs at once on the same pSync
     * arrays (the sets share no PE). */
    struct set world = {0, 0, npes, me, "the world"};
    active_set(&world);
    struct set half = me % 2 ? (struct set){1, 1, npes / 2, me / 2, "the odd PEs"}
                             : (struct set){0, 1, (npes + 1) / 2, me / 2, "the even PEs"};
    active_set(&half);
    shmem_barrier_all();

    jacobi();

    if (evens != SHMEM_TEAM_INVALID)
        shmem_team_destroy(evens);
    shmem_finalize();
    return 0;
}
