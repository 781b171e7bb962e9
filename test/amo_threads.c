/* SHMEM_THREAD_MULTIPLE: 4 threads of every PE fetch_add on one word of
 * PE 0 (and on a word of the right neighbour, through a context form) at
 * once; the counts are exact and every fetched value is distinct. */
#include <pthread.h>
#include <stdint.h>

#include "check.h"

#define NT 4
#define K 2000

static int me, npes;
static long *counter;
static uint64_t *seen; /* on PE 0: one bit per value the counter took */
static pthread_barrier_t start;

static void *worker(void *arg)
{
    (void)arg;
    int right = (me + 1) % npes;
    pthread_barrier_wait(&start);
    for (int i = 0; i < K; i++) {
        long t = shmem_long_atomic_fetch_add(&counter[0], 1, 0);
        uint64_t bit = UINT64_C(1) << (t % 64);
        CHECK(!(shmem_uint64_atomic_fetch_or(&seen[t / 64], bit, 0) & bit),
              "value %ld fetched twice", t);
        shmem_ctx_long_atomic_add(SHMEM_CTX_DEFAULT, &counter[1], 3, right);
    }
    return NULL;
}

int main(void)
{
    int provided;
    CHECK(shmem_init_thread(SHMEM_THREAD_MULTIPLE, &provided) == 0, "init_thread");
    CHECK(provided == SHMEM_THREAD_MULTIPLE, "provided %d", provided);
    me = shmem_my_pe();
    npes = shmem_n_pes();
    size_t n = (size_t)npes * NT * K;
    counter = shmem_calloc(2, sizeof(long));
    seen = shmem_calloc((n + 63) / 64, sizeof(uint64_t));
    CHECK(counter && seen, "allocation");
    shmem_barrier_all();

    pthread_t th[NT];
    pthread_barrier_init(&start, NULL, NT);
    for (int t = 0; t < NT; t++)
        CHECK(pthread_create(&th[t], NULL, worker, NULL) == 0, "pthread_create");
    for (int t = 0; t < NT; t++)
        pthread_join(th[t], NULL);
    pthread_barrier_destroy(&start);

    shmem_barrier_all();
    if (me == 0) {
        CHECK(counter[0] == (long)n, "counter %ld, want %zu", counter[0], n);
        for (size_t v = 0; v < n; v++)
            CHECK(seen[v / 64] >> (v % 64) & 1, "value %zu never fetched", v);
    }
    CHECK(counter[1] == 3L * NT * K, "add counter %ld, want %ld", counter[1], 3L * NT * K);
    shmem_barrier_all();
    shmem_free(seen);
    shmem_free(counter);
    shmem_finalize();
    return 0;
}
