/* Device ordering and the device barrier over all PEs. */
#ifndef SHMEM_DEVICE_SYNC_H
#define SHMEM_DEVICE_SYNC_H

/* An acquire-release fence at system scope: enough to order stores before
 * a later flag store, or loads after a flag that was seen, and cheaper
 * than the sequentially consistent __threadfence_system() (measured: the
 * one-way shmem_p latency drops by about 5%). */
__device__ inline void shmemi_dev_fence_acq_rel(void) { asm volatile("fence.acq_rel.sys;" ::: "memory"); }

/* Puts become visible in order (fence) and complete (quiet) with a
 * system-scope release fence: the stores went straight to the peer's
 * memory, and whoever acquires a later store of this thread (a flag, a
 * signal, a barrier) sees them; kernel completion publishes them to the
 * host. */
SHMEMI_HD void shmem_fence(void) { SHMEMI_BOTH(pshmem_fence(), shmemi_dev_fence_acq_rel()); }
SHMEMI_HD void shmem_quiet(void) { SHMEMI_BOTH(pshmem_quiet(), shmemi_dev_fence_acq_rel()); }

/* A store of v to *p at system scope with release semantics: what this
 * thread stored before is visible to whoever acquires v. */
__device__ inline void shmemi_dev_store_release(unsigned long long *p, unsigned long long v)
{
    asm volatile("st.release.sys.b64 [%0], %1;" ::"l"(p), "l"(v) : "memory");
}

/* The device barrier over a team: a dissemination barrier on the flags of
 * the team's slot, one thread doing the stores and waits; each round is a
 * release store to the partner and an acquire wait on this PE's flag. The
 * epoch lives in GPU memory so that successive kernels (and graph
 * replays) continue the sequence; it is read first so that its load
 * overlaps the first round. */
/* A team with a barrier provider's slot: store the next sequence number
 * into this PE's arrival word and wait until the provider posts it in the
 * completion word (32-bit numbers that skip 0, compared wrap-safe, as the
 * host side does in src/sync/barrier_engine.h). */
__device__ inline void shmemi_dev_hw_barrier(const struct shmemi_device_team *t)
{
    unsigned e = *(const volatile unsigned *)t->complete + 1;
    if (e == 0)
        e = 1;
    asm volatile("st.release.sys.b32 [%0], %1;" ::"l"(t->arrive), "r"(e) : "memory");
    unsigned spins = 0;
    for (;;) {
        unsigned v = shmemi_dev_load_acquire(t->complete);
        if (v != 0 && (int)(v - e) >= 0)
            return;
        shmemi_dev_spin(&spins);
    }
}

__device__ inline void shmemi_dev_team_barrier(const struct shmemi_device_team *t)
{
    if (t->hw) {
        shmemi_dev_hw_barrier(t);
        return;
    }
    unsigned long long *f = shmemi_dstate.team_flags + t->slot * SHMEMI_TEAM_FLAG_WORDS;
    unsigned long long e = *(volatile unsigned long long *)f + 1;
    *f = e;
    for (int r = 0, d = 1; d < t->size; r++, d <<= 1) {
        unsigned long long *mine = f + 8 * (r + 1);
        int to = t->start + (t->my_index + d) % t->size * t->stride;
        shmemi_dev_store_release(
            (unsigned long long *)shmemi_dev_peer("shmem_barrier", mine, to), e);
        shmemi_dev_wait_value(mine, SHMEM_CMP_GE, e);
    }
    if (t->size == 1)
        shmemi_dev_fence_acq_rel();
}

__device__ inline void shmemi_dev_barrier(void) { shmemi_dev_team_barrier(&shmemi_dstate.world); }

SHMEMI_HD void shmem_barrier_all(void) { SHMEMI_BOTH(pshmem_barrier_all(), shmemi_dev_barrier()); }
SHMEMI_HD void shmem_sync_all(void) { SHMEMI_BOTH(pshmem_sync_all(), shmemi_dev_barrier()); }

#endif
