/* Broadcast, collect, fcollect, alltoall and alltoalls by their typed names
 * for every row of the standard RMA table, by the mem names and by the C11
 * generic names, on SHMEM_TEAM_WORLD and on the world in reverse order (so
 * that roots and block order are team indices, not PE numbers): every
 * root; collect with a different count on each PE, 0 included; alltoalls
 * with different strides on the two sides. Elements just past what a
 * routine may write must keep their sentinel. */
#include "check.h"

#define NB 5  /* elements per member */
#define DST 2 /* alltoalls strides */
#define SST 3
#define SENTINEL 99

/* Member k's element i: small positive integers, exact in every type. */
#define VAL(T, k, i) ((T)(((k) * 31 + (int)(i) * 3) % 97 + 1))
/* Collect's count on member k: 0, 2, 1, 0, 2, ... */
#define CNT(k) ((size_t)((k) * 2 % 3))

static void *bsrc, *bdst;
static size_t cap; /* elements of the largest type in each buffer */

#define TF(N, op) shmem_##N##_##op
#define GF(N, op) shmem_##op
#define MF(N, op) shmem_##op##mem

#define DATA_TEST(T, N, F)                                                    \
    static void F##_##N(shmem_team_t team)                                    \
    {                                                                         \
        int me = shmem_team_my_pe(team), n = shmem_team_n_pes(team);          \
        T *src = bsrc, *dst = bdst;                                           \
        for (int root = 0; root < n; root++) {                                \
            for (size_t i = 0; i < NB; i++)                                   \
                src[i] = VAL(T, me, i);                                       \
            for (size_t i = 0; i <= NB; i++)                                  \
                dst[i] = (T)SENTINEL;                                         \
            CHECK(F(N, broadcast)(team, dst, src, NB, root) == 0,             \
                  #F " " #N " broadcast returned nonzero");                   \
            for (size_t i = 0; i <= NB; i++)                                  \
                CHECK(dst[i] == (i < NB ? VAL(T, root, i) : (T)SENTINEL),     \
                      #F " " #N " broadcast from %d, element %zu: %g", root, \
                      i, (double)dst[i]);                                     \
        }                                                                     \
                                                                              \
        for (size_t i = 0; i < cap; i++)                                      \
            dst[i] = (T)SENTINEL;                                             \
        for (size_t i = 0; i < CNT(me); i++)                                  \
            src[i] = VAL(T, me, i);                                           \
        CHECK(F(N, collect)(team, dst, src, CNT(me)) == 0,                    \
              #F " " #N " collect returned nonzero");                         \
        size_t off = 0;                                                       \
        for (int k = 0; k < n; k++)                                           \
            for (size_t i = 0; i < CNT(k); i++, off++)                        \
                CHECK(dst[off] == VAL(T, k, i), #F " " #N " collect, PE %d's " \
                      "element %zu: %g", k, i, (double)dst[off]);             \
        CHECK(dst[off] == (T)SENTINEL, #F " " #N " collect wrote past %zu", off); \
                                                                              \
        for (size_t i = 0; i < NB; i++)                                       \
            src[i] = VAL(T, me, i);                                           \
        CHECK(F(N, fcollect)(team, dst, src, NB) == 0,                        \
              #F " " #N " fcollect returned nonzero");                        \
        for (size_t j = 0; j < (size_t)n * NB; j++)                           \
            CHECK(dst[j] == VAL(T, j / NB, j % NB), #F " " #N " fcollect, "   \
                  "element %zu: %g", j, (double)dst[j]);                      \
                                                                              \
        for (size_t i = 0; i < cap; i++)                                      \
            dst[i] = (T)SENTINEL;                                             \
        for (size_t j = 0; j < (size_t)n * NB; j++)                           \
            src[j] = VAL(T, me, j);                                           \
        CHECK(F(N, alltoall)(team, dst, src, NB) == 0,                        \
              #F " " #N " alltoall returned nonzero");                        \
        for (size_t j = 0; j <= (size_t)n * NB; j++) {                        \
            T want = j < (size_t)n * NB                                       \
                         ? VAL(T, j / NB, (size_t)me * NB + j % NB)           \
                         : (T)SENTINEL;                                       \
            CHECK(dst[j] == want, #F " " #N " alltoall, element %zu: %g, "    \
                  "want %g", j, (double)dst[j], (double)want);                \
        }                                                                     \
                                                                              \
        for (size_t i = 0; i < cap; i++) {                                    \
            dst[i] = (T)SENTINEL;                                             \
            src[i] = i % SST ? (T)SENTINEL : VAL(T, me, i / SST);             \
        }                                                                     \
        CHECK(F(N, alltoalls)(team, dst, src, DST, SST, NB) == 0,             \
              #F " " #N " alltoalls returned nonzero");                       \
        for (size_t i = 0; i < cap; i++) {                                    \
            size_t j = i / DST;                                               \
            T want = i % DST == 0 && j < (size_t)n * NB                       \
                         ? VAL(T, j / NB, (size_t)me * NB + j % NB)           \
                         : (T)SENTINEL;                                       \
            CHECK(dst[i] == want, #F " " #N " alltoalls, element %zu: %g, "   \
                  "want %g", i, (double)dst[i], (double)want);                \
        }                                                                     \
    }

#define TYPED_TEST(T, N) DATA_TEST(T, N, TF)
SHMEMI_RMA_TYPES(TYPED_TEST)
DATA_TEST(unsigned char, bytes, MF)
/* The generic names expand SHMEMI_RMA_GENERIC_TYPES themselves, which the
 * preprocessor refuses inside an expansion of that same table, so these rows
 * are written out; main runs them from the table, so a row missing here
 * fails to compile. */
DATA_TEST(float, float, GF)
DATA_TEST(double, double, GF)
DATA_TEST(long double, longdouble, GF)
DATA_TEST(char, char, GF)
DATA_TEST(signed char, schar, GF)
DATA_TEST(short, short, GF)
DATA_TEST(int, int, GF)
DATA_TEST(long, long, GF)
DATA_TEST(long long, longlong, GF)
DATA_TEST(unsigned char, uchar, GF)
DATA_TEST(unsigned short, ushort, GF)
DATA_TEST(unsigned int, uint, GF)
DATA_TEST(unsigned long, ulong, GF)
DATA_TEST(unsigned long long, ulonglong, GF)

static void run(shmem_team_t team)
{
#define RUN_TYPED(T, N) TF_##N(team);
    SHMEMI_RMA_TYPES(RUN_TYPED)
    MF_bytes(team);
#define RUN_GENERIC(T, N) GF_##N(team);
    SHMEMI_RMA_GENERIC_TYPES(RUN_GENERIC)
}

int main(void)
{
    shmem_init();
    int npes = shmem_n_pes();
    /* alltoalls: n blocks of NB elements, DST or SST apart. */
    cap = (size_t)npes * NB * SST;
    bsrc = shmem_malloc(cap * sizeof(long double));
    bdst = shmem_malloc(cap * sizeof(long double));
    CHECK(bsrc && bdst, "allocation");

    run(SHMEM_TEAM_WORLD);
    shmem_team_t reversed;
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, npes - 1, -1, npes, NULL, 0,
                                   &reversed) == 0, "split");
    run(reversed);
    shmem_team_destroy(reversed);

    CHECK(shmem_int_broadcast(SHMEM_TEAM_INVALID, bdst, bsrc, 1, 0) != 0 &&
          shmem_int_collect(SHMEM_TEAM_INVALID, bdst, bsrc, 1) != 0 &&
          shmem_int_fcollect(SHMEM_TEAM_INVALID, bdst, bsrc, 1) != 0 &&
          shmem_int_alltoall(SHMEM_TEAM_INVALID, bdst, bsrc, 1) != 0 &&
          shmem_int_alltoalls(SHMEM_TEAM_INVALID, bdst, bsrc, 1, 1, 1) != 0,
          "a collective on SHMEM_TEAM_INVALID returned 0");

    shmem_free(bdst);
    shmem_free(bsrc);
    shmem_finalize();
    return 0;
}
