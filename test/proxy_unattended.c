/* Kernels' requests while no thread of their PE calls the library: a
 * kernel's host waits in cudaDeviceSynchronize, so only the proxy threads
 * progress the workers, and on a served heap (the heap service) they alone
 * serve the other nodes' requests too. Each PE's requester thread does, as
 * a kernel would, ITERS rounds of: a put of BYTES to its right neighbour, a
 * get of the right neighbour's data, a fetch_add on its counter, a
 * put-with-signal carrying the round's number, then a spin with plain loads
 * and no library call until the left neighbour's round has landed here.
 * The main thread only joins it. */
#include <pthread.h>
#include <stdint.h>

#include <shmem.h>
#include <shmem/internal/device_state.h>
#include <shmem/internal/proxy_post.h>

#include "check.h"
#include "nodes.h"

#define ITERS 50
#define BYTES 256

struct area {
    unsigned char got[ITERS][BYTES];  /* from the left neighbour, a row a round */
    uint64_t data[BYTES / 8];         /* what the left neighbour gets */
    uint64_t counter;
    uint64_t round;                   /* the left neighbour's signal */
};

static struct area *A;
static struct shmemi_proxy_channel ch;
static int me, right, left;

static void take_channel(const struct shmemi_device_state *s) { ch = s->proxy; }

static unsigned char pattern(int pe, int i, int k) { return (unsigned char)(pe * 29 + i * 3 + k); }

static unsigned long long at(const void *p) { return (unsigned long long)(uintptr_t)p; }

static void *requester(void *arg)
{
    (void)arg;
    unsigned char buf[BYTES];
    for (int i = 0; i < ITERS; i++) {
        for (int k = 0; k < BYTES; k++)
            buf[k] = pattern(me, i, k);
        shmemi_px_put(&ch, at(A->got[i]), buf, BYTES / 2, right, -1, 0, 0);
        uint64_t got[BYTES / 8];
        shmemi_px_get(&ch, got, at(A->data), sizeof got, right);
        CHECK_EACH(got, k, BYTES / 8, (uint64_t)right * 1000 + k, "round %d: get from PE %d",
                   i, right);
        unsigned long long old =
            shmemi_px_amo(&ch, SHMEMI_PROXY_AMO_ADD, at(&A->counter), 8, 1, 0, right, 1);
        CHECK(old == (unsigned long long)i, "round %d: fetch_add on PE %d returned %llu", i,
              right, old);
        shmemi_px_put(&ch, at(A->got[i] + BYTES / 2), buf + BYTES / 2, BYTES / 2, right,
                      SHMEMI_PROXY_AMO_SET, at(&A->round), (unsigned long long)i + 1);
        while (__atomic_load_n(&A->round, __ATOMIC_ACQUIRE) < (uint64_t)i + 1)
            sched_yield();
        CHECK_EACH(A->got[i], k, BYTES, pattern(left, i, (int)k), "round %d: put from PE %d",
                   i, left);
    }
    shmemi_px_quiet(&ch);
    return NULL;
}

int main(void)
{
    shmemi_device_register_abi(SHMEMI_DEVICE_ABI_VERSION, sizeof(struct shmemi_device_state),
                               take_channel);
    shmem_init();
    me = shmem_my_pe();
    int n = shmem_n_pes();
    right = (me + 1) % n;
    left = (me + n - 1) % n;
    CHECK(nodes_per_node() == 1, "run on virtual nodes of one PE each (SHMEM_VIRTUAL_NODES=1)");
    CHECK(ch.slots != NULL, "no proxy channel: run with SHMEM_PROXY_HOST=1 on a host heap");
    A = shmem_calloc(1, sizeof *A);
    CHECK(A != NULL, "shmem_calloc");
    for (int k = 0; k < BYTES / 8; k++)
        A->data[k] = (uint64_t)me * 1000 + (uint64_t)k;
    shmem_barrier_all();

    pthread_t th;
    CHECK(pthread_create(&th, NULL, requester, NULL) == 0, "pthread_create");
    CHECK(pthread_join(th, NULL) == 0, "pthread_join");

    shmem_barrier_all();
    CHECK(A->counter == ITERS, "counter %llu, want %d", (unsigned long long)A->counter, ITERS);
    shmem_barrier_all();
    shmem_free(A);
    shmem_finalize();
    return 0;
}
