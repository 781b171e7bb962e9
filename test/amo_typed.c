/* Every AMO routine for every row of its table: typed and context forms,
 * the C11 generic names (with and without a context), the non-blocking
 * fetching forms and the deprecated names. Each PE operates on its right
 * neighbour's words only, so every result (fetched values and the final
 * word, which the owner checks) is known exactly; at odd PE counts and at
 * 1 PE (where the neighbour is the PE itself) alike. */
#include <math.h>

#include "amo_chains.h"
#include "check.h"
#include "ring.h"

/* How a test names a routine: typed, typed with a context, generic, and
 * generic with a context. A context form takes ctx as its first argument. */
#define TF(N, op) shmem_##N##_##op
#define TCF(N, op) shmem_ctx_##N##_##op
#define GF(N, op) shmem_##op
#define GCF(N, op) shmem_##op
#define NOCTX(...) __VA_ARGS__
#define WITHCTX(...) SHMEM_CTX_DEFAULT, __VA_ARGS__

/* Runs one test per form, each on its own word of the right neighbour, then
 * checks after a barrier that the owner's words hold `final`. */
#define FORMS(T, N, NAME, final)                                              \
    static void NAME##_##N(void)                                              \
    {                                                                         \
        T *w = shmem_calloc(4, sizeof(T));                                    \
        CHECK(w != NULL, #NAME " " #N ": allocation");                        \
        shmem_barrier_all();                                                  \
        NAME##_TF_##N(&w[0]);                                                 \
        NAME##_TCF_##N(&w[1]);                                                \
        NAME##_GF_##N(&w[2]);                                                 \
        NAME##_GCF_##N(&w[3]);                                                \
        shmem_barrier_all();                                                  \
        for (int f = 0; f < 4; f++)                                           \
            CHECK(w[f] == (final), #NAME " " #N ": form %d left %g, want %g", \
                  f, (double)w[f], (double)(final));                          \
        shmem_free(w);                                                        \
    }

#define EXPECT(T, N, what, got, want)                                         \
    CHECK((got) == (T)(want), "%s %s: %s returned %g, want %g", form, #N,    \
          what, (double)(got), (double)(T)(want))

/* The chains of amo_chains.h, each form on its own heap word. */
#define STD_TEST(T, N, F, C)                                                  \
    static void std_##F##_##N(T *x)                                           \
    {                                                                         \
        const char *form = #F;                                                \
        T f = 0;                                                              \
        AMO_STD_CHAIN(T, N, F, C, x, f, shmem_quiet())                        \
    }
#define STD_ALL(T, N)                                                         \
    STD_TEST(T, N, TF, NOCTX)                                                 \
    STD_TEST(T, N, TCF, WITHCTX)                                              \
    STD_TEST(T, N, GF, NOCTX)                                                 \
    STD_TEST(T, N, GCF, WITHCTX)                                              \
    FORMS(T, N, std, (T)-5)
SHMEMI_AMO_STANDARD_TYPES(STD_ALL)

#define EXT_TEST(T, N, F, C)                                                  \
    static void ext_##F##_##N(T *x)                                           \
    {                                                                         \
        const char *form = #F;                                                \
        T f = 0;                                                              \
        AMO_EXT_CHAIN(T, N, F, C, x, f, shmem_quiet())                        \
    }
#define EXT_ALL(T, N)                                                         \
    EXT_TEST(T, N, TF, NOCTX)                                                 \
    EXT_TEST(T, N, TCF, WITHCTX)                                              \
    EXT_TEST(T, N, GF, NOCTX)                                                 \
    EXT_TEST(T, N, GCF, WITHCTX)                                              \
    FORMS(T, N, ext, (T)-9)
SHMEMI_AMO_EXTENDED_TYPES(EXT_ALL)

#define BIT_TEST(T, N, F, C)                                                  \
    static void bit_##F##_##N(T *x)                                           \
    {                                                                         \
        const char *form = #F;                                                \
        T f = 0;                                                              \
        AMO_BIT_CHAIN(T, N, F, C, x, f, shmem_quiet())                        \
    }
#define BIT_ALL(T, N)                                                         \
    BIT_TEST(T, N, TF, NOCTX)                                                 \
    BIT_TEST(T, N, TCF, WITHCTX)                                              \
    BIT_TEST(T, N, GF, NOCTX)                                                 \
    BIT_TEST(T, N, GCF, WITHCTX)                                              \
    FORMS(T, N, bit, (T)(AMO_TOP(T) | 0x01))
SHMEMI_AMO_BITWISE_TYPES(BIT_ALL)

/* The deprecated names, typed and generic (which have no context form, so
 * the two context slots repeat the plain forms). The generic names expand
 * the deprecated tables themselves, which the preprocessor refuses inside
 * an expansion of those same tables, so these rows are written out; main
 * runs them from the tables, so a row missing here fails to link. */
#define DTF(N, op) shmem_##N##_##op
#define DGF(N, op) shmem_##op
#define DEP_TEST(T, N, F)                                                     \
    static void dep_##F##_##N(T *x)                                           \
    {                                                                         \
        const char *form = #F;                                                \
        EXPECT(T, N, "finc", F(N, finc)(x, right), 0);                        \
        F(N, inc)(x, right);                                                  \
        EXPECT(T, N, "fadd", F(N, fadd)(x, (T)5, right), 2);                  \
        F(N, add)(x, (T)3, right);                                            \
        EXPECT(T, N, "cswap", F(N, cswap)(x, (T)10, (T)30, right), 10);       \
        EXPECT(T, N, "failing cswap", F(N, cswap)(x, (T)10, (T)5, right), 30); \
    }
#define DEP_ALL(T, N)                                                         \
    DEP_TEST(T, N, DTF)                                                       \
    DEP_TEST(T, N, DGF)                                                       \
    static void dep_TF_##N(T *x) { dep_DTF_##N(x); }                          \
    static void dep_TCF_##N(T *x) { dep_DTF_##N(x); }                         \
    static void dep_GF_##N(T *x) { dep_DGF_##N(x); }                          \
    static void dep_GCF_##N(T *x) { dep_DGF_##N(x); }                         \
    FORMS(T, N, dep, (T)30)
DEP_ALL(int, int)
DEP_ALL(long, long)
DEP_ALL(long long, longlong)

/* fetch, set and swap, with values that are exact (or truncate the same
 * way on both sides) in the integer rows and the floating-point ones. */
#define DEP_EXT_TEST(T, N, F)                                                 \
    static void depx_##F##_##N(T *x)                                          \
    {                                                                         \
        const char *form = #F;                                                \
        F(N, set)(x, (T)1.5, right);                                          \
        EXPECT(T, N, "fetch", F(N, fetch)(x, right), 1.5);                    \
        EXPECT(T, N, "swap", F(N, swap)(x, (T)-4.25, right), 1.5);            \
    }
#define DEP_EXT_ALL(T, N)                                                     \
    DEP_EXT_TEST(T, N, DTF)                                                   \
    DEP_EXT_TEST(T, N, DGF)                                                   \
    static void depx_TF_##N(T *x) { depx_DTF_##N(x); }                        \
    static void depx_TCF_##N(T *x) { depx_DTF_##N(x); }                       \
    static void depx_GF_##N(T *x) { depx_DGF_##N(x); }                        \
    static void depx_GCF_##N(T *x) { depx_DGF_##N(x); }                       \
    FORMS(T, N, depx, (T)-4.25)
DEP_EXT_ALL(float, float)
DEP_EXT_ALL(double, double)
DEP_EXT_ALL(int, int)
DEP_EXT_ALL(long, long)
DEP_EXT_ALL(long long, longlong)

/* Floating-point words travel as bits: values an arithmetic path would
 * change (negative zero, a NaN payload, the smallest subnormal) survive. */
static void float_bits(void)
{
    double *d = shmem_malloc(sizeof *d);
    float *f = shmem_malloc(sizeof *f);
    CHECK(d && f, "allocation");
    shmem_barrier_all();
    shmem_double_atomic_set(d, -0.0, right);
    double dz = shmem_double_atomic_fetch(d, right);
    CHECK(dz == 0.0 && signbit(dz), "double -0.0 came back as %g", dz);
    shmem_double_atomic_swap(d, 4.9e-324, right);
    CHECK(shmem_double_atomic_fetch(d, right) == 4.9e-324, "double subnormal");
    shmem_float_atomic_set(f, nanf("0x2a5"), right);
    float fn = shmem_float_atomic_swap(f, 1.0f, right);
    union { float f; uint32_t u; } a = {.f = fn}, b = {.f = nanf("0x2a5")};
    CHECK(a.u == b.u, "float NaN bits %#x, want %#x", a.u, b.u);
    shmem_barrier_all();
    shmem_free(f);
    shmem_free(d);
}

int main(void)
{
    ring_start();

#define RUN_STD(T, N) std_##N();
    SHMEMI_AMO_STANDARD_TYPES(RUN_STD)
#define RUN_EXT(T, N) ext_##N();
    SHMEMI_AMO_EXTENDED_TYPES(RUN_EXT)
#define RUN_BIT(T, N) bit_##N();
    SHMEMI_AMO_BITWISE_TYPES(RUN_BIT)
#define RUN_DEP(T, N) dep_##N();
    SHMEMI_AMO_DEPRECATED_TYPES(RUN_DEP)
#define RUN_DEP_EXT(T, N) depx_##N();
    SHMEMI_AMO_DEPRECATED_EXTENDED_TYPES(RUN_DEP_EXT)
    float_bits();

    /* 1.0-1.2's untyped shmem_swap, called past the generic macro. */
    long *w = shmem_malloc(sizeof *w);
    *w = me;
    shmem_barrier_all();
    long old = (shmem_swap)(w, 100 + me, right);
    CHECK(old == right, "untyped shmem_swap returned %ld, not %d", old, right);
    shmem_barrier_all();
    CHECK(*w == 100 + left, "untyped shmem_swap left %ld", *w);
    shmem_free(w);

    shmem_finalize();
    return 0;
}
