/* Multi-threaded message rate across nodes through contexts: T threads of
 * PE 0, each with a context of its own (SHMEM_CTX_PRIVATE unless -s: a
 * shareable one), put 8 bytes to PE 1 and quiet their context, W puts per
 * quiet (_nbi puts when W > 1). Run at 2 PEs on two nodes
 * (SHMEM_VIRTUAL_NODES=1): PE 1 only serves, in a barrier.
 *
 * Written against the standard API alone, so that it builds against any
 * OpenSHMEM and any version of this library (ctx_rate.sh compares).
 *
 * Output (PE 0), one line per run:
 *   ctx_rate threads <T> window <W> <Mmsg/s over all threads> <us per quiet>
 * Options: -t T (default 1), -w W (default 1), -n quiets per thread
 * (default 20000), -s shareable contexts. Exit status 1 if a thread's last
 * value did not land. */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <shmem.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#define MAX_THREADS 64
#define MAX_WINDOW 1024

static int threads = 1, window = 1, quiets = 20000;
static long options = SHMEM_CTX_PRIVATE;
static uint64_t *slots; /* [thread][MAX_WINDOW] on PE 1 */
static pthread_barrier_t go;
/* Each thread's start and end: the span from the first start to the last
 * end is the run (the main thread may be descheduled at the barriers). */
static double began[MAX_THREADS], ended[MAX_THREADS];

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void *run(void *arg)
{
    int t = (int)(intptr_t)arg;
    shmem_ctx_t ctx;
    if (shmem_ctx_create(options, &ctx) != 0) {
        fprintf(stderr, "ctx_rate: shmem_ctx_create failed\n");
        exit(1);
    }
    uint64_t *mine = slots + (size_t)t * MAX_WINDOW;
    uint64_t v[MAX_WINDOW];
    /* Warm up: endpoints, keys, the context's worker. */
    for (int i = 0; i < 100; i++) {
        shmem_ctx_putmem(ctx, mine, &v[0], sizeof v[0], 1);
        shmem_ctx_quiet(ctx);
    }
    pthread_barrier_wait(&go);
    began[t] = now();
    for (int q = 0; q < quiets; q++) {
        for (int j = 0; j < window; j++) {
            v[j] = (uint64_t)q * MAX_WINDOW + (uint64_t)j + 1;
            if (window == 1)
                shmem_ctx_putmem(ctx, &mine[j], &v[j], sizeof v[j], 1);
            else
                shmem_ctx_putmem_nbi(ctx, &mine[j], &v[j], sizeof v[j], 1);
        }
        shmem_ctx_quiet(ctx);
    }
    ended[t] = now();
    pthread_barrier_wait(&go);
    shmem_ctx_destroy(ctx);
    return NULL;
}

int main(int argc, char **argv)
{
    int c;
    while ((c = getopt(argc, argv, "t:w:n:s")) != -1) {
        if (c == 't')
            threads = atoi(optarg);
        else if (c == 'w')
            window = atoi(optarg);
        else if (c == 'n')
            quiets = atoi(optarg);
        else if (c == 's')
            options = 0;
        else
            return 2;
    }
    if (threads < 1 || threads > MAX_THREADS || window < 1 || window > MAX_WINDOW ||
        quiets < 1) {
        fprintf(stderr, "ctx_rate: -t 1..%d, -w 1..%d, -n > 0\n", MAX_THREADS, MAX_WINDOW);
        return 2;
    }
    int provided;
    shmem_init_thread(SHMEM_THREAD_MULTIPLE, &provided);
    if (provided != SHMEM_THREAD_MULTIPLE || shmem_n_pes() != 2) {
        fprintf(stderr, "ctx_rate: needs SHMEM_THREAD_MULTIPLE and 2 PEs\n");
        shmem_global_exit(2);
    }
    slots = shmem_calloc((size_t)threads * MAX_WINDOW, sizeof *slots);
    int bad = 0;
    if (shmem_my_pe() == 0) {
        pthread_t th[MAX_THREADS];
        pthread_barrier_init(&go, NULL, (unsigned)threads + 1);
        for (int t = 0; t < threads; t++)
            pthread_create(&th[t], NULL, run, (void *)(intptr_t)t);
        pthread_barrier_wait(&go);
        pthread_barrier_wait(&go);
        for (int t = 0; t < threads; t++)
            pthread_join(th[t], NULL);
        double first = began[0], last = ended[0];
        for (int t = 1; t < threads; t++) {
            first = began[t] < first ? began[t] : first;
            last = ended[t] > last ? ended[t] : last;
        }
        double secs = last - first;
        pthread_barrier_destroy(&go);
        double msgs = (double)threads * quiets * window;
        printf("ctx_rate threads %d window %d %.3f %.2f\n", threads, window, msgs / secs / 1e6,
               secs / quiets * 1e6);
        fflush(stdout);
        shmem_barrier_all();
    } else {
        shmem_barrier_all();
        for (int t = 0; t < threads; t++)
            for (int j = 0; j < window; j++)
                if (slots[(size_t)t * MAX_WINDOW + j] !=
                    (uint64_t)(quiets - 1) * MAX_WINDOW + (uint64_t)j + 1)
                    bad = 1;
        if (bad)
            fprintf(stderr, "ctx_rate: a thread's last puts did not land\n");
    }
    shmem_free(slots);
    shmem_finalize();
    return bad;
}
