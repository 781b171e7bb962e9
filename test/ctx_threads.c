/* SHMEM_THREAD_MULTIPLE with contexts: threads of every PE, each with its
 * own private context (of the world or of a reversed team), put and get to
 * every PE at once; all threads share one context as well; and two threads
 * split and destroy teams of different parents at the same time. */
#include <pthread.h>
#include <stdint.h>

#include "team_util.h"

#define NT 4 /* threads per PE */
#define ITERS 200
#define SPLITS 100

static int me, n;
static shmem_team_t rev;  /* team PE i is world PE n - 1 - i */
static shmem_ctx_t shared; /* used by every thread at once */
static long *slots;       /* [writer PE][thread][2]: one long per context kind */
static pthread_barrier_t start;

static long val(int writer, int t, int it) { return ((long)writer << 32) | (t << 16) | it; }

static void *worker(void *arg)
{
    int t = (int)(intptr_t)arg;
    /* Half the threads number PEs in the reversed team. */
    shmem_ctx_t mine;
    int rc = t % 2 ? shmem_team_create_ctx(rev, SHMEM_CTX_PRIVATE, &mine)
                   : shmem_ctx_create(SHMEM_CTX_PRIVATE, &mine);
    CHECK(rc == 0, "thread %d: context", t);
    long *slot = slots + ((size_t)me * NT + (size_t)t) * 2;
    pthread_barrier_wait(&start);
    for (int it = 1; it <= ITERS; it++) {
        for (int off = 0; off < n; off++) {
            int pe = (me + t + off) % n; /* in the context's numbering */
            shmem_ctx_long_p(mine, &slot[0], val(me, t, it), pe);
            shmem_ctx_long_put(shared, &slot[1], &(long){-val(me, t, it)}, 1, pe);
            shmem_ctx_quiet(mine);
            shmem_ctx_quiet(shared);
            CHECK(shmem_ctx_long_g(mine, &slot[0], pe) == val(me, t, it),
                  "thread %d: own context, PE %d", t, pe);
            long back = 0;
            shmem_ctx_long_get(shared, &back, &slot[1], 1, pe);
            CHECK(back == -val(me, t, it), "thread %d: shared context, PE %d", t, pe);
        }
        /* Contexts come and go while the others work. */
        shmem_ctx_t tmp;
        CHECK(shmem_team_create_ctx(rev, 0, &tmp) == 0, "thread %d: temporary", t);
        shmem_ctx_destroy(tmp);
    }
    shmem_ctx_destroy(mine);
    return NULL;
}

/* Splits of one parent, in lock step with the same thread of other PEs;
 * another thread does the same with another parent. */
static void *splitter(void *arg)
{
    shmem_team_t parent = arg;
    for (int i = 0; i < SPLITS; i++) {
        shmem_team_t t;
        int size = i % 2 ? n : (n + 1) / 2;
        CHECK(shmem_team_split_strided(parent, 0, i % 2 ? 1 : 2, size, NULL, 0, &t) == 0,
              "split %d", i);
        if (t != SHMEM_TEAM_INVALID) {
            CHECK(shmem_team_n_pes(t) == size, "split %d: size", i);
            shmem_team_sync(t);
            shmem_team_destroy(t);
        }
    }
    return NULL;
}

int main(void)
{
    int provided;
    CHECK(shmem_init_thread(SHMEM_THREAD_MULTIPLE, &provided) == 0 &&
              provided == SHMEM_THREAD_MULTIPLE, "SHMEM_THREAD_MULTIPLE");
    me = shmem_my_pe();
    n = shmem_n_pes();
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, n - 1, -1, n, NULL, 0, &rev) == 0,
          "reversed team");
    CHECK(shmem_ctx_create(0, &shared) == 0, "shared context");
    slots = shmem_calloc((size_t)n * NT * 2, sizeof(long));
    pthread_barrier_init(&start, NULL, NT);
    pthread_t th[NT];
    for (int t = 0; t < NT; t++)
        pthread_create(&th[t], NULL, worker, (void *)(intptr_t)t);
    for (int t = 0; t < NT; t++)
        pthread_join(th[t], NULL);
    shmem_barrier_all();
    /* The last values each thread of each PE wrote, in the world's and
     * the reversed team's numbering alike. */
    for (int w = 0; w < n; w++)
        for (int t = 0; t < NT; t++) {
            long *s = slots + ((size_t)w * NT + (size_t)t) * 2;
            CHECK(s[0] == val(w, t, ITERS) && s[1] == -val(w, t, ITERS),
                  "slot of PE %d thread %d: %ld %ld", w, t, s[0], s[1]);
        }
    shmem_ctx_destroy(shared);

    shmem_team_t pa, pb;
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, n, NULL, 0, &pa) == 0 &&
          shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, n, NULL, 0, &pb) == 0,
          "parents");
    pthread_t a, b;
    pthread_create(&a, NULL, splitter, pa);
    pthread_create(&b, NULL, splitter, pb);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    shmem_team_destroy(pa);
    shmem_team_destroy(pb);
    shmem_team_destroy(rev);
    shmem_free(slots);
    shmem_finalize();
    return 0;
}
