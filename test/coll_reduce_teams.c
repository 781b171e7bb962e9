/* Team reductions and scans by the C11 generic names, for every distinct C
 * type of each operation's table, and on teams other than the world: the
 * world in reverse order (every scan, so that team order is what counts),
 * SHMEM_TEAM_SHARED, the odd PEs and the first three PEs, which leave PEs
 * out and have sizes that are not powers of two. */
#include "coll_reduce.h"

/* The generic names expand the generic tables themselves, which the
 * preprocessor refuses inside an expansion of those same tables, so these
 * rows are written out; main runs them from the tables, so a row missing
 * here fails to compile. */
#define G_REDUCE(T, N, OP) REDUCE_TEST(T, N, OP, reduce, GF_reduce(N, OP), g_##N##_##OP)
#define G_SCAN(T, N, K) REDUCE_TEST(T, N, K, K, GF_scan(N, K), g_##N##_##K)
#define G_BITWISE(T, N) G_REDUCE(T, N, and) G_REDUCE(T, N, or) G_REDUCE(T, N, xor)
#define G_MINMAX(T, N) G_REDUCE(T, N, max) G_REDUCE(T, N, min)
#define G_ARITH(T, N)                                                         \
    G_REDUCE(T, N, sum) G_REDUCE(T, N, prod) G_SCAN(T, N, inscan)             \
    G_SCAN(T, N, exscan)
G_BITWISE(unsigned char, uchar)
G_BITWISE(unsigned short, ushort)
G_BITWISE(unsigned int, uint)
G_BITWISE(unsigned long, ulong)
G_BITWISE(unsigned long long, ulonglong)
G_BITWISE(int8_t, int8)
G_BITWISE(int16_t, int16)
G_BITWISE(int32_t, int32)
G_BITWISE(int64_t, int64)
G_MINMAX(char, char)
G_MINMAX(signed char, schar)
G_MINMAX(short, short)
G_MINMAX(int, int)
G_MINMAX(long, long)
G_MINMAX(long long, longlong)
G_MINMAX(unsigned char, uchar)
G_MINMAX(unsigned short, ushort)
G_MINMAX(unsigned int, uint)
G_MINMAX(unsigned long, ulong)
G_MINMAX(unsigned long long, ulonglong)
G_MINMAX(float, float)
G_MINMAX(double, double)
G_MINMAX(long double, longdouble)
G_ARITH(char, char)
G_ARITH(signed char, schar)
G_ARITH(short, short)
G_ARITH(int, int)
G_ARITH(long, long)
G_ARITH(long long, longlong)
G_ARITH(unsigned char, uchar)
G_ARITH(unsigned short, ushort)
G_ARITH(unsigned int, uint)
G_ARITH(unsigned long, ulong)
G_ARITH(unsigned long long, ulonglong)
G_ARITH(float, float)
G_ARITH(double, double)
G_ARITH(long double, longdouble)
G_ARITH(double _Complex, complexd)
G_ARITH(float _Complex, complexf)

/* A typed sample for the other teams, in place too: a routine of each
 * class, and each element size. */
TYPED_REDUCE(unsigned char, uchar, or)
TYPED_REDUCE(unsigned int, uint, xor)
TYPED_REDUCE(int64_t, int64, and)
TYPED_REDUCE(short, short, max)
TYPED_REDUCE(double, double, min)
TYPED_REDUCE(long, long, sum)
TYPED_REDUCE(long double, longdouble, max)
TYPED_REDUCE(double _Complex, complexd, prod)
SHMEMI_REDUCE_ARITH_TYPES(TYPED_SCAN, inscan)
SHMEMI_REDUCE_ARITH_TYPES(TYPED_SCAN, exscan)

static void run_sample(shmem_team_t team)
{
    t_uchar_or(team, NSIZES, 1);
    t_uint_xor(team, NSIZES, 1);
    t_int64_and(team, NSIZES, 1);
    t_short_max(team, NSIZES, 1);
    t_double_min(team, NSIZES, 1);
    t_long_sum(team, NSIZES, 1);
    t_longdouble_max(team, NSIZES, 1);
    t_complexd_prod(team, NSIZES, 1);
    t_float_inscan(team, NSIZES, 1);
    t_complexf_exscan(team, NSIZES, 1);
}

static shmem_team_t split(int start, int stride, int size)
{
    shmem_team_t t;
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, start, stride, size, NULL, 0, &t) == 0,
          "split %d/%d/%d failed", start, stride, size);
    return t;
}

int main(void)
{
    shmem_init();
    int npes = shmem_n_pes();
    coll_reduce_alloc();

    shmem_team_t w = SHMEM_TEAM_WORLD;
#define RUN_G(T, N, OP) g_##N##_##OP(w, 1, 0);
#define RUN_G_OP(CLASS, OP) SHMEMI_REDUCE_##CLASS##_GENERIC_TYPES(RUN_G, OP)
    SHMEMI_REDUCE_OPS(RUN_G_OP)
    SHMEMI_REDUCE_ARITH_GENERIC_TYPES(RUN_G, inscan)
    SHMEMI_REDUCE_ARITH_GENERIC_TYPES(RUN_G, exscan)

    shmem_team_t reversed = split(npes - 1, -1, npes);
#define RUN_SCAN(T, N, K) t_##N##_##K(reversed, 1, 0);
    SHMEMI_REDUCE_ARITH_TYPES(RUN_SCAN, inscan)
    SHMEMI_REDUCE_ARITH_TYPES(RUN_SCAN, exscan)
    run_sample(reversed);
    run_sample(SHMEM_TEAM_SHARED);

    /* Teams that leave PEs out: those PEs only take part in the splits. */
    if (npes >= 2) {
        shmem_team_t odd = split(1, 2, npes / 2);
        if (odd != SHMEM_TEAM_INVALID) {
            run_sample(odd);
            shmem_team_destroy(odd);
        }
    }
    if (npes >= 4) {
        shmem_team_t three = split(0, 1, 3);
        if (three != SHMEM_TEAM_INVALID) {
            run_sample(three);
            shmem_team_destroy(three);
        }
    }

    shmem_team_destroy(reversed);
    coll_reduce_free();
    shmem_finalize();
    return 0;
}
