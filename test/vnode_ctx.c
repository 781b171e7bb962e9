/* Contexts across nodes (SHMEM_VIRTUAL_NODES), where a private or
 * serialized context has a UCX worker of its own:
 *  - threads, each with a private context, put, get and update counters
 *    (posted and fetching AMOs) on PEs of other nodes at once, each
 *    quieting its own context; the counters add up afterwards;
 *  - a quiet on a private context completes its puts: after it, a flag
 *    set through the default context tells a third PE (or the target),
 *    which then finds the data;
 *  - a fence on a private context orders its puts: a reader that sees the
 *    flag sees data at least as new;
 *  - default-context and private-context traffic to the same words, each
 *    completed by its own quiet, leaves the last value written;
 *  - a serialized context handed from thread to thread, while another
 *    thread waits in shmem_wait_until;
 *  - hundreds of private and serialized contexts made, used across nodes
 *    and destroyed (their workers are kept and reused; with SHMEM_DEBUG=1,
 *    vnode.cmake checks that none fell back, and with SHMEM_CTX_WORKERS=2
 *    that some did, the results being the same). */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "nodes.h"

#define NT 4       /* threads per PE */
#define ITERS 100
#define BLOCK 512  /* longs per transfer */
#define CHURN 300

static int me, n, k;

/* The PE this one writes to: same position on the next node. */
static int target_of(int pe) { return (pe + k) % n; }
/* The PE that writes to this one. */
static int writer_of(int pe) { return (pe - k % n + n) % n; }

static void need_other_nodes(void)
{
    k = nodes_per_node();
    CHECK(k > 0 && n > k, "run with SHMEM_VIRTUAL_NODES set and more than one node");
    CHECK(!nodes_same(me, target_of(me)), "PE %d's target %d is on its node", me,
          target_of(me));
}

/* Threads with private contexts. */
static long *blocks;   /* [writer PE][thread][BLOCK] */
static long *posted;   /* [thread]: atomic_add by every writer */
static long *fetched;  /* [thread]: atomic_fetch_inc by every writer */

static long val(int pe, int t, int it, int j)
{
    return ((long)pe << 40) | ((long)t << 32) | ((long)it << 12) | j;
}

static void *thread_main(void *arg)
{
    int t = (int)(intptr_t)arg;
    shmem_ctx_t ctx;
    CHECK(shmem_ctx_create(SHMEM_CTX_PRIVATE, &ctx) == 0, "thread %d: context", t);
    long src[BLOCK], back[BLOCK];
    long *mine = blocks + ((size_t)me * NT + (size_t)t) * BLOCK;
    int pe = target_of(me);
    for (int it = 0; it < ITERS; it++) {
        for (int j = 0; j < BLOCK; j++)
            src[j] = val(me, t, it, j);
        if (it % 2)
            shmem_ctx_long_put_nbi(ctx, mine, src, BLOCK, pe);
        else
            shmem_ctx_long_put(ctx, mine, src, BLOCK, pe);
        shmem_ctx_long_atomic_add(ctx, &posted[t], 3, pe);
        long old = shmem_ctx_long_atomic_fetch_inc(ctx, &fetched[t], pe);
        CHECK(old == it, "thread %d: fetch_inc gave %ld, want %d", t, old, it);
        shmem_ctx_quiet(ctx);
        memset(back, 0, sizeof back);
        shmem_ctx_long_get(ctx, back, mine, BLOCK, pe);
        for (int j = 0; j < BLOCK; j++)
            CHECK(back[j] == src[j], "thread %d it %d: element %d is %#lx, want %#lx", t, it,
                  j, back[j], src[j]);
    }
    shmem_ctx_destroy(ctx);
    return NULL;
}

static void threads(void)
{
    blocks = shmem_calloc((size_t)n * NT * BLOCK, sizeof *blocks);
    posted = shmem_calloc(NT, sizeof *posted);
    fetched = shmem_calloc(NT, sizeof *fetched);
    pthread_t th[NT];
    for (int t = 0; t < NT; t++)
        CHECK(pthread_create(&th[t], NULL, thread_main, (void *)(intptr_t)t) == 0, "thread");
    for (int t = 0; t < NT; t++)
        pthread_join(th[t], NULL);
    shmem_barrier_all();
    int w = writer_of(me);
    for (int t = 0; t < NT; t++) {
        CHECK(posted[t] == 3L * ITERS, "posted[%d] = %ld, want %ld", t, posted[t], 3L * ITERS);
        CHECK(fetched[t] == ITERS, "fetched[%d] = %ld, want %d", t, fetched[t], ITERS);
        const long *b = blocks + ((size_t)w * NT + (size_t)t) * BLOCK;
        for (int j = 0; j < BLOCK; j++)
            CHECK(b[j] == val(w, t, ITERS - 1, j), "block of PE %d thread %d: element %d", w,
                  t, j);
    }
    shmem_barrier_all();
    shmem_free(fetched);
    shmem_free(posted);
    shmem_free(blocks);
}

/* Who checks w's puts: w's neighbour on its node, else the target. */
static int checker_of(int w)
{
    int base = w / k * k, c = base + (w - base + 1) % k;
    if (c >= n)
        c = base;
    return c == w ? target_of(w) : c;
}

/* ctx_quiet completes the context's puts: a flag set afterwards through
 * the default context tells the checker, which gets the data. */
static void quiet_completes(void)
{
    long *data = shmem_calloc((size_t)n * BLOCK * 8, sizeof *data);
    long *flag = shmem_calloc((size_t)n, sizeof *flag);
    long *src = malloc(sizeof *src * BLOCK * 8), *got = malloc(sizeof *got * BLOCK * 8);
    CHECK(src && got, "memory");
    shmem_ctx_t ctx;
    CHECK(shmem_ctx_create(SHMEM_CTX_PRIVATE, &ctx) == 0, "context");
    shmem_barrier_all();
    for (int it = 1; it <= 20; it++) {
        for (int j = 0; j < BLOCK * 8; j++)
            src[j] = val(me, 0, it, j);
        long *dst = data + (size_t)me * BLOCK * 8;
        if (it % 2)
            shmem_ctx_long_put_nbi(ctx, dst, src, BLOCK * 8, target_of(me));
        else
            shmem_ctx_long_put(ctx, dst, src, BLOCK * 8, target_of(me));
        shmem_ctx_quiet(ctx);
        shmem_long_atomic_set(&flag[me], it, checker_of(me));
        for (int w = 0; w < n; w++) {
            if (checker_of(w) != me)
                continue;
            shmem_long_wait_until(&flag[w], SHMEM_CMP_GE, it);
            shmem_long_get(got, data + (size_t)w * BLOCK * 8, BLOCK * 8, target_of(w));
            for (int j = 0; j < BLOCK * 8; j++)
                CHECK(got[j] == val(w, 0, it, j), "it %d: PE %d's put to PE %d, element %d is "
                      "%#lx after its ctx_quiet", it, w, target_of(w), j, got[j]);
        }
        shmem_barrier_all();
    }
    shmem_ctx_destroy(ctx);
    free(got);
    free(src);
    shmem_free(flag);
    shmem_free(data);
}

/* ctx_fence orders the context's puts to one PE. */
static void fence_orders(void)
{
    long *data = shmem_calloc(BLOCK, sizeof *data);
    long *flag = shmem_calloc(1, sizeof *flag);
    long src[BLOCK];
    shmem_ctx_t ctx;
    CHECK(shmem_ctx_create(SHMEM_CTX_PRIVATE, &ctx) == 0, "context");
    shmem_barrier_all();
    for (long it = 1; it <= ITERS; it++) {
        for (int j = 0; j < BLOCK; j++)
            src[j] = it;
        shmem_ctx_long_put(ctx, data, src, BLOCK, target_of(me));
        shmem_ctx_fence(ctx);
        shmem_ctx_long_atomic_set(ctx, flag, it, target_of(me));
        if (it % 10 == 0) {
            shmem_long_wait_until(flag, SHMEM_CMP_GE, it);
            long f = __atomic_load_n(flag, __ATOMIC_ACQUIRE);
            for (int j = 0; j < BLOCK; j++)
                CHECK(__atomic_load_n(&data[j], __ATOMIC_RELAXED) >= f,
                      "element %d is %ld after flag %ld from PE %d", j, data[j], f,
                      writer_of(me));
        }
    }
    shmem_ctx_quiet(ctx);
    shmem_barrier_all();
    for (int j = 0; j < BLOCK; j++)
        CHECK(data[j] == ITERS, "element %d is %ld at the end", j, data[j]);
    shmem_ctx_destroy(ctx);
    shmem_free(flag);
    shmem_free(data);
}

/* The default context and a private one write the same words of one PE;
 * each quiet completes its own context's puts. */
static void mixed(void)
{
    long *x = shmem_calloc(2, sizeof *x);
    shmem_ctx_t ctx;
    CHECK(shmem_ctx_create(SHMEM_CTX_PRIVATE, &ctx) == 0, "context");
    int pe = target_of(me);
    for (long it = 1; it <= ITERS; it++) {
        shmem_long_p(&x[0], 4 * it, pe);
        shmem_ctx_long_p(ctx, &x[1], 4 * it + 1, pe);
        shmem_quiet();
        shmem_ctx_long_p(ctx, &x[0], 4 * it + 2, pe);
        shmem_ctx_quiet(ctx);
        shmem_long_p(&x[1], 4 * it + 3, pe);
        shmem_ctx_quiet(ctx);
        shmem_quiet();
        CHECK(shmem_long_g(&x[0], pe) == 4 * it + 2, "it %ld: x[0] via default", it);
        CHECK(shmem_ctx_long_g(ctx, &x[1], pe) == 4 * it + 3, "it %ld: x[1] via ctx", it);
        CHECK(shmem_ctx_long_atomic_fetch(ctx, &x[0], pe) == 4 * it + 2, "it %ld: fetch", it);
    }
    shmem_ctx_destroy(ctx);
    shmem_barrier_all();
    shmem_free(x);
}

/* A serialized context passed between two threads (each takes its turn
 * under a mutex; the last one done quiets it and sets the target's flag),
 * while the main thread waits in shmem_wait_until for its own flag: its
 * waits progress the context's worker too, beside the turns. */
static shmem_ctx_t ser;
static pthread_mutex_t turn_lock = PTHREAD_MUTEX_INITIALIZER;
static int turns_left = 2;
static long *ser_words, *ser_done;
#define TURNS 200

static void *ser_thread(void *arg)
{
    int t = (int)(intptr_t)arg, pe = target_of(me);
    for (int i = 0; i < TURNS / 2; i++) {
        pthread_mutex_lock(&turn_lock);
        shmem_ctx_long_atomic_add(ser, &ser_words[t], 1, pe);
        shmem_ctx_long_p(ser, &ser_words[2 + t], i, pe);
        long v = shmem_ctx_long_g(ser, &ser_words[2 + t], pe);
        CHECK(v == i, "serialized context, thread %d: got %ld, want %d", t, v, i);
        if (i == TURNS / 2 - 1 && --turns_left == 0) {
            shmem_ctx_quiet(ser);
            shmem_ctx_long_atomic_set(ser, ser_done, 1, pe);
        }
        pthread_mutex_unlock(&turn_lock);
    }
    return NULL;
}

static void serialized(void)
{
    ser_words = shmem_calloc(4, sizeof *ser_words);
    ser_done = shmem_calloc(1, sizeof *ser_done);
    CHECK(shmem_ctx_create(SHMEM_CTX_SERIALIZED, &ser) == 0, "serialized context");
    shmem_barrier_all();
    pthread_t th[2];
    for (int t = 0; t < 2; t++)
        CHECK(pthread_create(&th[t], NULL, ser_thread, (void *)(intptr_t)t) == 0, "thread");
    shmem_long_wait_until(ser_done, SHMEM_CMP_EQ, 1);
    for (int t = 0; t < 2; t++)
        pthread_join(th[t], NULL);
    for (int t = 0; t < 2; t++)
        CHECK(ser_words[t] == TURNS / 2, "serialized context: thread %d's adds: %ld", t,
              ser_words[t]);
    shmem_barrier_all();
    shmem_ctx_destroy(ser);
    shmem_free(ser_done);
    shmem_free(ser_words);
}

/* Contexts made, used across nodes and destroyed, many times. */
static void churn(void)
{
    long *w = shmem_calloc(2, sizeof *w);
    shmem_barrier_all();
    int pe = target_of(me);
    for (long i = 1; i <= CHURN; i++) {
        shmem_ctx_t ctx;
        long opt = i % 3 == 0 ? SHMEM_CTX_SERIALIZED : SHMEM_CTX_PRIVATE;
        CHECK(shmem_ctx_create(opt, &ctx) == 0, "context %ld", i);
        shmem_ctx_long_p(ctx, &w[0], i, pe);
        shmem_ctx_long_atomic_inc(ctx, &w[1], pe);
        CHECK(shmem_ctx_long_g(ctx, &w[0], pe) == i, "context %ld: g", i);
        shmem_ctx_destroy(ctx);
    }
    shmem_barrier_all();
    CHECK(w[0] == CHURN && w[1] == CHURN, "after %d contexts: %ld %ld", CHURN, w[0], w[1]);
    shmem_free(w);
}

int main(void)
{
    int provided;
    CHECK(shmem_init_thread(SHMEM_THREAD_MULTIPLE, &provided) == 0 &&
              provided == SHMEM_THREAD_MULTIPLE, "SHMEM_THREAD_MULTIPLE");
    me = shmem_my_pe();
    n = shmem_n_pes();
    need_other_nodes();
    threads();
    quiet_completes();
    fence_orders();
    mixed();
    serialized();
    churn();
    shmem_finalize();
    return 0;
}
