/* The _nbi routines across nodes (run with SHMEM_VIRTUAL_NODES), where
 * they are truly non-blocking: the transfers are UCX operations still in
 * flight when the call returns, and quiet (or a barrier) completes them.
 *  - many puts and gets of sizes from 1 byte to 256 KiB outstanding at
 *    once, each from or into its own buffer, then one quiet: every byte is
 *    where it belongs, and a source rewritten after the quiet changes
 *    nothing at the target;
 *  - fence orders a large put_nbi before a later flag put_nbi: a reader
 *    that sees the flag sees all the data;
 *  - put_nbi, fence, put_signal_nbi: the signal's reader sees both
 *    transfers' data;
 *  - the same through contexts (a default one and a private one), each
 *    completed by shmem_ctx_quiet;
 *  - the non-fetching AMOs (add, inc, and, or, xor), which are posted
 *    without waiting across nodes: many at once, then quiet, then the
 *    target's words hold every one of them. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "ring.h"

enum { N_SIZES = 19, MAX_SIZE = 256 << 10 };

static size_t size_of(int i) { return (size_t)1 << i; } /* 1 B .. 256 KiB */

/* Every size starts at its own offset, so transfers never overlap. */
static size_t offset_of(int i) { return size_of(i) - 1; }
static const size_t TOTAL = (size_t)2 * MAX_SIZE;

static unsigned char pattern(int pe, int round, size_t i)
{
    return (unsigned char)(pe * 31 + round * 17 + i * 7 + (i >> 8) + 1);
}

static void fill(unsigned char *b, size_t n, int pe, int round)
{
    for (size_t i = 0; i < n; i++)
        b[i] = pattern(pe, round, i);
}

static void expect(const unsigned char *b, size_t n, int pe, int round, const char *what)
{
    CHECK_EACH(b, i, n, pattern(pe, round, i), "%s (PE %d)", what, pe);
}

/* All sizes put (from private memory) to the right neighbour, or got from
 * it, at once, on ctx, then one quiet of ctx. */
static void many(shmem_ctx_t ctx, int round)
{
    unsigned char *dst = shmem_malloc(TOTAL), *src = shmem_malloc(TOTAL);
    unsigned char *mine = malloc(TOTAL), *got = malloc(TOTAL);
    CHECK(dst && src && mine && got, "allocation failed");
    memset(dst, 0, TOTAL);
    for (int i = 0; i < N_SIZES; i++) {
        fill(mine + offset_of(i), size_of(i), me, round + i);
        fill(src + offset_of(i), size_of(i), me, round + 100 + i);
    }
    memset(got, 0, TOTAL);
    shmem_barrier_all();

    for (int i = 0; i < N_SIZES; i++) {
        shmem_ctx_putmem_nbi(ctx, dst + offset_of(i), mine + offset_of(i), size_of(i), right);
        shmem_ctx_getmem_nbi(ctx, got + offset_of(i), src + offset_of(i), size_of(i), right);
    }
    shmem_ctx_quiet(ctx);
    for (int i = 0; i < N_SIZES; i++)
        expect(got + offset_of(i), size_of(i), right, round + 100 + i, "getmem_nbi");
    /* The quiet released the sources: rewriting them must not reach dst. */
    memset(mine, 0xee, TOTAL);
    shmem_barrier_all();
    for (int i = 0; i < N_SIZES; i++)
        expect(dst + offset_of(i), size_of(i), left, round + i, "putmem_nbi");

    /* Typed and sized forms, many small ones outstanding. */
    enum { K = 1000 };
    long *words = (long *)dst, vals[K], back[K];
    for (int k = 0; k < K; k++)
        vals[k] = (long)me * 1000000 + round * 1000 + k;
    shmem_barrier_all();
    for (int k = 0; k < K; k++)
        if (k % 2)
            shmem_ctx_long_put_nbi(ctx, &words[k], &vals[k], 1, right);
        else
            shmem_ctx_put64_nbi(ctx, &words[k], &vals[k], 1, right);
    shmem_ctx_quiet(ctx);
    shmem_barrier_all();
    for (int k = 0; k < K; k++)
        CHECK(words[k] == (long)left * 1000000 + round * 1000 + k, "word %d is %ld", k,
              words[k]);
    for (int k = 0; k < K; k++)
        shmem_ctx_long_get_nbi(ctx, &back[k], &words[k], 1, right);
    shmem_ctx_quiet(ctx);
    for (int k = 0; k < K; k++)
        CHECK(back[k] == (long)me * 1000000 + round * 1000 + k, "got word %d is %ld", k,
              back[k]);
    shmem_barrier_all();
    free(got);
    free(mine);
    shmem_free(src);
    shmem_free(dst);
}

/* PE 0 to the last PE: rounds of a large put_nbi, a fence and a flag
 * put_nbi; the reader waits for each flag and checks the data under it. */
static void fence_order(void)
{
    enum { ROUNDS = 50, BYTES = 64 << 10 };
    unsigned char *data = shmem_malloc(BYTES);
    long *flag = shmem_calloc(1, sizeof(long));
    unsigned char *bufs = malloc((size_t)ROUNDS * BYTES);
    CHECK(data && flag && bufs, "allocation failed");
    shmem_barrier_all();
    if (me == 0) {
        long vals[ROUNDS];
        for (int r = 0; r < ROUNDS; r++) {
            vals[r] = r + 1;
            fill(bufs + (size_t)r * BYTES, BYTES, me, r);
            shmem_putmem_nbi(data, bufs + (size_t)r * BYTES, BYTES, npes - 1);
            shmem_fence();
            shmem_long_put_nbi(flag, &vals[r], 1, npes - 1);
            /* The reader checks this round's data before the next one may
             * overwrite it. */
            shmem_quiet();
            shmem_long_wait_until(flag, SHMEM_CMP_EQ, r + 1);
        }
    } else if (me == npes - 1) {
        for (long r = 0; r < ROUNDS; r++) {
            shmem_long_wait_until(flag, SHMEM_CMP_GE, r + 1);
            CHECK(*flag == r + 1, "flag is %ld in round %ld", *flag, r);
            expect(data, BYTES, 0, (int)r, "data under the flag");
            shmem_long_p(flag, r + 1, 0);
        }
    }
    shmem_barrier_all();
    free(bufs);
    shmem_free(flag);
    shmem_free(data);
}

/* put_nbi, fence, put_signal_nbi to the right neighbour, which waits for
 * the signal and checks both transfers. */
static void then_signal(shmem_ctx_t ctx)
{
    enum { BYTES = 32 << 10 };
    unsigned char *a = shmem_malloc(BYTES), *b = shmem_malloc(BYTES);
    uint64_t *sig = shmem_calloc(1, sizeof *sig);
    unsigned char *srca = malloc(BYTES), *srcb = malloc(BYTES);
    CHECK(a && b && sig && srca && srcb, "allocation failed");
    fill(srca, BYTES, me, 7);
    fill(srcb, BYTES, me, 8);
    shmem_barrier_all();
    shmem_ctx_putmem_nbi(ctx, a, srca, BYTES, right);
    shmem_ctx_fence(ctx);
    shmem_ctx_putmem_signal_nbi(ctx, b, srcb, BYTES, sig, 1, SHMEM_SIGNAL_ADD, right);
    shmem_signal_wait_until(sig, SHMEM_CMP_EQ, 1);
    expect(a, BYTES, left, 7, "put_nbi before the signal");
    expect(b, BYTES, left, 8, "put_signal_nbi's data");
    shmem_ctx_quiet(ctx);
    shmem_barrier_all();
    free(srcb);
    free(srca);
    shmem_free(sig);
    shmem_free(b);
    shmem_free(a);
}

/* Posted AMOs on the right neighbour's words, 32- and 64-bit. */
static void posted_amos(shmem_ctx_t ctx)
{
    enum { K = 500 };
    long *sum = shmem_calloc(1, sizeof(long));
    unsigned long *x = shmem_calloc(1, sizeof(unsigned long));
    unsigned int *bits = shmem_calloc(2, sizeof(unsigned int));
    int *count = shmem_calloc(1, sizeof(int));
    CHECK(sum && x && bits && count, "allocation failed");
    bits[0] = ~0u;
    shmem_barrier_all();
    for (int k = 0; k < K; k++) {
        shmem_ctx_long_atomic_add(ctx, sum, k, right);
        shmem_ctx_int_atomic_inc(ctx, count, right);
        shmem_ctx_uint_atomic_and(ctx, &bits[0], ~(1u << (k % 32)), right);
        shmem_ctx_uint_atomic_or(ctx, &bits[1], 1u << (k % 32), right);
        shmem_ctx_ulong_atomic_xor(ctx, x, (unsigned long)k << 20, right);
    }
    shmem_ctx_quiet(ctx);
    shmem_barrier_all();
    unsigned long want_xor = 0;
    for (int k = 0; k < K; k++)
        want_xor ^= (unsigned long)k << 20;
    CHECK(*sum == (long)K * (K - 1) / 2, "add: %ld", *sum);
    CHECK(*count == K, "inc: %d", *count);
    CHECK(bits[0] == 0, "and: %#x", bits[0]);
    CHECK(bits[1] == ~0u, "or: %#x", bits[1]);
    CHECK(*x == want_xor, "xor: %#lx, want %#lx", *x, want_xor);
    shmem_barrier_all();
    shmem_free(count);
    shmem_free(bits);
    shmem_free(x);
    shmem_free(sum);
}

int main(void)
{
    ring_start();
    shmem_ctx_t priv;
    CHECK(shmem_ctx_create(SHMEM_CTX_PRIVATE, &priv) == 0, "shmem_ctx_create failed");
    for (int round = 0; round < 3; round++) {
        many(SHMEM_CTX_DEFAULT, round);
        many(priv, round + 10);
    }
    posted_amos(SHMEM_CTX_DEFAULT);
    posted_amos(priv);
    fence_order();
    then_signal(SHMEM_CTX_DEFAULT);
    then_signal(priv);
    shmem_ctx_destroy(priv);
    shmem_finalize();
    return 0;
}
