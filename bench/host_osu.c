/* Host micro-benchmarks in the style of the OSU OpenSHMEM suite.
 *
 * Written only against the standard OpenSHMEM C API so that the very same
 * source builds against Open MPI's OSHMEM and against our library, which
 * is what makes the numbers comparable.  Run with exactly 2 PEs; PE 0
 * drives every test and PE 1 stays passive except for barriers and data
 * checks.
 *
 * Output (PE 0 only), one measurement per line:
 *   put_lat <bytes> <usec>      shmem_putmem + shmem_quiet
 *   get_lat <bytes> <usec>      shmem_getmem
 *   put_rate 8 <Mmsg/s>         8-byte shmem_putmem_nbi, WINDOW per quiet
 *   put_bw <bytes> <MB/s>       shmem_putmem_nbi, WINDOW per quiet, MB=1e6 B
 *   get_bw <bytes> <MB/s>       shmem_getmem_nbi, WINDOW per quiet
 *   barrier_all 0 <usec>        shmem_barrier_all on both PEs
 *   memcpy_lat <bytes> <usec>   memcpy between private buffers of PE 0
 * Lines starting with '#' are comments.
 *
 * Options: -q (or HOST_OSU_QUICK set to anything but "0") shortens every
 * measurement, for CI smoke runs.  -o <test> runs that test alone, -s
 * <bytes> only that size, and -t <seconds> makes each of its runs that
 * long: a row under a profiler (scripts/perf-rank.sh) instead of the
 * whole table.  -g puts the symmetric buffers in global arrays instead of
 * shmem_malloc memory (bench/statics.sh compares the two).  Exit status 1
 * if any transfer delivers wrong data. */

/* clock_gettime is POSIX, hidden by a strict -std=c11. */
#define _POSIX_C_SOURCE 200809L

#include <shmem.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_SIZE ((size_t)4 << 20)
#define BW_MIN_SIZE ((size_t)8)
#define WINDOW 64
#define RATE_SIZE 8
/* Bytes past the transfer that must stay untouched, to catch overruns. */
#define GUARD 64
#define GUARD_BYTE 0xa5

static unsigned char *sym_src;
static unsigned char *sym_dst;
static long *sym_xchg;
/* -g: the same buffers as global variables, symmetric too. */
static unsigned char global_src[MAX_SIZE + GUARD];
static unsigned char global_dst[MAX_SIZE + GUARD];
static long global_xchg;
static unsigned char *priv_src;
static unsigned char *priv_dst;
static int me;
/* Seconds per timed run and timed runs per measurement; see main. */
static double run_secs;
static int reps;
static const char *only;  /* -o: the one test to run, or NULL */
static size_t only_bytes; /* -s: the one size, or 0 */

static int chosen(const char *name) { return !only || strcmp(only, name) == 0; }
static int size_chosen(size_t bytes) { return !only_bytes || bytes == only_bytes; }

/* Called through a volatile pointer so the compiler cannot drop or merge
 * the repeated identical copies of the memcpy baseline. */
static void *(*volatile copy_fn)(void *, const void *, size_t) = memcpy;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Timed loops: each runs `iters` repetitions and returns seconds.  The loop
 * lives inside the function so that the per-iteration cost is only the
 * operation itself, not an indirect call. */
typedef double (*bench_fn)(size_t bytes, long iters);

static double run_put_lat(size_t bytes, long iters)
{
    double t0 = now();
    for (long i = 0; i < iters; i++) {
        shmem_putmem(sym_dst, sym_src, bytes, 1);
        shmem_quiet();
    }
    return now() - t0;
}

static double run_get_lat(size_t bytes, long iters)
{
    double t0 = now();
    for (long i = 0; i < iters; i++)
        shmem_getmem(sym_dst, sym_src, bytes, 1);
    return now() - t0;
}

/* Distinct targets per message, so no implementation can coalesce them. */
static double run_put_rate(size_t bytes, long iters)
{
    double t0 = now();
    for (long i = 0; i < iters; i++) {
        for (size_t w = 0; w < WINDOW; w++)
            shmem_putmem_nbi(sym_dst + w * bytes, sym_src + w * bytes, bytes, 1);
        shmem_quiet();
    }
    return now() - t0;
}

/* WINDOW non-blocking transfers of bytes, then one quiet, iters times. */
static double run_window(size_t bytes, long iters, int get)
{
    double t0 = now();
    for (long i = 0; i < iters; i++) {
        for (int w = 0; w < WINDOW; w++)
            if (get)
                shmem_getmem_nbi(sym_dst, sym_src, bytes, 1);
            else
                shmem_putmem_nbi(sym_dst, sym_src, bytes, 1);
        shmem_quiet();
    }
    return now() - t0;
}

static double run_put_bw(size_t bytes, long iters) { return run_window(bytes, iters, 0); }

static double run_get_bw(size_t bytes, long iters) { return run_window(bytes, iters, 1); }

static double run_memcpy(size_t bytes, long iters)
{
    double t0 = now();
    for (long i = 0; i < iters; i++)
        copy_fn(priv_dst, priv_src, bytes);
    return now() - t0;
}

/* Doubling the count until a run is long enough both warms up caches,
 * mappings and connections and tells how many iterations fill run_secs;
 * fixed counts would either take minutes on a slow library or give noise
 * on a fast one.  The best of several runs is kept because on a small,
 * shared box interference only ever makes a run slower.  Returns seconds
 * per iteration. */
static double measure(bench_fn fn, size_t bytes)
{
    long n = 1;
    double t;
    while ((t = fn(bytes, n)) < run_secs / 8 && n < (1L << 40))
        n *= 2;
    long iters = (long)((double)n * run_secs / t) + 1;
    double best = fn(bytes, iters);
    for (int r = 1; r < reps; r++) {
        t = fn(bytes, iters);
        if (t < best)
            best = t;
    }
    return best / (double)iters;
}

/* Makes `owner`'s value of v known to both PEs.  The second barrier keeps
 * the owner from overwriting the exchange slot before it has been read. */
static long share(long v, int owner)
{
    if (me == owner)
        *sym_xchg = v;
    shmem_barrier_all();
    if (me != owner)
        shmem_getmem(&v, sym_xchg, sizeof v, owner);
    shmem_barrier_all();
    return v;
}

/* Position-dependent so that misplaced, truncated or stale data (earlier
 * sizes use other seeds) never matches. */
static unsigned char pattern(size_t i, unsigned seed)
{
    return (unsigned char)(i ^ (i >> 8) ^ (i >> 16) ^ (seed * 37u + 11u));
}

static void fill(unsigned char *buf, size_t bytes, unsigned seed)
{
    for (size_t i = 0; i < bytes; i++)
        buf[i] = pattern(i, seed);
}

/* Returns 0 if buf holds the pattern followed by untouched guard bytes. */
static int check(const unsigned char *buf, size_t bytes, unsigned seed,
                 const char *what)
{
    for (size_t i = 0; i < bytes + GUARD; i++) {
        int want = i < bytes ? pattern(i, seed) : GUARD_BYTE;
        if (buf[i] != want) {
            fprintf(stderr,
                    "host_osu: PE %d: %s of %zu bytes moved wrong data: "
                    "byte %zu is 0x%02x, expected 0x%02x\n",
                    me, what, bytes, i, buf[i], want);
            return 1;
        }
    }
    return 0;
}

/* Collective: one blocking or non-blocking put of a fresh pattern, checked
 * on PE 1.  Returns nonzero on both PEs if the data was wrong. */
static int verify_put(size_t bytes, unsigned seed, int nbi)
{
    shmem_barrier_all();
    if (me == 1)
        memset(sym_dst, GUARD_BYTE, bytes + GUARD);
    shmem_barrier_all();
    if (me == 0) {
        fill(sym_src, bytes, seed);
        if (nbi)
            shmem_putmem_nbi(sym_dst, sym_src, bytes, 1);
        else
            shmem_putmem(sym_dst, sym_src, bytes, 1);
        shmem_quiet();
    }
    shmem_barrier_all();
    int bad = 0;
    if (me == 1)
        bad = check(sym_dst, bytes, seed, nbi ? "putmem_nbi" : "putmem");
    return (int)share(bad, 1);
}

/* Collective: PE 0 gets a fresh pattern from PE 1, blocking or
 * non-blocking, and checks it. */
static int verify_get(size_t bytes, unsigned seed, int nbi)
{
    shmem_barrier_all();
    if (me == 1)
        fill(sym_src, bytes, seed);
    shmem_barrier_all();
    int bad = 0;
    if (me == 0) {
        memset(sym_dst, GUARD_BYTE, bytes + GUARD);
        if (nbi) {
            shmem_getmem_nbi(sym_dst, sym_src, bytes, 1);
            shmem_quiet();
        } else {
            shmem_getmem(sym_dst, sym_src, bytes, 1);
        }
        bad = check(sym_dst, bytes, seed, nbi ? "getmem_nbi" : "getmem");
    }
    return (int)share(bad, 0);
}

/* Each test is PE 0 alone between two barriers; PE 1 sits in the barrier,
 * as the passive side of the OSU tests does. */
static int bench_rma(const char *name, bench_fn fn, size_t lo, unsigned *seed)
{
    if (!chosen(name))
        return 0;
    for (size_t bytes = lo; bytes <= MAX_SIZE; bytes *= 2) {
        if (!size_chosen(bytes))
            continue;
        shmem_barrier_all();
        if (me == 0) {
            double s = measure(fn, bytes);
            if (fn == run_put_bw || fn == run_get_bw)
                printf("%s %zu %.2f\n", name, bytes,
                       (double)bytes * WINDOW / s / 1e6);
            else
                printf("%s %zu %.4f\n", name, bytes, s * 1e6);
        }
        int bad = fn == run_get_lat || fn == run_get_bw
                      ? verify_get(bytes, (*seed)++, fn == run_get_bw)
                      : verify_put(bytes, (*seed)++, fn == run_put_bw);
        if (bad)
            return 1;
    }
    return 0;
}

/* Both PEs must run the same number of barriers, so PE 0 sizes the runs
 * from a fixed warm-up and hands the count to PE 1. */
static void bench_barrier(void)
{
    const long warm = 1000;
    double t0 = now();
    for (long i = 0; i < warm; i++)
        shmem_barrier_all();
    double per = (now() - t0) / (double)warm;
    long iters = share((long)(run_secs / per) + 1, 0);
    double best = 0;
    for (int r = 0; r < reps; r++) {
        t0 = now();
        for (long i = 0; i < iters; i++)
            shmem_barrier_all();
        double t = now() - t0;
        if (r == 0 || t < best)
            best = t;
    }
    if (me == 0)
        printf("barrier_all 0 %.4f\n", best / (double)iters * 1e6);
}

int main(int argc, char **argv)
{
    const char *env = getenv("HOST_OSU_QUICK");
    int quick = env && *env && strcmp(env, "0") != 0;
    double secs = 0;
    int globals = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-q") == 0) {
            quick = 1;
        } else if (strcmp(argv[i], "-o") == 0 && i + 1 < argc) {
            only = argv[++i];
        } else if (strcmp(argv[i], "-s") == 0 && i + 1 < argc) {
            only_bytes = strtoull(argv[++i], NULL, 0);
        } else if (strcmp(argv[i], "-t") == 0 && i + 1 < argc) {
            secs = strtod(argv[++i], NULL);
        } else if (strcmp(argv[i], "-g") == 0) {
            globals = 1;
        } else {
            fprintf(stderr, "usage: %s [-q] [-g] [-o test] [-s bytes] [-t seconds]\n",
                    argv[0]);
            return 2;
        }
    }
    /* Long enough to average out scheduler noise on a small box, short
     * enough to keep a full run to a few seconds. */
    run_secs = secs > 0 ? secs : quick ? 0.001 : 0.01;
    reps = quick ? 1 : 3;

    /* mpirun/oshrun pipe stdout, which would otherwise hold lines back. */
    setvbuf(stdout, NULL, _IOLBF, 0);

    shmem_init();
    me = shmem_my_pe();
    int npes = shmem_n_pes();
    if (npes != 2) {
        if (me == 0)
            fprintf(stderr, "host_osu: needs exactly 2 PEs, got %d\n", npes);
        shmem_finalize();
        return 1;
    }
    sym_src = globals ? global_src : shmem_malloc(MAX_SIZE + GUARD);
    sym_dst = globals ? global_dst : shmem_malloc(MAX_SIZE + GUARD);
    sym_xchg = globals ? &global_xchg : shmem_malloc(sizeof *sym_xchg);
    priv_src = malloc(MAX_SIZE);
    priv_dst = malloc(MAX_SIZE);
    if (!sym_src || !sym_dst || !sym_xchg || !priv_src || !priv_dst) {
        fprintf(stderr, "host_osu: PE %d: out of memory\n", me);
        shmem_finalize();
        return 1;
    }
    /* First-touch page faults would otherwise land in the first timings. */
    memset(sym_src, 1, MAX_SIZE + GUARD);
    memset(sym_dst, 2, MAX_SIZE + GUARD);
    memset(priv_src, 3, MAX_SIZE);
    memset(priv_dst, 4, MAX_SIZE);
    *sym_xchg = 0;

    if (me == 0)
        printf("# host_osu: %s, best of %d runs of %.0f ms per measurement, %s buffers\n",
               quick ? "quick" : "full", reps, run_secs * 1e3,
               globals ? "global" : "shmem_malloc");

    unsigned seed = 1;
    int bad = bench_rma("put_lat", run_put_lat, 1, &seed)
              || bench_rma("get_lat", run_get_lat, 1, &seed);
    if (!bad && chosen("put_rate")) {
        shmem_barrier_all();
        if (me == 0)
            printf("put_rate %d %.3f\n", RATE_SIZE,
                   WINDOW / measure(run_put_rate, RATE_SIZE) / 1e6);
        bad = verify_put(RATE_SIZE, seed++, 1);
    }
    if (!bad) {
        bad = bench_rma("put_bw", run_put_bw, BW_MIN_SIZE, &seed)
              || bench_rma("get_bw", run_get_bw, BW_MIN_SIZE, &seed);
    }
    if (!bad && chosen("barrier_all"))
        bench_barrier();
    if (!bad && chosen("memcpy_lat")) {
        shmem_barrier_all();
        if (me == 0)
            for (size_t bytes = 1; bytes <= MAX_SIZE; bytes *= 2)
                if (size_chosen(bytes))
                    printf("memcpy_lat %zu %.4f\n", bytes,
                           measure(run_memcpy, bytes) * 1e6);
    }

    shmem_barrier_all();
    free(priv_dst);
    free(priv_src);
    if (!globals) {
        shmem_free(sym_xchg);
        shmem_free(sym_dst);
        shmem_free(sym_src);
    }
    shmem_finalize();
    return bad ? 1 : 0;
}
