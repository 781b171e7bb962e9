/* The team barrier: a dissemination barrier on the team's scratch flags,
 * one cache line each. In round r every member writes the epoch into round
 * r's flag of the member 2^r places further and waits for its own round-r
 * flag to reach the epoch: ceil(log2 N) rounds, each a single store and a
 * single wait. Epochs only grow (64 bits never wrap), so a fast member
 * writing the next epoch early cannot be mistaken for a slow one. */
#include <stdatomic.h>
#include <stdint.h>

#include <shmem.h>

#include "../init/error.h"
#include "../team/team.h"
#include "spin.h"
#include "sync.h"

/* PEs on other nodes cannot be reached by a store yet: the bootstrap's own
 * barrier serves a world that spans nodes until the inter-node transport
 * exists. */
static void bootstrap_barrier(void)
{
    if (shmemi_state.boot.barrier() != 0)
        shmemi_fatal("shmem_barrier_all", "the bootstrap barrier failed");
}

void shmemi_team_barrier(struct shmemi_team *t)
{
    shmemi_quiet();
    if (shmemi_state.n_local != shmemi_state.n_pes) {
        if (t != &shmemi_team_world)
            shmemi_fatal("shmem_team_sync", "teams that span nodes need the "
                         "inter-node transport, which this build lacks");
        bootstrap_barrier();
        return;
    }
    int n = t->size, me = t->my_index;
    uint64_t e = ++t->barrier_epoch;
    for (int r = 0, d = 1; d < n; r++, d <<= 1) {
        _Atomic uint64_t *mine = &t->scratch->barrier[r].epoch;
        _Atomic uint64_t *remote = shmemi_team_peer(t, mine, (me + d) % n);
        atomic_store_explicit(remote, e, memory_order_release);
        size_t polls = 0;
        while (atomic_load_explicit(mine, memory_order_acquire) < e)
            shmemi_spin_step(&polls);
    }
}

void shmemi_barrier_world(void) { shmemi_team_barrier(&shmemi_team_world); }

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
