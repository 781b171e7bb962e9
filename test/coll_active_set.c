/* The deprecated active-set routines: shmem_barrier and shmem_sync,
 * shmem_broadcast, collect, fcollect, alltoall and alltoalls in their 32-
 * and 64-bit forms, and shmem_TYPENAME_OP_to_all for every row of the
 * active-set reduction table. Each runs on the whole world and on the
 * stride-2 sets of the even and of the odd PEs, which run at the same time
 * with the same pSync array (the sets share no PE). After every routine
 * pSync must hold SHMEM_SYNC_VALUE again, and the root's dest of a
 * broadcast must be left alone. */
#include "check.h"
#include "coll_inputs.h"

#define NB 5
#define DST 2
#define SST 3
#define NRED 100
#define SENTINEL 99
#define VAL(T, k, i) ((T)(((k) * 31 + (int)(i) * 3) % 97 + 1))
#define CNT(k) ((size_t)((k) * 2 % 3))

struct set {
    int start, log, size; /* the triplet */
    int me;               /* this PE's index in it */
};

static long *psync;
static void *bsrc, *bdst, *bwrk;
static size_t cap;
static long *box; /* two slots per barrier round */

static int set_pe(const struct set *s, int i) { return s->start + (i << s->log); }

/* Every PE checks its own pSync while no routine runs anywhere: after the
 * last one has returned everywhere, before the next one starts. */
static void check_psync(const char *after)
{
    shmem_barrier_all();
    for (int i = 0; i < SHMEM_SYNC_SIZE; i++)
        CHECK(psync[i] == SHMEM_SYNC_VALUE, "pSync[%d] is %ld after %s", i, psync[i],
              after);
    shmem_barrier_all();
}

/* Back to back on one pSync: every member puts a round's value into its
 * right neighbour's box, and the barrier must deliver it. */
static void barrier_test(const struct set *s, int use_sync)
{
    int right = set_pe(s, (s->me + 1) % s->size);
    int left = (s->me + s->size - 1) % s->size;
    for (int r = 0; r < 20; r++) {
        shmem_long_p(&box[r % 2], 1000 * r + s->me, right);
        if (use_sync) {
            shmem_quiet();
            shmem_sync(s->start, s->log, s->size, psync);
        } else {
            shmem_barrier(s->start, s->log, s->size, psync);
        }
        CHECK(box[r % 2] == 1000 * r + left, "%s round %d: %ld from %d",
              use_sync ? "shmem_sync" : "shmem_barrier", r, box[r % 2], left);
    }
    check_psync(use_sync ? "shmem_sync" : "shmem_barrier");
}

#define SIZED_TEST(B)                                                         \
    static void sized_##B(const struct set *s)                                \
    {                                                                         \
        typedef uint##B##_t T;                                                \
        int me = s->me, n = s->size;                                          \
        T *src = bsrc, *dst = bdst;                                           \
        for (int root = 0; root < n; root++) {                                \
            for (size_t i = 0; i <= NB; i++) {                                \
                src[i] = VAL(T, me, i);                                       \
                dst[i] = (T)SENTINEL;                                         \
            }                                                                 \
            shmem_broadcast##B(dst, src, NB, root, s->start, s->log, n, psync); \
            for (size_t i = 0; i <= NB; i++) {                                \
                T want = i < NB && me != root ? VAL(T, root, i) : (T)SENTINEL; \
                CHECK(dst[i] == want, "broadcast" #B " from %d, element %zu: " \
                      "%g, want %g", root, i, (double)dst[i], (double)want);  \
            }                                                                 \
        }                                                                     \
        check_psync("shmem_broadcast" #B);                                    \
                                                                              \
        for (size_t i = 0; i < cap; i++)                                      \
            dst[i] = (T)SENTINEL;                                             \
        for (size_t i = 0; i < CNT(me); i++)                                  \
            src[i] = VAL(T, me, i);                                           \
        shmem_collect##B(dst, src, CNT(me), s->start, s->log, n, psync);      \
        size_t off = 0;                                                       \
        for (int k = 0; k < n; k++)                                           \
            for (size_t i = 0; i < CNT(k); i++, off++)                        \
                CHECK(dst[off] == VAL(T, k, i), "collect" #B ", member %d's " \
                      "element %zu: %g", k, i, (double)dst[off]);             \
        CHECK(dst[off] == (T)SENTINEL, "collect" #B " wrote past %zu", off);  \
        check_psync("shmem_collect" #B);                                      \
                                                                              \
        for (size_t i = 0; i < NB; i++)                                       \
            src[i] = VAL(T, me, i);                                           \
        shmem_fcollect##B(dst, src, NB, s->start, s->log, n, psync);          \
        for (size_t j = 0; j < (size_t)n * NB; j++)                           \
            CHECK(dst[j] == VAL(T, j / NB, j % NB), "fcollect" #B ", element " \
                  "%zu: %g", j, (double)dst[j]);                              \
        check_psync("shmem_fcollect" #B);                                     \
                                                                              \
        for (size_t j = 0; j < (size_t)n * NB; j++)                           \
            src[j] = VAL(T, me, j);                                           \
        shmem_alltoall##B(dst, src, NB, s->start, s->log, n, psync);          \
        for (size_t j = 0; j < (size_t)n * NB; j++)                           \
            CHECK(dst[j] == VAL(T, j / NB, (size_t)me * NB + j % NB),         \
                  "alltoall" #B ", element %zu: %g", j, (double)dst[j]);      \
        check_psync("shmem_alltoall" #B);                                     \
                                                                              \
        for (size_t i = 0; i < cap; i++) {                                    \
            dst[i] = (T)SENTINEL;                                             \
            src[i] = i % SST ? (T)SENTINEL : VAL(T, me, i / SST);             \
        }                                                                     \
        shmem_alltoalls##B(dst, src, DST, SST, NB, s->start, s->log, n, psync); \
        for (size_t i = 0; i < cap; i++) {                                    \
            size_t j = i / DST;                                               \
            T want = i % DST == 0 && j < (size_t)n * NB                       \
                         ? VAL(T, j / NB, (size_t)me * NB + j % NB)           \
                         : (T)SENTINEL;                                       \
            CHECK(dst[i] == want, "alltoalls" #B ", element %zu: %g, want %g", \
                  i, (double)dst[i], (double)want);                           \
        }                                                                     \
        check_psync("shmem_alltoalls" #B);                                    \
    }
SHMEMI_COLL_SIZES(SIZED_TEST)

/* Out of place at NRED, then in place at 1 (member 0's slice alone). */
#define TO_ALL_TEST(T, N, OP)                                                 \
    static void to_all_##N##_##OP(const struct set *s)                        \
    {                                                                         \
        int me = s->me, n = s->size;                                          \
        T *src = bsrc, *dst = bdst;                                           \
        for (size_t i = 0; i < NRED; i++) {                                   \
            src[i] = IN_##OP(T, me, i);                                       \
            dst[i] = (T)SENTINEL;                                             \
        }                                                                     \
        shmem_##N##_##OP##_to_all(dst, src, NRED, s->start, s->log, n, bwrk,  \
                                  psync);                                     \
        shmem_##N##_##OP##_to_all(src, src, 1, s->start, s->log, n, bwrk,     \
                                  psync);                                     \
        for (size_t i = 0; i < NRED; i++) {                                   \
            T want = IN_##OP(T, 0, i);                                        \
            for (int k = 1; k < n; k++)                                       \
                want = (T)OP_##OP(want, IN_##OP(T, k, i));                    \
            CHECK(dst[i] == want, #N "_" #OP "_to_all on %d PEs, element "    \
                  "%zu: %g, want %g", n, i, (double)dst[i], (double)want);    \
            CHECK(src[i] == (i ? IN_##OP(T, me, i) : want),                   \
                  #N "_" #OP "_to_all in place, element %zu", i);             \
        }                                                                     \
    }
#define TO_ALL_OP(CLASS, OP) SHMEMI_TO_ALL_##CLASS##_TYPES(TO_ALL_TEST, OP)
SHMEMI_REDUCE_OPS(TO_ALL_OP)

static void run(const struct set *s)
{
    barrier_test(s, 0);
    barrier_test(s, 1);
#define RUN_SIZED(B) sized_##B(s);
    SHMEMI_COLL_SIZES(RUN_SIZED)
#define RUN_TO_ALL(T, N, OP) to_all_##N##_##OP(s);
#define RUN_TO_ALL_OP(CLASS, OP) SHMEMI_TO_ALL_##CLASS##_TYPES(RUN_TO_ALL, OP)
    SHMEMI_REDUCE_OPS(RUN_TO_ALL_OP)
    check_psync("the reductions");
}

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    cap = (size_t)npes * NB * SST;
    psync = shmem_malloc(SHMEM_SYNC_SIZE * sizeof(long));
    box = shmem_calloc(2, sizeof(long));
    bsrc = shmem_malloc((cap > NRED ? cap : NRED) * sizeof(long double _Complex));
    bdst = shmem_malloc((cap > NRED ? cap : NRED) * sizeof(long double _Complex));
    size_t wrk = NRED / 2 + 1 > SHMEM_REDUCE_MIN_WRKDATA_SIZE ? NRED / 2 + 1
                                                              : SHMEM_REDUCE_MIN_WRKDATA_SIZE;
    bwrk = shmem_malloc(wrk * sizeof(long double _Complex));
    CHECK(psync && box && bsrc && bdst && bwrk, "allocation");
    for (int i = 0; i < SHMEM_SYNC_SIZE; i++)
        psync[i] = SHMEM_SYNC_VALUE;
    shmem_barrier_all();

    struct set world = {0, 0, npes, me};
    run(&world);
    /* The PEs of my parity: start 0 or 1, stride 2^1. */
    struct set parity = {me % 2, 1, (npes - me % 2 + 1) / 2, me / 2};
    run(&parity);

    shmem_free(bwrk);
    shmem_free(bdst);
    shmem_free(bsrc);
    shmem_free(box);
    shmem_free(psync);
    shmem_finalize();
    return 0;
}
