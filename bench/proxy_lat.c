/* What the device proxy adds to the inter-node path, measured without a
 * GPU: PE 0's host thread posts requests to PE 1 (another node) through
 * the proxy's ring as a kernel would (shmem/internal/proxy_post.h, with
 * SHMEM_PROXY_HOST=1 on a host heap), next to the same operations called
 * directly on the host, which go to UCX without the ring. On a GPU the
 * ring's writes and polls cross PCIe as well; this is the host side's
 * share.
 *   SHMEM_VIRTUAL_NODES=1 SHMEM_HEAP=host SHMEM_PROXY_HOST=1 \
 *     shmemrun -n 2 build/bench/proxy_lat [iterations]
 * Prints one line per operation: microseconds per call, through the proxy
 * and direct. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <shmem.h>
#include <shmem/internal/device_state.h>
#include <shmem/internal/proxy_post.h>

static struct shmemi_proxy_channel ch;

static void take_channel(const struct shmemi_device_state *s) { ch = s->proxy; }

static double now_us(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static unsigned long long at(const void *p) { return (unsigned long long)(uintptr_t)p; }

int main(int argc, char **argv)
{
    shmemi_device_register_abi(SHMEMI_DEVICE_ABI_VERSION, sizeof(struct shmemi_device_state),
                               take_channel);
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    long iters = argc > 1 ? atol(argv[1]) : 20000;
    if (n != 2 || !ch.slots || shmem_ptr(&me, 1) != NULL) {
        if (me == 0)
            fprintf(stderr, "proxy_lat: run 2 PEs on two virtual nodes with SHMEM_HEAP=host "
                            "SHMEM_PROXY_HOST=1 (see the comment at the top)\n");
        shmem_finalize();
        return 1;
    }
    long *word = shmem_calloc(1, sizeof *word);
    shmem_barrier_all();
    if (me == 0) {
        long v = 1, got;
        double t0, proxy, direct;
        printf("%-22s %12s %12s\n", "operation", "proxy_us", "direct_us");

        t0 = now_us();
        for (long i = 0; i < iters; i++) {
            shmemi_px_put(&ch, at(word), &v, sizeof v, 1, -1, 0, 0);
            shmemi_px_quiet(&ch);
        }
        proxy = (now_us() - t0) / iters;
        t0 = now_us();
        for (long i = 0; i < iters; i++) {
            shmem_long_p(word, v, 1);
            shmem_quiet();
        }
        direct = (now_us() - t0) / iters;
        printf("%-22s %12.2f %12.2f\n", "p_8B+quiet", proxy, direct);

        t0 = now_us();
        for (long i = 0; i < iters; i++)
            shmemi_px_put(&ch, at(word), &v, sizeof v, 1, -1, 0, 0);
        shmemi_px_quiet(&ch);
        proxy = (now_us() - t0) / iters;
        t0 = now_us();
        for (long i = 0; i < iters; i++)
            shmem_long_p(word, v, 1);
        shmem_quiet();
        direct = (now_us() - t0) / iters;
        printf("%-22s %12.2f %12.2f\n", "p_8B_stream", proxy, direct);

        t0 = now_us();
        for (long i = 0; i < iters; i++)
            shmemi_px_get(&ch, &got, at(word), sizeof got, 1);
        proxy = (now_us() - t0) / iters;
        t0 = now_us();
        for (long i = 0; i < iters; i++)
            got = shmem_long_g(word, 1);
        direct = (now_us() - t0) / iters;
        printf("%-22s %12.2f %12.2f\n", "g_8B", proxy, direct);

        t0 = now_us();
        for (long i = 0; i < iters; i++)
            shmemi_px_amo(&ch, SHMEMI_PROXY_AMO_ADD, at(word), 8, 1, 0, 1, 1);
        proxy = (now_us() - t0) / iters;
        t0 = now_us();
        for (long i = 0; i < iters; i++)
            shmem_long_atomic_fetch_add(word, 1, 1);
        direct = (now_us() - t0) / iters;
        printf("%-22s %12.2f %12.2f\n", "fetch_add", proxy, direct);
        (void)got;
    }
    shmem_barrier_all();
    shmem_free(word);
    shmem_finalize();
    return 0;
}
