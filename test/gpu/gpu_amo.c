/* Host AMOs, locks and signals on the device heap, where the CPU cannot
 * reach the words and a kernel of the library does each operation: every
 * AMO of 4- and 8-byte types from every PE to every PE, contention on one
 * word, the MCS lock guarding a counter updated by plain get/put, and
 * put-with-signal ordering large copies before the signal. Every failure
 * names the routine, the PEs and the value seen against the one expected. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../check.h"

#define CONTENDED 500
#define LOCKED 50
#define ROUNDS 20
#define BIG ((size_t)4 << 20)

/* The standard AMOs on type T of each PE's slot `me` on PE t, in a sequence
 * whose every returned value is known. */
#define STANDARD(T, N, FMT)                                                   \
    static void standard_##N(T *w, int me, int t)                             \
    {                                                                         \
        T *x = &w[me];                                                        \
        shmem_##N##_atomic_set(x, (T)(10 + me), t);                           \
        T v = shmem_##N##_atomic_fetch(x, t);                                 \
        CHECK(v == (T)(10 + me), #N " fetch on PE %d: " FMT, t, v);           \
        v = shmem_##N##_atomic_swap(x, (T)20, t);                             \
        CHECK(v == (T)(10 + me), #N " swap on PE %d returned " FMT, t, v);    \
        v = shmem_##N##_atomic_compare_swap(x, (T)20, (T)30, t);              \
        CHECK(v == (T)20, #N " compare_swap (hit) on PE %d returned " FMT, t, v); \
        v = shmem_##N##_atomic_compare_swap(x, (T)99, (T)40, t);              \
        CHECK(v == (T)30, #N " compare_swap (miss) on PE %d returned " FMT, t, v); \
        v = shmem_##N##_atomic_fetch_add(x, (T)5, t);                         \
        CHECK(v == (T)30, #N " fetch_add on PE %d returned " FMT, t, v);      \
        shmem_##N##_atomic_add(x, (T)5, t);                                   \
        v = shmem_##N##_atomic_fetch_inc(x, t);                               \
        CHECK(v == (T)40, #N " fetch_inc after add on PE %d returned " FMT, t, v); \
        shmem_##N##_atomic_inc(x, t);                                         \
        T got;                                                                \
        shmem_##N##_atomic_fetch_add_nbi(&got, x, (T)-2, t);                  \
        shmem_quiet();                                                        \
        CHECK(got == (T)42, #N " fetch_add_nbi on PE %d fetched " FMT, t, got); \
        shmem_##N##_get(&got, x, 1, t);                                       \
        CHECK(got == (T)40, #N " word on PE %d read back by get: " FMT, t, got); \
        v = shmem_ctx_##N##_atomic_fetch_add(SHMEM_CTX_DEFAULT, x, (T)2, t);  \
        CHECK(v == (T)40, #N " ctx fetch_add on PE %d returned " FMT, t, v);  \
        v = shmem_ctx_##N##_atomic_fetch(SHMEM_CTX_DEFAULT, x, t);            \
        CHECK(v == (T)42, #N " ctx fetch on PE %d returned " FMT, t, v);      \
    }
STANDARD(int, int, "%d")
STANDARD(long, long, "%ld")

/* The extended AMOs (fetch, set, swap) on floating types. */
#define EXTENDED(T, N)                                                        \
    static void extended_##N(T *w, int me, int t)                             \
    {                                                                         \
        T *x = &w[me];                                                        \
        shmem_##N##_atomic_set(x, (T)1.5 + me, t);                            \
        T v = shmem_##N##_atomic_fetch(x, t);                                 \
        CHECK(v == (T)1.5 + me, #N " fetch on PE %d: %g", t, (double)v);      \
        v = shmem_##N##_atomic_swap(x, (T)-2.25, t);                          \
        CHECK(v == (T)1.5 + me, #N " swap on PE %d returned %g", t, (double)v); \
        shmem_##N##_get(&v, x, 1, t);                                         \
        CHECK(v == (T)-2.25, #N " word on PE %d read back by get: %g", t, (double)v); \
    }
EXTENDED(float, float)
EXTENDED(double, double)

/* The bitwise AMOs on unsigned types of both sizes. */
#define BITWISE(T, N)                                                         \
    static void bitwise_##N(T *w, int me, int t)                              \
    {                                                                         \
        T *x = &w[me];                                                        \
        shmem_##N##_atomic_set(x, (T)0xf0f0, t);                              \
        T v = shmem_##N##_atomic_fetch_and(x, (T)0xff00, t);                  \
        CHECK(v == (T)0xf0f0, #N " fetch_and on PE %d returned %#llx", t, (unsigned long long)v); \
        v = shmem_##N##_atomic_fetch_or(x, (T)0x000f, t);                     \
        CHECK(v == (T)0xf000, #N " fetch_or on PE %d returned %#llx", t, (unsigned long long)v); \
        v = shmem_##N##_atomic_fetch_xor(x, (T)0xffff, t);                    \
        CHECK(v == (T)0xf00f, #N " fetch_xor on PE %d returned %#llx", t, (unsigned long long)v); \
        shmem_##N##_atomic_and(x, (T)0x0f00, t);                              \
        shmem_##N##_atomic_or(x, (T)0x1, t);                                  \
        shmem_##N##_atomic_xor(x, (T)0x3, t);                                 \
        v = shmem_##N##_atomic_fetch(x, t);                                   \
        CHECK(v == (T)0x0f02, #N " and/or/xor on PE %d left %#llx", t, (unsigned long long)v); \
        if (sizeof(T) == 8) {                                                 \
            /* The high half must take part too. */                           \
            shmem_##N##_atomic_set(x, (T)-1, t);                              \
            v = shmem_##N##_atomic_fetch_xor(x, (T)((T)1 << (sizeof(T) * 8 - 1)), t); \
            CHECK(v == (T)-1, #N " fetch_xor (high bit) on PE %d returned %#llx", t, (unsigned long long)v); \
            v = shmem_##N##_atomic_fetch(x, t);                               \
            CHECK(v == (T)-1 >> 1, #N " high bit cleared on PE %d: %#llx", t, (unsigned long long)v); \
        }                                                                     \
    }
BITWISE(uint32_t, uint32)
BITWISE(uint64_t, uint64)

static void every_op(int me, int n)
{
    int *wi = shmem_calloc((size_t)n, sizeof(int));
    long *wl = shmem_calloc((size_t)n, sizeof(long));
    float *wf = shmem_calloc((size_t)n, sizeof(float));
    double *wd = shmem_calloc((size_t)n, sizeof(double));
    uint32_t *w32 = shmem_calloc((size_t)n, sizeof(uint32_t));
    uint64_t *w64 = shmem_calloc((size_t)n, sizeof(uint64_t));
    CHECK(wi && wl && wf && wd && w32 && w64, "calloc");
    shmem_barrier_all();
    for (int i = 0; i < n; i++) {
        int t = (me + i) % n;
        standard_int(wi, me, t);
        standard_long(wl, me, t);
        extended_float(wf, me, t);
        extended_double(wd, me, t);
        bitwise_uint32(w32, me, t);
        bitwise_uint64(w64, me, t);
    }
    shmem_barrier_all();
    /* Neighbouring slots of a 4-byte type were not disturbed. */
    for (int p = 0; p < n; p++) {
        int v = shmem_int_atomic_fetch(&wi[p], me);
        CHECK(v == 42, "int slot %d on PE %d ends as %d, not 42", p, me, v);
    }
    shmem_barrier_all();
    shmem_free(w64);
    shmem_free(w32);
    shmem_free(wd);
    shmem_free(wf);
    shmem_free(wl);
    shmem_free(wi);
}

/* Every PE adds to one word on PE 0: the old values each PE sees rise, and
 * all of them together are 0 .. n*CONTENDED-1, so their sum is known. */
static void contention(int me, int n)
{
    long *word = shmem_calloc(2, sizeof(long));
    shmem_barrier_all();
    long last = -1, sum = 0;
    for (int i = 0; i < CONTENDED; i++) {
        long old = shmem_long_atomic_fetch_add(&word[0], 1, 0);
        CHECK(old > last, "fetch_add on PE 0: old value %ld after %ld", old, last);
        last = old;
        sum += old;
    }
    shmem_long_atomic_add(&word[1], sum, 0);
    shmem_barrier_all();
    long total = shmem_long_atomic_fetch(&word[0], 0);
    long all = (long)n * CONTENDED;
    CHECK(total == all, "%d PEs x %d fetch_adds left %ld", n, CONTENDED, total);
    long sums = shmem_long_atomic_fetch(&word[1], 0);
    CHECK(sums == all * (all - 1) / 2, "the old values sum to %ld, not %ld", sums,
          all * (all - 1) / 2);
    shmem_barrier_all();
    shmem_free(word);
}

/* A counter in GPU memory, read and written with plain get and put under
 * the lock: any overlap of two holders loses an increment. */
static void locks(int me, int n)
{
    long *lock = shmem_calloc(1, sizeof(long));
    long *counter = shmem_calloc(1, sizeof(long));
    shmem_barrier_all();
    for (int i = 0; i < LOCKED; i++) {
        if (i % 2)
            shmem_set_lock(lock);
        else
            while (shmem_test_lock(lock))
                ;
        long c = shmem_long_g(counter, 0);
        shmem_long_p(counter, c + 1, 0);
        shmem_quiet();
        shmem_clear_lock(lock);
    }
    shmem_barrier_all();
    long c = shmem_long_g(counter, 0);
    CHECK(c == (long)n * LOCKED, "the counter under the lock is %ld, not %d x %d", c, n,
          LOCKED);
    shmem_barrier_all();
    shmem_free(counter);
    shmem_free(lock);
}

/* Each round, 4 MiB from pageable host memory and a signal to the right;
 * the left's data must be complete once the signal is seen. */
static void signals(int me, int n)
{
    int right = (me + 1) % n, left = (me + n - 1) % n;
    uint64_t *sig = shmem_calloc(2, sizeof(uint64_t));
    long *data = shmem_malloc(BIG);
    long *src = malloc(BIG), *back = malloc(BIG);
    CHECK(sig && data && src && back, "malloc");
    size_t nl = BIG / sizeof(long);
    shmem_barrier_all();
    for (int r = 1; r <= ROUNDS; r++) {
        for (size_t i = 0; i < nl; i++)
            src[i] = (long)me * 1000000 + r * 1000 + (long)(i % 997);
        int op = r % 2 ? SHMEM_SIGNAL_ADD : SHMEM_SIGNAL_SET;
        uint64_t value = op == SHMEM_SIGNAL_ADD ? 1 : (uint64_t)r;
        if (r % 3)
            shmem_long_put_signal(data, src, nl, &sig[0], value, op, right);
        else
            shmem_putmem_signal_nbi(data, src, BIG, &sig[0], value, op, right);
        uint64_t seen = shmem_signal_wait_until(&sig[0], SHMEM_CMP_GE, (uint64_t)r);
        CHECK(seen == (uint64_t)r, "round %d: signal from PE %d is %llu", r, left,
              (unsigned long long)seen);
        uint64_t fetched = shmem_signal_fetch(&sig[0]);
        CHECK(fetched == (uint64_t)r, "round %d: shmem_signal_fetch gives %llu", r,
              (unsigned long long)fetched);
        shmem_getmem(back, data, BIG, me);
        for (size_t i = 0; i < nl; i++)
            CHECK(back[i] == (long)left * 1000000 + r * 1000 + (long)(i % 997),
                  "round %d: element %zu from PE %d is %ld after the signal", r, i, left,
                  back[i]);
        shmem_barrier_all();
    }
    /* 1.6's signal_add and signal_set on their own. */
    shmem_signal_add(&sig[1], 5, right);
    shmem_signal_wait_until(&sig[1], SHMEM_CMP_EQ, 5);
    shmem_barrier_all();
    shmem_signal_set(&sig[1], 9, right);
    shmem_signal_wait_until(&sig[1], SHMEM_CMP_EQ, 9);
    shmem_barrier_all();
    free(back);
    free(src);
    shmem_free(data);
    shmem_free(sig);
}

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    every_op(me, n);
    contention(me, n);
    locks(me, n);
    signals(me, n);
    if (me == 0)
        printf("host AMOs, locks and signals on the device heap: ok at %d PEs\n", n);
    shmem_finalize();
    return 0;
}
