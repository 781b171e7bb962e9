/* The world barrier: a dissemination barrier on flags in the symmetric
 * heap, one cache line each. In round r every PE writes the epoch into
 * round r's flag of PE me + 2^r and waits for its own round-r flag to reach
 * the epoch: ceil(log2 N) rounds, each a single store and a single wait.
 * Epochs only grow (64 bits never wrap), so a fast PE writing the next
 * epoch early cannot be mistaken for a slow one. */
#include <stdatomic.h>
#include <stdint.h>

#include <shmem.h>

#include "../heap/alloc.h"
#include "../init/error.h"
#include "spin.h"
#include "sync.h"

#define MAX_ROUNDS 32

struct flag {
    _Atomic uint64_t epoch;
    char pad[64 - sizeof(uint64_t)];
};

static struct flag *flags; /* [MAX_ROUNDS], symmetric */
static uint64_t epoch;
/* PEs on other nodes cannot be reached by a store yet: the bootstrap's own
 * barrier serves them until the inter-node transport exists. */
static int use_bootstrap;

void shmemi_sync_init(void)
{
    size_t off;
    if (shmemi_alloc_take(sizeof(struct flag) * MAX_ROUNDS, 64, &off) != 0)
        shmemi_fatal("shmem_init", "no room for the barrier flags");
    flags = (struct flag *)(shmemi_heap.base + off);
    epoch = 0;
    use_bootstrap = shmemi_state.n_local != shmemi_state.n_pes;
}

void shmemi_sync_fini(void) { flags = NULL; }

static void dissemination(void)
{
    int n = shmemi_state.n_pes, me = shmemi_state.my_pe;
    uint64_t e = ++epoch;
    for (int r = 0, d = 1; d < n; r++, d <<= 1) {
        int to = (me + d) % n;
        struct flag *remote = shmemi_heap_at(&flags[r], shmemi_state.local_index[to]);
        atomic_store_explicit(&remote->epoch, e, memory_order_release);
        size_t polls = 0;
        while (atomic_load_explicit(&flags[r].epoch, memory_order_acquire) < e)
            shmemi_spin_step(&polls);
    }
}

void shmemi_barrier_world(void)
{
    shmemi_quiet();
    if (use_bootstrap) {
        if (shmemi_state.boot.barrier() != 0)
            shmemi_fatal("shmem_barrier_all", "the bootstrap barrier failed");
        return;
    }
    dissemination();
}

void shmem_barrier_all(void)
{
    shmemi_require_init("shmem_barrier_all");
    shmemi_barrier_world();
}

void shmem_sync_all(void)
{
    shmemi_require_init("shmem_sync_all");
    shmemi_barrier_world();
}
