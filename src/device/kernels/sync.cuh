// The on-stream synchronisation: each kernel is one thread, launched on the
// user's stream, so it starts after the stream's earlier work (copies
// included) has completed and holds back the work queued after it. Their
// state lives in GPU memory (the barrier's epoch, the signal words), never
// in launch arguments that a captured graph would replay unchanged.

// The on-stream barriers and syncs, and the barriers of the on-stream
// collectives: the device barrier of the team with this handle (team.cuh),
// with no release fence: the stream has completed the copies and kernels
// before it, their stores seen by every GPU, and this kernel stores
// nothing but flags.
extern "C" __global__ void shmemi_k_barrier(unsigned long long team)
{
    shmemi_dev_team_barrier(shmemi_k_team(team), false);
}

// Completes the device proxy's requests that the stream's earlier kernels
// posted (puts to other nodes): queued only where this PE has a proxy, as
// the stream's order alone completes its earlier copies and kernels' stores.
extern "C" __global__ void shmemi_k_quiet(void) { shmemi_dev_proxy_quiet(); }

// The signal of a put-with-signal, on the peer's word: the data copy before
// it on the stream has completed when it starts, and the release fence
// orders the GPU's own earlier stores before the update.
extern "C" __global__ void shmemi_k_signal_update(unsigned long long *sig, unsigned long long signal,
                                                  int add)
{
    shmemi_dev_fence_acq_rel();
    if (add)
        atomicAdd_system(sig, signal);
    else
        atomicExch_system(sig, signal);
}

// Holds the stream until this PE's signal satisfies the comparison; the
// fence makes the data that came before the signal visible to the work
// after it.
extern "C" __global__ void shmemi_k_signal_wait(const unsigned long long *sig, int cmp,
                                                unsigned long long value)
{
    while (!SHMEMI_CMP_HOLDS(*(const volatile unsigned long long *)sig, cmp, value))
        ;
    shmemi_dev_fence_acq_rel();
}
