/* Sandia OpenSHMEM's shmemx_ names for 1.6 routines (<shmemx.h>): blocked
 * strided puts and gets (every typed row of the RMA table and every size,
 * each plain and with a context), the sum scans (every row of their table),
 * signal_add and signal_set (plain and with a context), and the generic
 * names. Each PE puts to its right neighbour and gets from its left one;
 * every result is checked. */
#include <string.h>

#include <shmemx.h>

#include "check.h"
#include "ring.h"

static shmem_ctx_t ctx;

/* Blocks of 2 elements, 3 of them: source elements 0-5 taken 2 apart
 * (0 1, 2 3, 4 5 with a stride of 2 is contiguous), laid 3 apart in the
 * destination, whose elements 2, 5 and 8 stay untouched. */
#define BSIZE 2
#define NBLOCKS 3
#define DST 3
#define SST 2
#define SPAN 9 /* destination elements the layout covers */

/* Source element of destination element j, or -1 for a gap. */
static int src_of(int j) { return j % DST < BSIZE ? j / DST * SST + j % DST : -1; }

/* Small integers, exact in every type, that differ by PE and element. */
#define VAL(T, pe, i) ((T)((pe) * 10 + (i) + 1))

/* Region 0 is written by the plain form, region 1 by the context form. */
#define BLOCKED_TEST(T, N)                                                    \
    static void blocked_##N(void)                                             \
    {                                                                         \
        T *dst = shmem_calloc(2 * SPAN, sizeof(T));                           \
        T *src = shmem_malloc(2 * NBLOCKS * sizeof(T));                       \
        CHECK(dst && src, #N ": allocation");                                 \
        for (int i = 0; i < 2 * NBLOCKS; i++)                                 \
            src[i] = VAL(T, me, i);                                           \
        shmemx_##N##_ibput(dst, src, DST, SST, BSIZE, NBLOCKS, right);        \
        shmemx_ctx_##N##_ibput(ctx, dst + SPAN, src, DST, SST, BSIZE, NBLOCKS, \
                               right);                                        \
        shmem_ctx_quiet(ctx);                                                 \
        shmem_barrier_all();                                                  \
        for (int j = 0; j < 2 * SPAN; j++) {                                  \
            int i = src_of(j % SPAN);                                         \
            T want = i < 0 ? (T)0 : VAL(T, left, i);                          \
            CHECK(dst[j] == want, "shmemx_%s" #N "_ibput, element %d: %g, want %g", \
                  j < SPAN ? "" : "ctx_", j % SPAN, (double)dst[j], (double)want); \
        }                                                                     \
        T got[2 * SPAN];                                                      \
        memset(got, 0, sizeof got);                                           \
        shmemx_##N##_ibget(got, src, DST, SST, BSIZE, NBLOCKS, left);         \
        shmemx_ctx_##N##_ibget(ctx, got + SPAN, src, DST, SST, BSIZE, NBLOCKS, \
                               left);                                         \
        for (int j = 0; j < 2 * SPAN; j++) {                                  \
            int i = src_of(j % SPAN);                                         \
            T want = i < 0 ? (T)0 : VAL(T, left, i);                          \
            CHECK(got[j] == want, "shmemx_%s" #N "_ibget, element %d: %g, want %g", \
                  j < SPAN ? "" : "ctx_", j % SPAN, (double)got[j], (double)want); \
        }                                                                     \
        /* The left neighbour's gets read src until here. */                  \
        shmem_barrier_all();                                                  \
        shmem_free(src);                                                      \
        shmem_free(dst);                                                      \
    }
SHMEMI_RMA_TYPES(BLOCKED_TEST)

/* The sized forms move elements of B/8 bytes, compared byte by byte. */
#define BYTE(pe, i, k) ((unsigned char)((pe) * 16 + (i) * 4 + (k) + 1))
#define SIZED_TEST(B)                                                         \
    static void blocked_sized_##B(void)                                       \
    {                                                                         \
        const size_t e = (B) / 8;                                             \
        unsigned char *dst = shmem_calloc(2 * SPAN, e);                       \
        unsigned char *src = shmem_malloc(2 * NBLOCKS * e);                   \
        CHECK(dst && src, "size %d: allocation", B);                          \
        for (size_t b = 0; b < 2 * NBLOCKS * e; b++)                          \
            src[b] = BYTE(me, b / e, b % e);                                  \
        shmemx_ibput##B(dst, src, DST, SST, BSIZE, NBLOCKS, right);           \
        shmemx_ctx_ibput##B(ctx, dst + SPAN * e, src, DST, SST, BSIZE, NBLOCKS, \
                            right);                                           \
        shmem_ctx_quiet(ctx);                                                 \
        shmem_barrier_all();                                                  \
        unsigned char got[2 * SPAN * 16];                                     \
        memset(got, 0, sizeof got);                                           \
        shmemx_ibget##B(got, src, DST, SST, BSIZE, NBLOCKS, left);            \
        shmemx_ctx_ibget##B(ctx, got + SPAN * e, src, DST, SST, BSIZE, NBLOCKS, \
                            left);                                            \
        for (size_t b = 0; b < 2 * SPAN * e; b++) {                           \
            int i = src_of((int)(b / e % SPAN));                              \
            unsigned char want = i < 0 ? 0 : BYTE(left, (size_t)i, b % e);    \
            CHECK(dst[b] == want, "shmemx_ibput%d, byte %zu: %d, want %d", B,  \
                  b, dst[b], want);                                           \
            CHECK(got[b] == want, "shmemx_ibget%d, byte %zu: %d, want %d", B,  \
                  b, got[b], want);                                           \
        }                                                                     \
        shmem_barrier_all();                                                  \
        shmem_free(src);                                                      \
        shmem_free(dst);                                                      \
    }
SHMEMI_SIZES(SIZED_TEST)

/* Inclusive and exclusive sums over the world: PE p contributes
 * VAL(p, i) to element i; member 0's exclusive sums are zeros. */
#define SCAN_N 3
#define LAST_inscan me
#define LAST_exscan (me - 1)
#define SCAN_TEST(T, N, K)                                                    \
    static void scan_##N##_##K(void)                                          \
    {                                                                         \
        T *dst = shmem_malloc(SCAN_N * sizeof(T));                            \
        T *src = shmem_malloc(SCAN_N * sizeof(T));                            \
        CHECK(dst && src, #N " " #K ": allocation");                          \
        for (int i = 0; i < SCAN_N; i++)                                      \
            src[i] = VAL(T, me, i);                                           \
        CHECK(shmemx_##N##_sum_##K(SHMEM_TEAM_WORLD, dst, src, SCAN_N) == 0,  \
              "shmemx_" #N "_sum_" #K);                                       \
        for (int i = 0; i < SCAN_N; i++) {                                    \
            T want = 0;                                                       \
            for (int p = 0; p <= LAST_##K; p++)                               \
                want += VAL(T, p, i);                                         \
            CHECK(dst[i] == want, "shmemx_" #N "_sum_" #K ", element %d: %g, want %g", \
                  i, (double)dst[i], (double)want);                           \
        }                                                                     \
        shmem_free(src);                                                      \
        shmem_free(dst);                                                      \
    }
SHMEMI_REDUCE_ARITH_TYPES(SCAN_TEST, inscan)
SHMEMI_REDUCE_ARITH_TYPES(SCAN_TEST, exscan)

/* Each PE sets its right neighbour's words 0 (plain) and 1 (context) and
 * adds me + 1 to words 2 and 3 of every PE. */
static void signals(void)
{
    uint64_t *sig = shmem_calloc(4, sizeof(uint64_t));
    CHECK(sig, "signal allocation");
    shmemx_signal_set(&sig[0], 100 + (uint64_t)me, right);
    shmemx_ctx_signal_set(ctx, &sig[1], 200 + (uint64_t)me, right);
    for (int p = 0; p < npes; p++) {
        shmemx_signal_add(&sig[2], (uint64_t)me + 1, p);
        shmemx_ctx_signal_add(ctx, &sig[3], (uint64_t)me + 1, p);
    }
    shmem_ctx_quiet(ctx);
    shmem_barrier_all();
    uint64_t sum = (uint64_t)npes * (npes + 1) / 2;
    CHECK(sig[0] == 100 + (uint64_t)left, "shmemx_signal_set: %llu",
          (unsigned long long)sig[0]);
    CHECK(sig[1] == 200 + (uint64_t)left, "shmemx_ctx_signal_set: %llu",
          (unsigned long long)sig[1]);
    CHECK(sig[2] == sum, "shmemx_signal_add: %llu, want %llu", (unsigned long long)sig[2],
          (unsigned long long)sum);
    CHECK(sig[3] == sum, "shmemx_ctx_signal_add: %llu, want %llu",
          (unsigned long long)sig[3], (unsigned long long)sum);
    shmem_barrier_all();
    shmem_free(sig);
}

/* The generic names on one type each. */
static void generic(void)
{
    long *dst = shmem_calloc(SPAN, sizeof(long));
    long *src = shmem_malloc(SPAN * sizeof(long));
    CHECK(dst && src, "generic: allocation");
    for (int i = 0; i < SPAN; i++)
        src[i] = VAL(long, me, i);
    shmemx_ibput(dst, src, DST, SST, BSIZE, NBLOCKS, right);
    shmem_barrier_all();
    long got[SPAN] = {0};
    shmemx_ibget(ctx, got, src, DST, SST, BSIZE, NBLOCKS, left);
    for (int j = 0; j < SPAN; j++) {
        long want = src_of(j) < 0 ? 0 : VAL(long, left, src_of(j));
        CHECK(dst[j] == want && got[j] == want,
              "generic ibput/ibget, element %d: %ld and %ld, want %ld", j, dst[j], got[j],
              want);
    }
    shmem_barrier_all();
    long in = 10L * me * (me + 1) / 2 + me + 1; /* VAL(long, p, 0) for p <= me */
    CHECK(shmemx_sum_inscan(SHMEM_TEAM_WORLD, dst, src, 1) == 0 && dst[0] == in,
          "shmemx_sum_inscan: %ld, want %ld", dst[0], in);
    CHECK(shmemx_sum_exscan(SHMEM_TEAM_WORLD, dst, src, 1) == 0 && dst[0] == in - src[0],
          "shmemx_sum_exscan: %ld, want %ld", dst[0], in - src[0]);
    shmem_free(src);
    shmem_free(dst);
}

int main(void)
{
    ring_start();
    CHECK(shmem_ctx_create(0, &ctx) == 0, "shmem_ctx_create");
#define RUN(T, N) blocked_##N();
    SHMEMI_RMA_TYPES(RUN)
#undef RUN
#define RUN(B) blocked_sized_##B();
    SHMEMI_SIZES(RUN)
#undef RUN
#define RUN(T, N, K) scan_##N##_##K();
    SHMEMI_REDUCE_ARITH_TYPES(RUN, inscan)
    SHMEMI_REDUCE_ARITH_TYPES(RUN, exscan)
#undef RUN
    signals();
    generic();
    shmem_ctx_destroy(ctx);
    shmem_finalize();
    return 0;
}
