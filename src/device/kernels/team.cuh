// The team of an on-stream call as its kernels see it.

// The team with this handle, looked up when the kernel runs, so a graph
// replayed after the team was destroyed stops with a message instead of
// running on the flags of a slot that another team may own now.
__device__ inline const struct shmemi_device_team *shmemi_k_team(unsigned long long team)
{
    const struct shmemi_device_team *t = shmemi_dev_team((shmem_team_t)(uintptr_t)team);
    if (!t)
        shmemi_dev_stop(SHMEMI_STOP_TEAM_GONE, NULL, -1);
    return t;
}

// Member m's copy of symmetric p (members are world PEs start + m * stride);
// call names the routine if m is out of reach.
template <class T>
__device__ inline T *shmemi_k_member(const char *call, T *p, int start, int stride, int m)
{
    return (T *)shmemi_dev_peer(call, p, start + m * stride);
}

// The block's barrier with the same block of every other member
// (SHMEMI_TEAM_BLOCK_FLAGS in device_state.h), for the multi-block kernels
// in which no block waits for another block of its own GPU. With release,
// its threads' stores before it are seen by the others' after it; a
// kernel's first barrier needs none: no thread of it has stored anything
// that the others read, and what came before the kernel on the stream has
// completed.
__device__ inline void shmemi_k_block_barrier(const struct shmemi_device_team *t, bool release)
{
    __syncthreads();
    if (threadIdx.x == 0)
        shmemi_dev_dissemination(t, t->block_k,
                                 shmemi_dstate.team_flags +
                                     (size_t)t->slot * SHMEMI_TEAM_FLAG_WORDS +
                                     SHMEMI_TEAM_BLOCK_FLAGS +
                                     (size_t)blockIdx.x * SHMEMI_TEAM_BLOCK_WORDS,
                                 1, release);
    __syncthreads();
}
