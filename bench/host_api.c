/* Host micro-benchmarks of the API beyond put and get, at any number of PEs
 * (2 or more): atomics, barriers and collectives, in the style of the OSU
 * OpenSHMEM suite.
 *
 * Written against the OpenSHMEM 1.4 API that Open MPI 4.1's OSHMEM
 * implements, so that the same source builds against it and against our
 * library. OSHMEM 4.1 has no teams, so the collectives are the deprecated
 * active-set forms (shmem_broadcast32, shmem_fcollect32,
 * shmem_int_sum_to_all with pSync and pWrk) in both builds. Built against
 * a 1.5 header, the team forms (shmem_team_sync, shmem_broadcastmem,
 * shmem_fcollectmem, shmem_int_sum_reduce on SHMEM_TEAM_WORLD) are measured
 * as well, as rows of their own.
 *
 * Output (PE 0 only), one measurement per line, "<test> <bytes> <value>":
 *   amo_fadd_lat 8 <usec>     shmem_long_atomic_fetch_add, PE 0 to PE 1
 *   amo_add_lat 8 <usec>      shmem_long_atomic_add + shmem_quiet, PE 0 to 1
 *   amo_cswap_lat 8 <usec>    shmem_long_atomic_compare_swap, PE 0 to PE 1
 *   amo_fadd_rate 8 <Mops/s>  every PE to its right neighbour at once, the
 *   amo_add_rate 8 <Mops/s>   sum over PEs (adds: WINDOW per quiet)
 *   amo_cswap_rate 8 <Mops/s>
 *   barrier_all 0 <usec>      back-to-back calls on every PE
 *   sync_all 0 <usec>
 *   team_sync 0 <usec>        (1.5 header only)
 *   bcast_root0 <bytes> <usec> shmem_broadcast32 from PE 0 every call (OSU)
 *   bcast <bytes> <usec>      shmem_broadcast32 to all, the root moving on
 *                             one PE each call (see below)
 *   fcollect <bytes> <usec>   shmem_fcollect32, <bytes> from each PE
 *   sum_reduce <bytes> <usec> shmem_int_sum_to_all over <bytes> of ints
 *   bcast_root0_team, bcast_team, fcollect_team, sum_reduce_team: the team
 *                             forms (1.5 only)
 * In the latency tests of one pair the other PEs wait in a barrier. A
 * collective or barrier latency is the time one call takes on a PE,
 * averaged over the PEs (OSU's "avg"); between two timed collectives an
 * untimed barrier keeps the PEs in step and makes pSync reusable.
 *
 * Broadcasts are timed twice: from PE 0 every call, as the OSU benchmarks
 * do, and with the root rotating (as the Intel MPI Benchmarks do). With a
 * fixed root, a PE that leaves that barrier before the root counts the
 * root's wait for a core in its broadcast, so the row would measure which
 * PE the barrier lets out first rather than the broadcast. With PEs
 * outnumbering the cores this decides the row: OSHMEM's barrier at 4 PEs
 * lets PE 0 out first in nearly every call, ours the PE that arrived last,
 * so a fixed root 0 favours OSHMEM by the order of its barrier, not by its
 * broadcast (bench/bcast_order.sh shows it). Lines
 * starting with '#' are comments. Every transfer is checked once per size;
 * the exit status is 1 if any delivered wrong data.
 *
 * Options: -q (or HOST_API_QUICK set to anything but "0") shortens every
 * measurement, for smoke runs; -n leaves out the collectives. */
/* clock_gettime and sysconf are POSIX, hidden by a strict -std=c11. */
#define _POSIX_C_SOURCE 200809L

#include <shmem.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define MIN_SIZE ((size_t)4)
#define MAX_SIZE ((size_t)1 << 20)
#define WINDOW 64

#if SHMEM_MAJOR_VERSION * 100 + SHMEM_MINOR_VERSION >= 105
#define HAVE_TEAMS 1
#else
#define HAVE_TEAMS 0
#endif

enum { AMO_FADD_LAT, AMO_ADD_LAT, AMO_CSWAP_LAT, AMO_FADD_RATE, AMO_ADD_RATE,
       AMO_CSWAP_RATE, AMO_N };

static int me, npes;
static double run_secs;
static int reps;
/* Symmetric: the atomics' targets, an exchange slot, every PE's result
 * (gathered on PE 0), the collectives' buffers and synchronization arrays. */
static long *amo;
static long *xchg;
static double *results;
static int *coll_src, *coll_dst, *pwrk;
static long *psync_bcast, *psync_collect, *psync_reduce;
/* What this PE has done to its targets, to check the targets afterwards. */
static long amo_done[AMO_N];
static int bad;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Makes PE 0's value of v known to every PE. The second barrier keeps PE 0
 * from overwriting the slot before all have read it. */
static long share(long v)
{
    if (me == 0)
        *xchg = v;
    shmem_barrier_all();
    if (me != 0)
        shmem_getmem(&v, xchg, sizeof v, 0);
    shmem_barrier_all();
    return v;
}

/* Collective: every PE's v on PE 0; returns their mean (mean != 0) or
 * maximum there, and 0 elsewhere. */
static double gather(double v, int mean)
{
    shmem_double_p(&results[me], v, 0);
    shmem_barrier_all();
    double r = 0;
    if (me == 0)
        for (int pe = 0; pe < npes; pe++)
            r = mean ? r + results[pe] / npes : (results[pe] > r ? results[pe] : r);
    shmem_barrier_all();
    return r;
}

/* Collective: whether any PE found wrong data (and remembers it). */
static int any_bad(int mine)
{
    int b = (int)share((long)gather(mine, 0));
    bad |= b;
    return b;
}

/* ---- atomics ---- */

/* One timed loop of iters operations of kind k to pe. The fetching ones
 * check every returned value: the target's only writer is this PE. */
static double amo_loop(int k, long iters, int pe)
{
    long *t = &amo[k];
    double t0 = now();
    switch (k) {
    case AMO_FADD_LAT:
    case AMO_FADD_RATE:
        for (long i = 0; i < iters; i++)
            if (shmem_long_atomic_fetch_add(t, 1, pe) != amo_done[k]++)
                bad = 1;
        break;
    case AMO_ADD_LAT:
        for (long i = 0; i < iters; i++) {
            shmem_long_atomic_add(t, 1, pe);
            shmem_quiet();
        }
        amo_done[k] += iters;
        break;
    case AMO_ADD_RATE:
        for (long i = 0; i < iters; i++) {
            for (int w = 0; w < WINDOW; w++)
                shmem_long_atomic_add(t, 1, pe);
            shmem_quiet();
        }
        amo_done[k] += iters * WINDOW;
        break;
    default:
        for (long i = 0; i < iters; i++, amo_done[k]++)
            if (shmem_long_atomic_compare_swap(t, amo_done[k], amo_done[k] + 1, pe) !=
                amo_done[k])
                bad = 1;
        break;
    }
    return now() - t0;
}

/* Doubling the count until a run is long enough warms up and tells how
 * many iterations fill run_secs; the best of several runs is kept, since
 * on a shared box interference only ever slows a run down. Seconds per
 * iteration. PE 0 alone. */
static double amo_latency(int k)
{
    long n = 1;
    double t;
    while ((t = amo_loop(k, n, 1)) < run_secs / 8 && n < (1L << 30))
        n *= 2;
    long iters = (long)((double)n * run_secs / t) + 1;
    double best = amo_loop(k, iters, 1);
    for (int r = 1; r < reps; r++) {
        t = amo_loop(k, iters, 1);
        if (t < best)
            best = t;
    }
    return best / (double)iters;
}

/* Collective: every PE runs the same count to its right neighbour; the
 * rate is all their operations over the slowest PE's time. */
static double amo_rate(int k)
{
    int right = (me + 1) % npes;
    double per = amo_loop(k, 100, right) / 100;
    long iters = share((long)(run_secs / (per > 1e-9 ? per : 1e-9)) + 1);
    double best = 0;
    for (int r = 0; r < reps; r++) {
        shmem_barrier_all();
        double slowest = gather(amo_loop(k, iters, right), 0);
        if (r == 0 || slowest < best)
            best = slowest;
    }
    long ops = k == AMO_ADD_RATE ? iters * WINDOW : iters;
    return me == 0 ? (double)ops * npes / best : 0;
}

static void bench_amo(void)
{
    static const char *lat_name[] = {"amo_fadd_lat", "amo_add_lat", "amo_cswap_lat"};
    for (int k = AMO_FADD_LAT; k <= AMO_CSWAP_LAT; k++) {
        shmem_barrier_all();
        if (me == 0)
            printf("%s 8 %.4f\n", lat_name[k], amo_latency(k) * 1e6);
    }
    static const char *rate_name[] = {"amo_fadd_rate", "amo_add_rate", "amo_cswap_rate"};
    for (int k = AMO_FADD_RATE; k <= AMO_CSWAP_RATE; k++) {
        double rate = amo_rate(k);
        if (me == 0)
            printf("%s 8 %.3f\n", rate_name[k - AMO_FADD_RATE], rate / 1e6);
    }
    /* Each target was updated by one PE only: PE 0 for the pair tests, the
     * left neighbour for the rates (which ran the same counts as this PE).
     * A fetching operation that returned a wrong value already set bad. */
    shmem_barrier_all();
    long pair[3];
    for (int k = AMO_FADD_LAT; k <= AMO_CSWAP_LAT; k++)
        pair[k] = share(amo_done[k]);
    int wrong = 0;
    for (int k = 0; k < AMO_N; k++) {
        long want = k <= AMO_CSWAP_LAT ? (me == 1 ? pair[k] : 0) : amo_done[k];
        if (amo[k] != want) {
            fprintf(stderr, "host_api: PE %d: atomic target %d is %ld, expected %ld\n",
                    me, k, amo[k], want);
            wrong = 1;
        }
    }
    if (any_bad(wrong || bad))
        fprintf(stderr, "host_api: PE %d: atomics delivered wrong values\n", me);
}

/* ---- barriers ---- */

enum { SYNC_BARRIER_ALL, SYNC_SYNC_ALL, SYNC_TEAM };

static void sync_call(int kind)
{
    if (kind == SYNC_BARRIER_ALL)
        shmem_barrier_all();
    else if (kind == SYNC_SYNC_ALL)
        shmem_sync_all();
#if HAVE_TEAMS
    else
        shmem_team_sync(SHMEM_TEAM_WORLD);
#endif
}

static void bench_sync(int kind, const char *name)
{
    const long warm = 50;
    double t0 = now();
    for (long i = 0; i < warm; i++)
        sync_call(kind);
    long iters = share((long)(run_secs / ((now() - t0) / (double)warm)) + 10);
    double best = 0;
    for (int r = 0; r < reps; r++) {
        shmem_barrier_all();
        t0 = now();
        for (long i = 0; i < iters; i++)
            sync_call(kind);
        double t = (now() - t0) / (double)iters;
        if (r == 0 || t < best)
            best = t;
    }
    double avg = gather(best, 1);
    if (me == 0)
        printf("%s 0 %.4f\n", name, avg * 1e6);
}

/* ---- collectives ---- */

/* C_BCAST_ROOT0 is the broadcast from PE 0 every call (OSU's form). */
enum { C_BCAST_ROOT0, C_BCAST, C_FCOLLECT, C_SUM };

static void coll_call(int kind, int team, size_t bytes, int root)
{
    size_t n = bytes / sizeof(int);
#if HAVE_TEAMS
    if (team) {
        if (kind <= C_BCAST)
            shmem_broadcastmem(SHMEM_TEAM_WORLD, coll_dst, coll_src, bytes, root);
        else if (kind == C_FCOLLECT)
            shmem_fcollectmem(SHMEM_TEAM_WORLD, coll_dst, coll_src, bytes);
        else
            shmem_int_sum_reduce(SHMEM_TEAM_WORLD, coll_dst, coll_src, n);
        return;
    }
#endif
    (void)team;
    if (kind <= C_BCAST)
        shmem_broadcast32(coll_dst, coll_src, n, root, 0, 0, npes, psync_bcast);
    else if (kind == C_FCOLLECT)
        shmem_fcollect32(coll_dst, coll_src, n, 0, 0, npes, psync_collect);
    else
        shmem_int_sum_to_all(coll_dst, coll_src, (int)n, 0, 0, npes, pwrk, psync_reduce);
}

/* Element i of PE pe's source for a size's check. */
static int pattern(size_t i, int pe, unsigned seed)
{
    return (int)((i * 2654435761u) ^ (unsigned)pe * 40503u ^ seed * 977u) & 0xffffff;
}

/* Collective: one call with fresh data (and a broadcast root that moves
 * with the seed), checked on every PE. */
static int coll_verify(int kind, int team, size_t bytes, unsigned seed)
{
    int root = (int)(seed % (unsigned)npes);
    size_t n = bytes / sizeof(int), dn = kind == C_FCOLLECT ? n * (size_t)npes : n;
    for (size_t i = 0; i < n; i++)
        coll_src[i] = kind == C_SUM ? (int)(i % 7) + me : pattern(i, me, seed);
    memset(coll_dst, 0xa5, dn * sizeof(int));
    shmem_barrier_all();
    coll_call(kind, team, bytes, root);
    shmem_barrier_all();
    int wrong = 0;
    for (size_t i = 0; i < dn && !wrong; i++) {
        int want;
        if (kind <= C_BCAST)
            /* The active-set broadcast leaves the root's dest alone. */
            want = me == root && !team ? (int)0xa5a5a5a5 : pattern(i, root, seed);
        else if (kind == C_FCOLLECT)
            want = pattern(i % n, (int)(i / n), seed);
        else
            want = (int)(i % 7) * npes + npes * (npes - 1) / 2;
        if (coll_dst[i] != want) {
            fprintf(stderr, "host_api: PE %d: %s%s of %zu bytes: element %zu is %d, "
                    "expected %d\n", me, kind <= C_BCAST ? "bcast" : kind == C_FCOLLECT
                    ? "fcollect" : "sum_reduce", team ? "_team" : "", bytes, i,
                    coll_dst[i], want);
            wrong = 1;
        }
    }
    return any_bad(wrong);
}

/* Collective: the mean over PEs of one call's time. PE 0 sizes the runs
 * from a short warm-up and hands the count to the others. */
static double coll_latency(int kind, int team, size_t bytes)
{
    const int warm = 3;
    double t0 = now();
    for (int i = 0; i < warm; i++) {
        coll_call(kind, team, bytes, kind == C_BCAST ? i % npes : 0);
        shmem_barrier_all();
    }
    double per = (now() - t0) / warm;
    long iters = share((long)(run_secs / per) + 3);
    double best = 0;
    for (int r = 0; r < reps; r++) {
        double sum = 0;
        for (long i = 0; i < iters; i++) {
            t0 = now();
            coll_call(kind, team, bytes, kind == C_BCAST ? (int)(i % npes) : 0);
            sum += now() - t0;
            shmem_barrier_all();
        }
        if (r == 0 || sum < best)
            best = sum;
    }
    return gather(best / (double)iters, 1);
}

static void bench_coll(int kind, int team, unsigned *seed)
{
    static const char *names[2][4] = {
        {"bcast_root0", "bcast", "fcollect", "sum_reduce"},
        {"bcast_root0_team", "bcast_team", "fcollect_team", "sum_reduce_team"}};
    for (size_t bytes = MIN_SIZE; bytes <= MAX_SIZE; bytes *= 4) {
        double t = coll_latency(kind, team, bytes);
        if (me == 0)
            printf("%s %zu %.4f\n", names[team][kind], bytes, t * 1e6);
        if (coll_verify(kind, team, bytes, (*seed)++))
            return;
    }
}

static long *sync_array(size_t n)
{
    long *p = shmem_malloc(n * sizeof(long));
    if (p)
        for (size_t i = 0; i < n; i++)
            p[i] = SHMEM_SYNC_VALUE;
    return p;
}

int main(int argc, char **argv)
{
    const char *env = getenv("HOST_API_QUICK");
    int quick = env && *env && strcmp(env, "0") != 0;
    /* -n leaves out the collectives: atomics and barriers alone, which
     * also run between nodes (bench/compare_ucx.sh). */
    int no_coll = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-q") == 0) {
            quick = 1;
        } else if (strcmp(argv[i], "-n") == 0) {
            no_coll = 1;
        } else {
            fprintf(stderr, "usage: %s [-q] [-n]\n", argv[0]);
            return 2;
        }
    }
    run_secs = quick ? 0.002 : 0.02;
    reps = quick ? 1 : 3;
    /* mpirun/oshrun pipe stdout, which would otherwise hold lines back. */
    setvbuf(stdout, NULL, _IOLBF, 0);

    shmem_init();
    me = shmem_my_pe();
    npes = shmem_n_pes();
    if (npes < 2) {
        if (me == 0)
            fprintf(stderr, "host_api: needs at least 2 PEs, got %d\n", npes);
        shmem_finalize();
        return 1;
    }
    size_t max_elems = MAX_SIZE / sizeof(int);
    size_t wrk = max_elems / 2 + 1;
    if (wrk < SHMEM_REDUCE_MIN_WRKDATA_SIZE)
        wrk = SHMEM_REDUCE_MIN_WRKDATA_SIZE;
    amo = shmem_calloc(AMO_N, sizeof(long));
    xchg = shmem_malloc(sizeof(long));
    results = shmem_calloc((size_t)npes, sizeof(double));
    coll_src = shmem_malloc(MAX_SIZE);
    coll_dst = shmem_malloc(MAX_SIZE * (size_t)npes);
    pwrk = shmem_malloc(wrk * sizeof(int));
    psync_bcast = sync_array(SHMEM_BCAST_SYNC_SIZE);
    psync_collect = sync_array(SHMEM_COLLECT_SYNC_SIZE);
    psync_reduce = sync_array(SHMEM_REDUCE_SYNC_SIZE);
    if (!amo || !xchg || !results || !coll_src || !coll_dst || !pwrk || !psync_bcast ||
        !psync_collect || !psync_reduce) {
        fprintf(stderr, "host_api: PE %d: out of symmetric memory\n", me);
        shmem_global_exit(1);
    }
    /* First-touch page faults would otherwise land in the first timings. */
    memset(coll_src, 1, MAX_SIZE);
    memset(coll_dst, 2, MAX_SIZE * (size_t)npes);
    shmem_barrier_all();

    if (me == 0) {
        /* The node's cores, not this process's: a launcher may bind each PE
         * to one. */
        long cores = sysconf(_SC_NPROCESSORS_ONLN);
        printf("# host_api: %d PEs on %ld cores%s; %s, best of %d runs of %.0f ms; "
               "collectives: active-set forms%s\n",
               npes, cores, cores && npes > cores ? " (oversubscribed)" : "",
               quick ? "quick" : "full", reps, run_secs * 1e3,
               HAVE_TEAMS ? ", and team forms as *_team rows" : "");
    }

    bench_amo();
    bench_sync(SYNC_BARRIER_ALL, "barrier_all");
    bench_sync(SYNC_SYNC_ALL, "sync_all");
#if HAVE_TEAMS
    bench_sync(SYNC_TEAM, "team_sync");
#endif
    unsigned seed = 1;
    for (int team = 0; team <= HAVE_TEAMS && !bad && !no_coll; team++)
        for (int kind = C_BCAST_ROOT0; kind <= C_SUM && !bad; kind++)
            bench_coll(kind, team, &seed);

    shmem_barrier_all();
    shmem_free(psync_reduce);
    shmem_free(psync_collect);
    shmem_free(psync_bcast);
    shmem_free(pwrk);
    shmem_free(coll_dst);
    shmem_free(coll_src);
    shmem_free(results);
    shmem_free(xchg);
    shmem_free(amo);
    shmem_finalize();
    return bad ? 1 : 0;
}
