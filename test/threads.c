/* SHMEM_THREAD_MULTIPLE: several threads of every PE put, get, p and g to
 * every PE at once, each on its own slots. */
#include <pthread.h>
#include <stdint.h>
#include <string.h>

#include "check.h"

#define NT 4     /* threads per PE */
#define K 8      /* longs per slot */
#define ITERS 2000

static int me, npes;
/* in[writer PE][thread][K]: written by that thread of that PE, on every PE. */
static long *in;
/* ro[thread][K]: fixed data each PE holds for the others to read. */
static long *ro;
/* Each thread's work is short: without a common start, one could finish
 * before the next begins. */
static pthread_barrier_t start;

static long val(int writer, int t, int target, int it, int k)
{
    return ((long)writer << 40) | ((long)t << 36) | ((long)target << 28) | ((long)it << 8) | k;
}

static long ro_val(int owner, int t, int k) { return -(1000L * owner + 10 * t + k + 1); }

static void *worker(void *arg)
{
    int t = (int)(intptr_t)arg;
    const shmem_ctx_t ctx = SHMEM_CTX_DEFAULT;
    long *slot = in + ((size_t)me * NT + (size_t)t) * K;
    long loc[K], back[K];
    pthread_barrier_wait(&start);
    for (int it = 1; it <= ITERS; it++) {
        /* Threads start at different PEs so that targets differ at any time. */
        for (int off = 0; off < npes; off++) {
            int pe = (me + t + off) % npes;
            for (int k = 0; k < K; k++)
                loc[k] = val(me, t, pe, it, k);
            /* Half the threads use the context forms and non-blocking puts. */
            if (t % 2) {
                shmem_ctx_long_put_nbi(ctx, slot, loc, K - 1, pe);
                shmem_ctx_long_p(ctx, slot + K - 1, loc[K - 1], pe);
                shmem_ctx_quiet(ctx);
                shmem_ctx_long_get(ctx, back, slot, K - 1, pe);
                back[K - 1] = shmem_ctx_long_g(ctx, slot + K - 1, pe);
            } else {
                shmem_long_put(slot, loc, K - 1, pe);
                shmem_long_p(slot + K - 1, loc[K - 1], pe);
                shmem_quiet();
                shmem_long_get(back, slot, K - 1, pe);
                back[K - 1] = shmem_long_g(slot + K - 1, pe);
            }
            CHECK(memcmp(back, loc, sizeof loc) == 0, "thread %d, iteration %d: "
                  "read back %ld from PE %d, want %ld", t, it, back[0], pe, loc[0]);
            shmem_long_get(back, ro + (size_t)t * K, K, pe);
            for (int k = 0; k < K; k++)
                CHECK(back[k] == ro_val(pe, t, k), "thread %d: get from PE %d", t, pe);
            CHECK(shmem_long_g(ro + (size_t)t * K + it % K, pe) == ro_val(pe, t, it % K),
                  "thread %d: g from PE %d", t, pe);
        }
    }
    return NULL;
}

int main(void)
{
    int provided = -1;
    CHECK(shmem_init_thread(SHMEM_THREAD_MULTIPLE, &provided) == 0, "init_thread");
    CHECK(provided == SHMEM_THREAD_MULTIPLE, "provided %d", provided);
    me = shmem_my_pe();
    npes = shmem_n_pes();
    in = shmem_calloc((size_t)npes * NT * K, sizeof(long));
    ro = shmem_malloc(NT * K * sizeof(long));
    CHECK(in && ro, "allocation");
    for (int t = 0; t < NT; t++)
        for (int k = 0; k < K; k++)
            ro[t * K + k] = ro_val(me, t, k);
    shmem_barrier_all();

    pthread_t th[NT];
    CHECK(pthread_barrier_init(&start, NULL, NT) == 0, "pthread_barrier_init");
    for (int t = 0; t < NT; t++)
        CHECK(pthread_create(&th[t], NULL, worker, (void *)(intptr_t)t) == 0, "pthread_create");
    for (int t = 0; t < NT; t++)
        CHECK(pthread_join(th[t], NULL) == 0, "pthread_join");
    pthread_barrier_destroy(&start);
    shmem_barrier_all();

    for (int w = 0; w < npes; w++)
        for (int t = 0; t < NT; t++)
            for (int k = 0; k < K; k++) {
                long got = in[((size_t)w * NT + (size_t)t) * K + (size_t)k];
                CHECK(got == val(w, t, me, ITERS, k), "slot of PE %d thread %d "
                      "element %d: %ld", w, t, k, got);
            }

    shmem_free(ro);
    shmem_free(in);
    shmem_finalize();
    return 0;
}
