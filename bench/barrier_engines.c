/* Barrier latency of one engine: the one the environment gives
 * SHMEM_TEAM_WORLD (SHMEM_BARRIER, SHMEM_BARRIER_K, SHMEM_BARRIER_EMULATE).
 * barrier_engines.sh runs it for each engine, radix and PE count.
 *
 * Every PE times REPS runs of back-to-back shmem_barrier_all calls and keeps
 * its median run; the slowest PE's median is the latency. PE 0 prints one
 * line:
 *   barrier_lat <engine> <k> <npes> <usec per barrier>
 * where engine is hw or dissemination (k is the radix; 0 for hw).
 *
 * Options: -q (or BARRIER_BENCH_QUICK set to anything but "0") for a short
 * smoke run. */
#define _POSIX_C_SOURCE 200809L

#include <shmem.h>
#include <shmemx.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define REPS 7

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    const char *q = getenv("BARRIER_BENCH_QUICK");
    int quick = (argc > 1 && strcmp(argv[1], "-q") == 0) || (q && strcmp(q, "0") != 0);
    long iters = quick ? 200 : 5000;

    shmem_init();
    int engine = shmemx_team_barrier_engine(SHMEM_TEAM_WORLD);
    double *mine = shmem_malloc(sizeof(double)), *slowest = shmem_malloc(sizeof(double));
    if (!mine || !slowest) {
        fprintf(stderr, "barrier_engines: no symmetric memory\n");
        shmem_global_exit(1);
    }

    for (long i = 0; i < iters / 5; i++)
        shmem_barrier_all();
    double runs[REPS];
    for (int r = 0; r < REPS; r++) {
        shmem_barrier_all();
        double t0 = now();
        for (long i = 0; i < iters; i++)
            shmem_barrier_all();
        runs[r] = (now() - t0) / (double)iters;
    }
    qsort(runs, REPS, sizeof *runs, by_value);
    *mine = runs[REPS / 2];
    shmem_barrier_all();
    shmem_double_max_reduce(SHMEM_TEAM_WORLD, slowest, mine, 1);

    if (shmem_my_pe() == 0) {
        const char *k = getenv("SHMEM_BARRIER_K");
        printf("barrier_lat %s %s %d %.3f\n",
               engine == SHMEMX_BARRIER_ENGINE_HW ? "hw" : "dissemination",
               engine == SHMEMX_BARRIER_ENGINE_HW ? "0" : (k ? k : "default"), shmem_n_pes(),
               *slowest * 1e6);
    }
    shmem_free(slowest);
    shmem_free(mine);
    shmem_finalize();
    return 0;
}
