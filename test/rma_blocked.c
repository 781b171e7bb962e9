/* Blocked strided RMA (1.6 ibput/ibget): every typed form of the standard
 * RMA table, the C11 generic names for every distinct C type, and the sized
 * forms, each plain and with a context. The context is made on a team that
 * lists the PEs in reverse, so its PE numbers differ from the world's. Each
 * PE puts to its right neighbour and gets from its left one, under block
 * layouts that mix contiguous and gapped blocks on either side; every
 * element of the destination is checked, gaps included. */
#include <string.h>

#include "check.h"
#include "ring.h"

#define RS 16 /* elements per region: room for the largest layout below */
#define NLAY 5
#define GET_REG 90

/* Layouts: bsize, nblocks, dst, sst (strides in elements, at least bsize). */
static const size_t lay_bsize[NLAY] = {2, 3, 4, 1, 5};
static const size_t lay_nblocks[NLAY] = {3, 2, 1, 4, 3};
static const ptrdiff_t lay_dst[NLAY] = {5, 3, 4, 2, 5};
static const ptrdiff_t lay_sst[NLAY] = {2, 4, 7, 3, 5};

/* The reversed team's context and the neighbours' numbers in it. */
static shmem_ctx_t rctx;
static int rright, rleft;

/* Index into the source of element j of a destination laid out at stride
 * d, or -1 for a gap that the transfer must leave alone. */
static int src_index(int lay, size_t j, ptrdiff_t d, ptrdiff_t s)
{
    size_t b = j / (size_t)d, k = j % (size_t)d;
    if (b >= lay_nblocks[lay] || k >= lay_bsize[lay])
        return -1;
    return (int)(b * (size_t)s + k);
}

/* Small positive integers, exact in every type of the table (signed char
 * and float included), that differ between neighbours, regions and
 * elements. */
#define VAL(T, pe, reg, i) ((T)(((pe) * 31 + (reg) * 11 + (i) * 3) % 97 + 1))

/* Region r = 2 * layout + form: form 0 is the plain routine, 1 the
 * context one. F names a routine of the plain form, CF the context form. */
#define TF(N, op) shmem_##N##_##op
#define TCF(N, op) shmem_ctx_##N##_##op
#define GF(N, op) shmem_##op
#define GCF(N, op) shmem_##op

#define BLOCKED_TEST(T, N, F, CF)                                             \
    static void F##_##N(void)                                                 \
    {                                                                         \
        T *dst = shmem_calloc(2 * NLAY * RS, sizeof(T));                      \
        T *src = shmem_malloc(RS * sizeof(T));                                \
        CHECK(dst && src, #F " " #N ": allocation");                          \
        for (int j = 0; j < RS; j++)                                          \
            src[j] = VAL(T, me, GET_REG, j);                                  \
        T loc[RS];                                                            \
        for (int r = 0; r < 2 * NLAY; r++) {                                  \
            int l = r / 2;                                                    \
            for (int j = 0; j < RS; j++)                                      \
                loc[j] = VAL(T, me, r, j);                                    \
            if (r % 2 == 0)                                                   \
                F(N, ibput)(dst + r * RS, loc, lay_dst[l], lay_sst[l],        \
                            lay_bsize[l], lay_nblocks[l], right);             \
            else                                                              \
                CF(N, ibput)(rctx, dst + r * RS, loc, lay_dst[l], lay_sst[l], \
                             lay_bsize[l], lay_nblocks[l], rright);           \
        }                                                                     \
        shmem_ctx_quiet(rctx);                                                \
        shmem_barrier_all();                                                  \
        for (int r = 0; r < 2 * NLAY; r++)                                    \
            for (int j = 0; j < RS; j++) {                                    \
                int l = r / 2, i = src_index(l, j, lay_dst[l], lay_sst[l]);   \
                T want = i < 0 ? (T)0 : VAL(T, left, r, i);                   \
                CHECK(dst[r * RS + j] == want,                                \
                      #F " " #N ": ibput region %d, element %d: %g, want %g", \
                      r, j, (double)dst[r * RS + j], (double)want);           \
            }                                                                 \
        T out[RS];                                                            \
        for (int r = 0; r < 2 * NLAY; r++) {                                  \
            int l = r / 2;                                                    \
            /* Get layouts swap the strides: dst is the local side. */        \
            for (int j = 0; j < RS; j++)                                      \
                out[j] = (T)0;                                                \
            if (r % 2 == 0)                                                   \
                F(N, ibget)(out, src, lay_sst[l], lay_dst[l], lay_bsize[l],   \
                            lay_nblocks[l], left);                            \
            else                                                              \
                CF(N, ibget)(rctx, out, src, lay_sst[l], lay_dst[l],          \
                             lay_bsize[l], lay_nblocks[l], rleft);            \
            for (int j = 0; j < RS; j++) {                                    \
                int i = src_index(l, j, lay_sst[l], lay_dst[l]);              \
                T want = i < 0 ? (T)0 : VAL(T, left, GET_REG, i);             \
                CHECK(out[j] == want,                                         \
                      #F " " #N ": ibget round %d, element %d: %g, want %g",  \
                      r, j, (double)out[j], (double)want);                    \
            }                                                                 \
        }                                                                     \
        /* Others read src until every get is done. */                        \
        shmem_barrier_all();                                                  \
        shmem_free(src);                                                      \
        shmem_free(dst);                                                      \
    }

#define TYPED_TEST(T, N) BLOCKED_TEST(T, N, TF, TCF)
SHMEMI_RMA_TYPES(TYPED_TEST)
/* The generic names expand SHMEMI_RMA_GENERIC_TYPES themselves, which the
 * preprocessor refuses inside an expansion of that same table, so these
 * rows are written out; main runs them from the table, so a row missing
 * here fails to link and an extra one is an unused function. */
BLOCKED_TEST(float, float, GF, GCF)
BLOCKED_TEST(double, double, GF, GCF)
BLOCKED_TEST(long double, longdouble, GF, GCF)
BLOCKED_TEST(char, char, GF, GCF)
BLOCKED_TEST(signed char, schar, GF, GCF)
BLOCKED_TEST(short, short, GF, GCF)
BLOCKED_TEST(int, int, GF, GCF)
BLOCKED_TEST(long, long, GF, GCF)
BLOCKED_TEST(long long, longlong, GF, GCF)
BLOCKED_TEST(unsigned char, uchar, GF, GCF)
BLOCKED_TEST(unsigned short, ushort, GF, GCF)
BLOCKED_TEST(unsigned int, uint, GF, GCF)
BLOCKED_TEST(unsigned long, ulong, GF, GCF)
BLOCKED_TEST(unsigned long long, ulonglong, GF, GCF)

/* Byte k of a PE's data for region reg: differs between the bytes of one
 * element, so a misplaced or truncated element shows. */
static unsigned char val(int pe, int reg, size_t k)
{
    return (unsigned char)(pe * 37 + reg * 11 + k * 5 + 1);
}

/* Element j (E bytes) of a destination at stride d from a source read at
 * stride s holding val(pe, reg, ...); gaps stay 0. */
static void check_sized(const unsigned char *got, size_t E, int lay, ptrdiff_t d,
                        ptrdiff_t s, int pe, int reg, const char *what)
{
    for (size_t j = 0; j < RS; j++) {
        int i = src_index(lay, j, d, s);
        CHECK_EACH(got + j * E, b, E, i < 0 ? 0 : val(pe, reg, (size_t)i * E + b),
                   "%s layout %d, %zu-byte element %zu", what, lay, E, j);
    }
}

#define SIZED_TEST(B)                                                         \
    static void sized_##B(void)                                               \
    {                                                                         \
        enum { E = B / 8 };                                                   \
        unsigned char *dst = shmem_calloc(2 * NLAY * RS, E);                  \
        unsigned char *src = shmem_malloc(RS * E);                            \
        CHECK(dst && src, "ibput%d: allocation", B);                          \
        for (size_t k = 0; k < RS * E; k++)                                   \
            src[k] = val(me, GET_REG, k);                                     \
        unsigned char loc[RS * E];                                            \
        for (int r = 0; r < 2 * NLAY; r++) {                                  \
            int l = r / 2;                                                    \
            for (size_t k = 0; k < RS * E; k++)                               \
                loc[k] = val(me, r, k);                                       \
            if (r % 2 == 0)                                                   \
                shmem_ibput##B(dst + r * RS * E, loc, lay_dst[l], lay_sst[l], \
                               lay_bsize[l], lay_nblocks[l], right);          \
            else                                                              \
                shmem_ctx_ibput##B(rctx, dst + r * RS * E, loc, lay_dst[l],   \
                                   lay_sst[l], lay_bsize[l], lay_nblocks[l],  \
                                   rright);                                   \
        }                                                                     \
        shmem_ctx_quiet(rctx);                                                \
        shmem_barrier_all();                                                  \
        for (int r = 0; r < 2 * NLAY; r++)                                    \
            check_sized(dst + r * RS * E, E, r / 2, lay_dst[r / 2],           \
                        lay_sst[r / 2], left, r, "ibput" #B);                 \
        unsigned char out[RS * E];                                            \
        for (int r = 0; r < 2 * NLAY; r++) {                                  \
            int l = r / 2;                                                    \
            memset(out, 0, sizeof out);                                       \
            if (r % 2 == 0)                                                   \
                shmem_ibget##B(out, src, lay_sst[l], lay_dst[l], lay_bsize[l], \
                               lay_nblocks[l], left);                         \
            else                                                              \
                shmem_ctx_ibget##B(rctx, out, src, lay_sst[l], lay_dst[l],    \
                                   lay_bsize[l], lay_nblocks[l], rleft);      \
            check_sized(out, E, l, lay_sst[l], lay_dst[l], left, GET_REG,     \
                        "ibget" #B);                                          \
        }                                                                     \
        shmem_barrier_all();                                                  \
        shmem_free(src);                                                      \
        shmem_free(dst);                                                      \
    }
SHMEMI_SIZES(SIZED_TEST)

/* Zero blocks, or blocks of zero elements, move nothing, even with
 * strides that would be wrong for a real transfer. */
static void empty(void)
{
    long *d = shmem_calloc(4, sizeof(long));
    long loc[4] = {1, 2, 3, 4};
    CHECK(d, "allocation");
    shmem_long_ibput(d, loc, 1, 1, 2, 0, right);
    shmem_long_ibput(d, loc, 1, 1, 0, 3, right);
    shmem_ibget64(loc, d, 1, 1, 0, 2, left);
    shmem_barrier_all();
    CHECK_EACH(d, i, 4, 0, "an empty ibput changed the target");
    CHECK_EACH(loc, i, 4, (long)i + 1, "an empty ibget changed the destination");
    shmem_barrier_all();
    shmem_free(d);
}

int main(void)
{
    ring_start();
    shmem_team_t rev;
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, npes - 1, -1, npes, NULL, 0, &rev) == 0,
          "reversed team");
    CHECK(shmem_team_create_ctx(rev, 0, &rctx) == 0, "context on the reversed team");
    rright = shmem_team_translate_pe(SHMEM_TEAM_WORLD, right, rev);
    rleft = shmem_team_translate_pe(SHMEM_TEAM_WORLD, left, rev);
    CHECK(rright == npes - 1 - right && rleft == npes - 1 - left,
          "reversed numbers %d %d", rright, rleft);

#define RUN_TYPED(T, N) TF_##N();
    SHMEMI_RMA_TYPES(RUN_TYPED)
#define RUN_GENERIC(T, N) GF_##N();
    SHMEMI_RMA_GENERIC_TYPES(RUN_GENERIC)
#define RUN_SIZED(B) sized_##B();
    SHMEMI_SIZES(RUN_SIZED)
    empty();

    shmem_ctx_destroy(rctx);
    shmem_team_destroy(rev);
    shmem_finalize();
    return 0;
}
