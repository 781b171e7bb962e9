/* Posted (non-fetching) AMOs as the first operations between PEs of
 * different nodes: on UCX 1.13 over tcp a job of 3 or more PEs whose first
 * operation on an endpoint was a posted AMO died in UCX's progress
 * (src/transport/ucx/ucx_amo.c). Every PE, on a private context (a worker
 * of its own, whose endpoints nothing has made yet) and then on the
 * default one, posts adds, xors and sets to every other PE, the values
 * distinct per sender and round, then quiets; the targets check each
 * sender's words. */
#include <stdint.h>

#include "check.h"

#define ROUNDS 4

static void post_all(shmem_ctx_t ctx, long *sum, unsigned long *bits, long *last, int me,
                     int n)
{
    for (int r = 0; r < ROUNDS; r++)
        for (int d = 1; d < n; d++) {
            int pe = (me + d) % n;
            shmem_ctx_long_atomic_add(ctx, &sum[me], (long)(me + 1) * 100 + r, pe);
            shmem_ctx_ulong_atomic_xor(ctx, &bits[me], 1UL << (r + 8 * (me % 4)), pe);
        }
    shmem_ctx_quiet(ctx);
    /* A set is a swap whose old value is dropped (it waits for it): after
     * the others, so that they are the endpoints' first operations. */
    for (int r = 0; r < ROUNDS; r++)
        for (int d = 1; d < n; d++)
            shmem_ctx_long_atomic_set(ctx, &last[me], (long)me * 1000 + r, (me + d) % n);
    shmem_ctx_quiet(ctx);
}

static void check_all(const long *sum, const unsigned long *bits, const long *last, int me,
                      int n, const char *what)
{
    for (int src = 0; src < n; src++) {
        if (src == me)
            continue;
        long want_sum = 0;
        unsigned long want_bits = 0;
        for (int r = 0; r < ROUNDS; r++) {
            want_sum += (long)(src + 1) * 100 + r;
            want_bits ^= 1UL << (r + 8 * (src % 4));
        }
        CHECK(sum[src] == want_sum, "%s: the adds of PE %d sum to %ld, want %ld", what, src,
              sum[src], want_sum);
        CHECK(bits[src] == want_bits, "%s: the xors of PE %d give %#lx, want %#lx", what, src,
              bits[src], want_bits);
        CHECK(last[src] == (long)src * 1000 + ROUNDS - 1, "%s: PE %d's last set left %ld, "
              "want %ld", what, src, last[src], (long)src * 1000 + ROUNDS - 1);
    }
}

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    CHECK(n >= 2, "run with 2 or more PEs");
    long *sum = shmem_calloc((size_t)n, sizeof *sum);
    unsigned long *bits = shmem_calloc((size_t)n, sizeof *bits);
    long *last = shmem_calloc((size_t)n, sizeof *last);
    CHECK(sum && bits && last, "symmetric allocation");
    for (int d = 1; d < n; d++)
        CHECK(!shmem_ptr(sum, (me + d) % n), "PE %d reaches PE %d by load/store: run with "
              "SHMEM_VIRTUAL_NODES=1", me, (me + d) % n);

    shmem_ctx_t ctx;
    CHECK(shmem_ctx_create(SHMEM_CTX_PRIVATE, &ctx) == 0, "a private context");
    shmem_barrier_all();
    post_all(ctx, sum, bits, last, me, n);
    shmem_barrier_all();
    check_all(sum, bits, last, me, n, "private context");
    shmem_ctx_destroy(ctx);

    for (int i = 0; i < n; i++)
        sum[i] = 0, bits[i] = 0, last[i] = 0;
    shmem_barrier_all();
    post_all(SHMEM_CTX_DEFAULT, sum, bits, last, me, n);
    shmem_barrier_all();
    check_all(sum, bits, last, me, n, "default context");

    shmem_free(last);
    shmem_free(bits);
    shmem_free(sum);
    shmem_finalize();
    return 0;
}
