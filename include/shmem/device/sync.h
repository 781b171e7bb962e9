/* Device ordering and the device barrier over all PEs. */
#ifndef SHMEM_DEVICE_SYNC_H
#define SHMEM_DEVICE_SYNC_H

#include <shmem/api.h>
#include <shmem/internal/device_state.h>
#include <shmem/device/core.h>
#include <shmem/device/p2p.h>
#include <shmem/device/proxy.h>

/* An acquire-release fence at system scope: enough to order stores before
 * a later flag store, or loads after a flag that was seen, and cheaper
 * than the sequentially consistent __threadfence_system() (measured: the
 * one-way shmem_p latency drops by about 5%). */
__device__ inline void shmemi_dev_fence_acq_rel(void) { asm volatile("fence.acq_rel.sys;" ::: "memory"); }

/* Puts become visible in order (fence) and complete (quiet) with a
 * system-scope release fence: the stores went straight to the peer's
 * memory, and whoever acquires a later store of this thread (a flag, a
 * signal, a barrier) sees them; kernel completion publishes them to the
 * host. Requests handed to the proxy (other nodes) are ordered or
 * completed by it. */
SHMEMI_HD void shmem_fence(void)
{
    SHMEMI_BOTH(shmemi_host_fence(), shmemi_dev_fence_acq_rel(); shmemi_dev_proxy_fence());
}
SHMEMI_HD void shmem_quiet(void)
{
    SHMEMI_BOTH(shmemi_host_quiet(), shmemi_dev_fence_acq_rel(); shmemi_dev_proxy_quiet());
}

/* A team with a barrier provider's slot: store the next sequence number
 * into this PE's arrival word and wait until the provider posts it in the
 * completion word (32-bit numbers that skip 0, compared wrap-safe, as the
 * host side does in src/sync/engine/barrier_engine.h). */
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

/* A barrier's requests to the proxy, out of line: they are long, and the
 * barrier is inlined wherever it is called (every collective of every
 * type), which would multiply the kernels' compile time. */
static __device__ __noinline__ void shmemi_dev_remote_flag(unsigned long long *flag,
                                                           unsigned long long e, int pe)
{
    shmemi_dev_remote_put("shmem_barrier", flag, &e, sizeof e, pe);
}

static __device__ __noinline__ void shmemi_dev_barrier_quiet(void) { shmemi_dev_proxy_quiet(); }

/* The epoch e into a partner's flag: a store through the window on this
 * node, a put by the proxy to another node. */
__device__ inline void shmemi_dev_flag_store(unsigned long long *flag, unsigned long long e, int pe)
{
    int li = shmemi_dev_slot(pe);
    if (li >= 0)
        asm volatile("st.relaxed.sys.b64 [%0], %1;" ::"l"(shmemi_dev_at(flag, li)), "l"(e)
                     : "memory");
    else
        shmemi_dev_remote_flag(flag, e, pe);
}

/* The k-ary dissemination barrier of the host
 * (src/sync/engine/barrier_dissemination.c says why it is correct for
 * every N) of radix k over team t, one thread doing the stores and waits,
 * on the epoch word f and the flags f + spacing * (1 + i). Each round is one
 * system-scope release fence, the round's k - 1 stores of the epoch into
 * the partners' flags (all in flight at once), and acquire waits on this
 * PE's flags of the round. The epoch lives in GPU memory so that
 * successive kernels (and graph replays) continue the sequence. Without
 * release, the first round has no fence: for a caller whose threads have
 * stored nothing that the partners will read. */
__device__ inline void shmemi_dev_dissemination(const struct shmemi_device_team *t, int k,
                                                unsigned long long *f, int spacing,
                                                bool release = true)
{
    unsigned long long e = *(volatile unsigned long long *)f + 1;
    *f = e;
    const int n = t->size;
    unsigned long long *round = f + spacing; /* the round's first flag */
    for (long long dist = 1; dist < n; dist *= k, round += spacing * (k - 1)) {
        if (release || dist > 1)
            shmemi_dev_fence_acq_rel();
        int fan = 0;
        for (int j = 1; j < k && j * dist < n; j++, fan++) {
            int to = t->start + (int)((t->my_index + j * dist) % n) * t->stride;
            shmemi_dev_flag_store(round + spacing * (j - 1), e, to);
        }
        for (int j = 0; j < fan; j++)
            shmemi_dev_wait_value(round + spacing * j, SHMEM_CMP_GE, e);
    }
    if (n == 1)
        shmemi_dev_fence_acq_rel();
}

/* The device barrier over a team without a provider slot: the
 * dissemination barrier on the flags of the team's slot, 64 bytes apart.
 *
 * Over a team that spans nodes, what this PE handed the proxy before (a
 * collective's puts, the program's puts before shmem_barrier_all) is
 * complete first, and partners on other nodes get their flags from the
 * proxy. That quiet also completes the last barrier's flag puts, so the
 * put of one epoch never lands after the next one's.
 *
 * Without release, the caller's stores before it need not be seen by the
 * members after it (a kernel's own barrier whose stream completed what
 * came before): the system fence before the first flag, about 1 us of the
 * 2 us exchange between two GPUs (bench/results/2026-11-26-device-barrier.md),
 * is left out. */
__device__ inline void shmemi_dev_team_barrier(const struct shmemi_device_team *t,
                                               bool release = true)
{
    if (t->hw) {
        shmemi_dev_hw_barrier(t);
        return;
    }
    if (t->remote)
        shmemi_dev_barrier_quiet();
    shmemi_dev_dissemination(t, t->k, shmemi_dstate.team_flags + t->slot * SHMEMI_TEAM_FLAG_WORDS,
                             8, release);
}

__device__ inline void shmemi_dev_barrier(void) { shmemi_dev_team_barrier(&shmemi_dstate.world); }

SHMEMI_HD void shmem_barrier_all(void) { SHMEMI_BOTH(shmemi_host_barrier_all(), shmemi_dev_barrier()); }
SHMEMI_HD void shmem_sync_all(void) { SHMEMI_BOTH(shmemi_host_sync_all(), shmemi_dev_barrier()); }

#endif
