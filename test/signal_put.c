/* Signaling: put-with-signal for every row of the RMA table, every size and
 * mem, blocking and _nbi, with and without a context and through the
 * generic names; the data is always there once the signal is seen (many
 * rounds, the receiver checking every word); SHMEM_SIGNAL_ADD counts
 * exactly under contention; signal_fetch, signal_wait_until's return
 * value, and 1.6's signal_add and signal_set. */
#include <string.h>

#include "check.h"
#include "ring.h"

#define NE 8
#define ROUNDS 1000
#define LEN 256 /* longs per round: past a cache line, so a torn order shows */

#define VAL(T, pe, i) ((T)(((pe) * 7 + (i) * 3) % 61 + 1))

/* Each form puts NE elements from `loc` and adds 1 to the signal: four
 * typed forms, the generic ones at both arities, so sig must reach 8 (4 at
 * the sized and mem rows, which have no generic name). */
#define TF(N, op) shmem_##N##_##op
#define GF(N, op) shmem_##op
#define SIG_TYPED(T, N)                                                       \
    static void typed_##N(void)                                               \
    {                                                                         \
        T *dst = shmem_calloc(8 * NE, sizeof(T));                             \
        uint64_t *sig = shmem_calloc(1, sizeof *sig);                         \
        CHECK(dst && sig, #N ": allocation");                                 \
        T loc[NE];                                                            \
        for (int i = 0; i < NE; i++)                                          \
            loc[i] = VAL(T, me, i);                                           \
        shmem_barrier_all();                                                  \
        const shmem_ctx_t c = SHMEM_CTX_DEFAULT;                              \
        const int add = SHMEM_SIGNAL_ADD;                                     \
        TF(N, put_signal)(dst, loc, NE, sig, 1, add, right);                  \
        shmem_ctx_##N##_put_signal(c, dst + NE, loc, NE, sig, 1, add, right); \
        TF(N, put_signal_nbi)(dst + 2 * NE, loc, NE, sig, 1, add, right);     \
        shmem_ctx_##N##_put_signal_nbi(c, dst + 3 * NE, loc, NE, sig, 1, add, \
                                       right);                                \
        GF(N, put_signal)(dst + 4 * NE, loc, NE, sig, 1, add, right);         \
        GF(N, put_signal)(c, dst + 5 * NE, loc, NE, sig, 1, add, right);      \
        GF(N, put_signal_nbi)(dst + 6 * NE, loc, NE, sig, 1, add, right);     \
        GF(N, put_signal_nbi)(c, dst + 7 * NE, loc, NE, sig, 1, add, right);  \
        shmem_quiet();                                                        \
        CHECK(shmem_signal_wait_until(sig, SHMEM_CMP_EQ, 8) == 8, #N);        \
        for (int i = 0; i < 8 * NE; i++)                                      \
            CHECK(dst[i] == VAL(T, left, i % NE), #N ": element %d is %g", i, \
                  (double)dst[i]);                                            \
        shmem_barrier_all();                                                  \
        shmem_free(sig);                                                      \
        shmem_free(dst);                                                      \
    }
SHMEMI_RMA_TYPES(SIG_TYPED)

static void check_bytes(const unsigned char *p, size_t n, int from, const char *what)
{
    CHECK_EACH(p, i, n, (unsigned char)(from * 13 + i), "%s", what);
}

#define SIG_SIZED(B)                                                          \
    static void sized_##B(void)                                               \
    {                                                                         \
        size_t bytes = NE * (B / 8);                                          \
        unsigned char *dst = shmem_calloc(4, bytes), loc[NE * 16];            \
        uint64_t *sig = shmem_calloc(1, sizeof *sig);                         \
        CHECK(dst && sig, "put" #B ": allocation");                           \
        for (size_t i = 0; i < bytes; i++)                                    \
            loc[i] = (unsigned char)(me * 13 + i);                            \
        shmem_barrier_all();                                                  \
        const shmem_ctx_t c = SHMEM_CTX_DEFAULT;                              \
        shmem_put##B##_signal(dst, loc, NE, sig, 2, SHMEM_SIGNAL_ADD, right); \
        shmem_ctx_put##B##_signal(c, dst + bytes, loc, NE, sig, 2,            \
                                  SHMEM_SIGNAL_ADD, right);                   \
        shmem_put##B##_signal_nbi(dst + 2 * bytes, loc, NE, sig, 2,           \
                                  SHMEM_SIGNAL_ADD, right);                   \
        shmem_ctx_put##B##_signal_nbi(c, dst + 3 * bytes, loc, NE, sig, 2,    \
                                      SHMEM_SIGNAL_ADD, right);               \
        shmem_quiet();                                                        \
        CHECK(shmem_signal_wait_until(sig, SHMEM_CMP_GE, 8) == 8, "put" #B);  \
        for (int f = 0; f < 4; f++)                                           \
            check_bytes(dst + f * bytes, bytes, left, "put" #B "_signal");    \
        shmem_barrier_all();                                                  \
        shmem_free(sig);                                                      \
        shmem_free(dst);                                                      \
    }
SHMEMI_SIZES(SIG_SIZED)

static void mem(void)
{
    unsigned char *dst = shmem_calloc(4, 100), loc[100];
    uint64_t *sig = shmem_calloc(1, sizeof *sig);
    CHECK(dst && sig, "putmem: allocation");
    for (size_t i = 0; i < 100; i++)
        loc[i] = (unsigned char)(me * 13 + i);
    shmem_barrier_all();
    const shmem_ctx_t c = SHMEM_CTX_DEFAULT;
    /* SET forms: the signal ends at the last value set. */
    shmem_putmem_signal(dst, loc, 100, sig, 11, SHMEM_SIGNAL_SET, right);
    shmem_ctx_putmem_signal(c, dst + 100, loc, 100, sig, 12, SHMEM_SIGNAL_SET, right);
    shmem_putmem_signal_nbi(dst + 200, loc, 100, sig, 13, SHMEM_SIGNAL_SET, right);
    shmem_ctx_putmem_signal_nbi(c, dst + 300, loc, 100, sig, 14, SHMEM_SIGNAL_SET, right);
    shmem_quiet();
    CHECK(shmem_signal_wait_until(sig, SHMEM_CMP_EQ, 14) == 14, "putmem");
    for (int f = 0; f < 4; f++)
        check_bytes(dst + f * 100, 100, left, "putmem_signal");
    /* Zero elements still signal. */
    shmem_barrier_all();
    shmem_putmem_signal(dst, loc, 0, sig, 100, SHMEM_SIGNAL_ADD, right);
    CHECK(shmem_signal_wait_until(sig, SHMEM_CMP_GT, 14) == 114, "zero-length signal");
    shmem_barrier_all();
    shmem_free(sig);
    shmem_free(dst);
}

/* Many rounds to the right neighbour; the receiver waits for the round's
 * signal, checks every word, and acknowledges through signal_add on its
 * left neighbour's ack word. The forms rotate, so each round's ordering is
 * that of another routine. */
static void ordering(void)
{
    long *data = shmem_malloc(LEN * sizeof(long));
    uint64_t *sig = shmem_calloc(2, sizeof(uint64_t)), *ack = sig + 1;
    CHECK(data && sig, "allocation");
    long loc[LEN];
    shmem_barrier_all();
    for (long r = 1; r <= ROUNDS; r++) {
        for (int i = 0; i < LEN; i++)
            loc[i] = r * 1000003 + me * LEN + i;
        switch (r % 5) {
        case 0:
            shmem_long_put_signal(data, loc, LEN, sig, (uint64_t)r, SHMEM_SIGNAL_SET, right);
            break;
        case 1: shmem_put_signal_nbi(data, loc, LEN, sig, 1, SHMEM_SIGNAL_ADD, right); break;
        case 2:
            shmem_put64_signal(data, loc, LEN, sig, (uint64_t)r, SHMEM_SIGNAL_SET, right);
            break;
        case 3:
            shmem_ctx_putmem_signal_nbi(SHMEM_CTX_DEFAULT, data, loc, LEN * sizeof(long), sig,
                                        1, SHMEM_SIGNAL_ADD, right);
            break;
        default: shmem_put_signal(data, loc, LEN, sig, (uint64_t)r, SHMEM_SIGNAL_SET, right); break;
        }
        uint64_t s = shmem_signal_wait_until(sig, SHMEM_CMP_GE, (uint64_t)r);
        CHECK(s == (uint64_t)r, "round %ld: signal %lu", r, (unsigned long)s);
        CHECK_EACH(data, i, LEN, r * 1000003 + left * LEN + (long)i,
                   "round %ld: stale after the signal", r);
        shmem_signal_add(ack, 1, left);
        shmem_signal_wait_until(ack, SHMEM_CMP_GE, (uint64_t)r);
    }
    shmem_barrier_all();
    shmem_free(sig);
    shmem_free(data);
}

/* Every PE adds to PE 0's signal with signal_add, its context form and
 * put-with-signal's ADD; PE 0 waits for the exact total. Then signal_set
 * from each PE in turn, and signal_fetch of what it left. */
static void counting(void)
{
    enum { K = 500 };
    uint64_t *sig = shmem_calloc(1, sizeof *sig);
    int *dummy = shmem_calloc(1, sizeof *dummy);
    CHECK(sig && dummy, "allocation");
    shmem_barrier_all();
    for (int i = 0; i < K; i++) {
        shmem_signal_add(sig, (uint64_t)me + 1, 0);
        shmem_ctx_signal_add(SHMEM_CTX_DEFAULT, sig, 1, 0);
        shmem_int_put_signal(dummy, &i, 1, sig, 2, SHMEM_SIGNAL_ADD, 0);
    }
    uint64_t total = (uint64_t)K * ((uint64_t)npes * (npes + 1) / 2 + 3 * (uint64_t)npes);
    if (me == 0) {
        CHECK(shmem_signal_wait_until(sig, SHMEM_CMP_GE, total) == total, "total");
        CHECK(shmem_signal_fetch(sig) == total, "fetch %lu, want %lu",
              (unsigned long)shmem_signal_fetch(sig), (unsigned long)total);
    }
    shmem_barrier_all();
    for (int pe = 0; pe < npes; pe++) {
        if (me == pe) {
            shmem_signal_set(sig, 500 + (uint64_t)pe, (pe + 1) % npes);
            shmem_ctx_signal_set(SHMEM_CTX_DEFAULT, sig, 700 + (uint64_t)pe, pe);
        }
        shmem_barrier_all();
    }
    /* PE 0's left neighbour sets it last; every other PE sets itself last. */
    uint64_t want = me == 0 && npes > 1 ? 500 + (uint64_t)left : 700 + (uint64_t)me;
    CHECK(shmem_signal_fetch(sig) == want, "after signal_set: %lu, want %lu",
          (unsigned long)shmem_signal_fetch(sig), (unsigned long)want);
    shmem_barrier_all();
    shmem_free(dummy);
    shmem_free(sig);
}

int main(void)
{
    ring_start();

#define RUN_TYPED(T, N) typed_##N();
    SHMEMI_RMA_TYPES(RUN_TYPED)
#define RUN_SIZED(B) sized_##B();
    SHMEMI_SIZES(RUN_SIZED)
    mem();
    ordering();
    counting();

    shmem_finalize();
    return 0;
}
