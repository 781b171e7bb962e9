/* Why a broadcast row of host_api.c can measure the barrier before it:
 * runs host_api's loop (a timed shmem_broadcast32 of 4 bytes, then an
 * untimed shmem_barrier_all) with a fixed root, records when each PE entered
 * and left every broadcast, and prints on PE 0
 *   loop <usec>          one broadcast plus one barrier, the cost a program pays
 *   bcast <usec> ...     each PE's mean time in the broadcast
 *   first <count> ...    how often each PE was the first to leave the barrier
 *                        (that is, to enter the next broadcast)
 *   root_late <count> <usec>  calls in which some receiver started before
 *                        the root, and the root's mean lag in those
 * A receiver that leaves the barrier before the root waits in its broadcast
 * for the root to get a core, so the mean broadcast time depends on which
 * PE the barrier lets out first; the loop time does not.
 *
 * Written against the OpenSHMEM 1.4 API, so that bcast_order.sh builds it
 * for our library and for Open MPI's OSHMEM alike.
 *
 * usage: bcast_order [root] (default 0) */
/* clock_gettime is POSIX, hidden by a strict -std=c11. */
#define _POSIX_C_SOURCE 200809L

#include <shmem.h>

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define CALLS 20000
/* The first quarter warms up and is not counted. */
#define SKIP (CALLS / 4)

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int main(int argc, char **argv)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    int root = argc > 1 ? atoi(argv[1]) : 0;
    if (n < 2 || root < 0 || root >= n) {
        if (me == 0)
            fprintf(stderr, "bcast_order: needs 2 or more PEs and a root below "
                    "them (%d PEs, root %d)\n", n, root);
        shmem_finalize();
        return 2;
    }
    long *psync = shmem_malloc(SHMEM_BCAST_SYNC_SIZE * sizeof(long));
    int *src = shmem_malloc(sizeof(int)), *dst = shmem_malloc(sizeof(int));
    /* [call][pe][enter, leave], gathered on PE 0. */
    double *t = shmem_malloc((size_t)CALLS * (size_t)n * 2 * sizeof(double));
    if (!psync || !src || !dst || !t) {
        fprintf(stderr, "bcast_order: PE %d: out of symmetric memory\n", me);
        shmem_global_exit(1);
    }
    for (int i = 0; i < SHMEM_BCAST_SYNC_SIZE; i++)
        psync[i] = SHMEM_SYNC_VALUE;
    *src = me == root ? 42 : -1;
    shmem_barrier_all();

    for (long i = 0; i < CALLS; i++) {
        double *mine = &t[(i * n + me) * 2];
        mine[0] = now();
        shmem_broadcast32(dst, src, 1, root, 0, 0, n, psync);
        mine[1] = now();
        shmem_barrier_all();
    }
    int bad = me != root && *dst != 42;
    if (me != 0)
        for (long i = 0; i < CALLS; i++)
            shmem_putmem(&t[(i * n + me) * 2], &t[(i * n + me) * 2], 2 * sizeof(double), 0);
    shmem_barrier_all();

    if (me == 0) {
        double *avg = calloc((size_t)n, sizeof(double));
        long *first = calloc((size_t)n, sizeof(long));
        long late = 0;
        double lag = 0;
        for (long i = SKIP; i < CALLS; i++) {
            const double *c = &t[i * n * 2];
            int f = 0;
            double recv_first = 0;
            for (int p = 0; p < n; p++) {
                avg[p] += c[p * 2 + 1] - c[p * 2];
                if (c[p * 2] < c[f * 2])
                    f = p;
                if (p != root && (recv_first == 0 || c[p * 2] < recv_first))
                    recv_first = c[p * 2];
            }
            first[f]++;
            if (c[root * 2] > recv_first) {
                late++;
                lag += c[root * 2] - recv_first;
            }
        }
        long m = CALLS - SKIP;
        printf("loop %.3f\n", (t[(CALLS - 1) * n * 2] - t[SKIP * n * 2]) / (double)(m - 1) * 1e6);
        printf("bcast");
        for (int p = 0; p < n; p++)
            printf(" %.3f", avg[p] / (double)m * 1e6);
        printf("\nfirst");
        for (int p = 0; p < n; p++)
            printf(" %ld", first[p]);
        printf("\nroot_late %ld %.3f\n", late, late ? lag / (double)late * 1e6 : 0.0);
        free(avg);
        free(first);
    }
    shmem_free(t);
    shmem_free(dst);
    shmem_free(src);
    shmem_free(psync);
    shmem_finalize();
    if (bad)
        fprintf(stderr, "bcast_order: PE %d received the wrong value\n", me);
    return bad;
}
