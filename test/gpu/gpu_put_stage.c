/* Host puts into a device heap, which return once their source may be
 * reused and land by the next quiet (small ones are staged in pinned
 * memory): the source overwritten at once after each put, puts of many
 * sizes that go round the staging ring several times, a source in GPU
 * memory, _nbi puts and gets completed by quiet, fence ordering puts before
 * an AMO flag, shmem_p, and threads putting at once. Every result is read back through shmem_get. */
#include <pthread.h>
#include <stdint.h>
#include <string.h>

#include "../check.h"

#define AREA ((size_t)3 << 20) /* three times the staging ring */
#define THREADS 4
#define THREAD_PUTS 500

static unsigned char pattern(size_t off, int pe) { return (unsigned char)(off * 7 + (size_t)pe); }

static void fill(unsigned char *b, size_t off, size_t len, int pe)
{
    for (size_t i = 0; i < len; i++)
        b[i] = pattern(off + i, pe);
}

/* Consecutive puts of cycling sizes fill [area, area + AREA) on pe. */
static void put_sizes(unsigned char *area, int pe, int me)
{
    static const size_t sizes[] = {1, 7, 8, 64, 1000, 4096, 16384, 16385, 65536};
    unsigned char *src = malloc(65536);
    size_t off = 0;
    for (size_t k = 0; off < AREA; k++) {
        size_t len = sizes[k % (sizeof sizes / sizeof sizes[0])];
        if (len > AREA - off)
            len = AREA - off;
        fill(src, off, len, me);
        shmem_putmem(area + off, src, len, pe);
        memset(src, 0xee, len);
        off += len;
    }
    free(src);
}

static void check_area(const unsigned char *area, int from, const char *what)
{
    unsigned char *got = malloc(AREA);
    shmem_getmem(got, area, AREA, shmem_my_pe());
    for (size_t i = 0; i < AREA; i++)
        CHECK(got[i] == pattern(i, from), "%s: byte %zu is %u, not %u (from PE %d)", what, i,
              got[i], pattern(i, from), from);
    free(got);
}

/* [area, area + AREA) on pe <-> host, in _nbi pieces of 256 KiB (copied
 * as they are) and 1000 bytes (staged), alternately. */
static void nbi_pieces(unsigned char *area, unsigned char *host, int pe, int get)
{
    for (size_t off = 0, k = 0; off < AREA; k++) {
        size_t len = k % 2 ? 1000 : (size_t)256 << 10;
        if (len > AREA - off)
            len = AREA - off;
        if (get)
            shmem_getmem_nbi(host + off, area + off, len, pe);
        else
            shmem_putmem_nbi(area + off, host + off, len, pe);
        off += len;
    }
}

struct job {
    long *words;
    int pe, t;
};

static void *thread_puts(void *arg)
{
    struct job *j = arg;
    for (int i = 0; i < THREAD_PUTS; i++) {
        long v[32];
        int len = 1 + i % 32;
        for (int e = 0; e < len; e++)
            v[e] = (long)j->t * 1000000 + (long)i * 100 + e;
        shmem_long_put(j->words + ((size_t)j->t * THREAD_PUTS + (size_t)i) * 32, v,
                       (size_t)len, j->pe);
    }
    shmem_quiet();
    return NULL;
}

int main(void)
{
    int provided;
    CHECK(shmem_init_thread(SHMEM_THREAD_MULTIPLE, &provided) == 0, "init");
    CHECK(provided == SHMEM_THREAD_MULTIPLE, "thread level %d", provided);
    int me = shmem_my_pe(), n = shmem_n_pes();
    int right = (me + 1) % n, left = (me + n - 1) % n;

    unsigned char *area = shmem_calloc(1, AREA);
    put_sizes(area, right, me);
    shmem_barrier_all();
    check_area(area, left, "puts from host memory");

    /* A source in GPU memory: this PE's own heap, filled by a put to self. */
    unsigned char *gpu_src = shmem_malloc(AREA);
    shmem_barrier_all();
    put_sizes(gpu_src, me, me);
    shmem_quiet();
    shmem_putmem(area, gpu_src, AREA, right);
    shmem_barrier_all();
    check_area(area, left, "a put from GPU memory");

    /* _nbi: puts and gets queued without waiting (staged when small, else
     * straight from the caller's memory), landed by quiet. */
    unsigned char *host = malloc(AREA);
    fill(host, 0, AREA, me);
    shmem_barrier_all();
    nbi_pieces(area, host, right, 0);
    shmem_quiet();
    shmem_barrier_all();
    check_area(area, left, "_nbi puts");
    memset(host, 0, AREA);
    nbi_pieces(area, host, right, 1);
    shmem_quiet();
    for (size_t i = 0; i < AREA; i++)
        CHECK(host[i] == pattern(i, me), "_nbi get: byte %zu is %u, not %u", i, host[i],
              pattern(i, me));
    free(host);
    shmem_barrier_all();

    /* fence: the data before the flag, round after round. */
    uint64_t *flag = shmem_calloc(2, sizeof(uint64_t)); /* [0] data ready, [1] checked */
    long *data = shmem_malloc(512 * sizeof(long));
    shmem_barrier_all();
    for (uint64_t round = 1; round <= 200; round++) {
        long v[512];
        size_t len = 1 + (size_t)(round * 37 % 512);
        for (size_t e = 0; e < len; e++)
            v[e] = (long)(round * 1000 + e) + me;
        shmem_long_put(data, v, len, right);
        shmem_fence();
        shmem_uint64_atomic_set(&flag[0], round, right);
        shmem_uint64_wait_until(&flag[0], SHMEM_CMP_EQ, round);
        long got[512];
        shmem_long_get(got, data, len, me);
        for (size_t e = 0; e < len; e++)
            CHECK(got[e] == (long)(round * 1000 + e) + left, "round %lu element %zu: %ld",
                  (unsigned long)round, e, got[e]);
        shmem_uint64_atomic_set(&flag[1], round, left);
        shmem_uint64_wait_until(&flag[1], SHMEM_CMP_EQ, round);
    }

    /* shmem_p into consecutive words, completed by quiet and a barrier. */
    long *words = shmem_calloc((size_t)THREADS * THREAD_PUTS * 32, sizeof(long));
    for (int i = 0; i < 4096; i++)
        shmem_long_p(words + i, (long)i * 3 + me, right);
    shmem_quiet();
    shmem_barrier_all();
    for (int i = 0; i < 4096; i++)
        CHECK(shmem_long_g(words + i, me) == (long)i * 3 + left, "p word %d", i);
    shmem_barrier_all();

    /* Threads putting at once, each completing its puts with quiet. */
    pthread_t th[THREADS];
    struct job jobs[THREADS];
    for (int t = 0; t < THREADS; t++) {
        jobs[t] = (struct job){words, right, t};
        CHECK(pthread_create(&th[t], NULL, thread_puts, &jobs[t]) == 0, "thread");
    }
    for (int t = 0; t < THREADS; t++)
        pthread_join(th[t], NULL);
    shmem_barrier_all();
    long *all = malloc((size_t)THREADS * THREAD_PUTS * 32 * sizeof(long));
    shmem_long_get(all, words, (size_t)THREADS * THREAD_PUTS * 32, me);
    for (int t = 0; t < THREADS; t++)
        for (int i = 0; i < THREAD_PUTS; i++)
            for (int e = 0; e < 1 + i % 32; e++)
                CHECK(all[((size_t)t * THREAD_PUTS + (size_t)i) * 32 + (size_t)e] ==
                          (long)t * 1000000 + (long)i * 100 + e,
                      "thread %d put %d element %d", t, i, e);
    free(all);

    shmem_barrier_all();
    shmem_free(words);
    shmem_free(data);
    shmem_free(flag);
    shmem_free(gpu_src);
    shmem_free(area);
    shmem_finalize();
    return 0;
}
