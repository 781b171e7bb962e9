// The device barrier orders data: in each of many rounds every member
// stores the round number into its word on every other member, passes a
// barrier, and then must see every other member's word of the round. Over
// the world (shmem_barrier_all, and the block form), a reversed team and
// the team of every other PE (team_sync), so that dissemination runs with
// several rounds and several partners a round when there are 3 or more PEs
// (SHMEM_BARRIER_K sets the radix) or on the emulated switch's slots; on
// virtual nodes the stores and the barriers' flags reach the members of
// other nodes through the proxy.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#include <shmem.h>
#include <shmemx.h>

#include "cuda_check.h"


static int rounds_per_kernel = 1000;
enum how { ALL, ALL_BLOCK, TEAM };

// words[2 * size]: two banks, so that a member that runs a round ahead
// writes the bank that the others are no longer reading. The number of
// rounds is even, so a kernel that starts at round 1 first writes the bank
// that the previous kernel over the same words read before its last round.
__global__ void rounds(enum how how, shmem_team_t team, long *words, long base, int count)
{
    int idx = shmem_team_my_pe(team), size = shmem_team_n_pes(team);
    for (long r = base; r < base + count; r++) {
        long *bank = words + (r & 1) * size;
        if (threadIdx.x == 0)
            for (int m = 0; m < size; m++)
                shmem_long_p(&bank[idx], r, shmem_team_translate_pe(team, m, SHMEM_TEAM_WORLD));
        if (how == ALL_BLOCK) {
            shmemx_barrier_all_block();
        } else if (threadIdx.x == 0) {
            if (how == ALL)
                shmem_barrier_all();
            else
                DCHECK(shmem_team_sync(team) == 0);
        }
        __syncthreads();
        for (int m = threadIdx.x; m < size; m += blockDim.x)
            DCHECK(((volatile long *)bank)[m] == r);
        __syncthreads();
    }
}

// words: 2 * size longs of the heap, taken by every PE (allocation is
// collective over the world, and only some PEs are in a team).
static void run(enum how how, shmem_team_t team, long *words, long base, const char *what)
{
    rounds<<<1, 64>>>(how, team, words, base, rounds_per_kernel);
    cudaError_t e = cudaDeviceSynchronize();
    CHECK(e == cudaSuccess, "%s: %s", what, cudaGetErrorString(e));
}

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    dcheck_init();

    shmem_team_t rev, even = SHMEM_TEAM_INVALID;
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, n - 1, -1, n, NULL, 0, &rev) == 0,
          "reversed team");
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, (n + 1) / 2, NULL, 0, &even) == 0,
          "team of the even PEs");

    // The world's and the reversed team's words, then the even PEs': a
    // team of another size would lay its banks over the others' (a member
    // may still check the last round of the previous kernel there).
    long *words = (long *)shmem_calloc(4 * (size_t)n, sizeof(long));
    CHECK(words != NULL, "calloc");
    // PEs that share a GPU run their kernels in turns: a barrier then costs
    // a time slice of the GPU (milliseconds), so they make fewer rounds.
    int gpus = 0;
    CHECK(cudaGetDeviceCount(&gpus) == cudaSuccess, "cudaGetDeviceCount");
    if (gpus < n)
        rounds_per_kernel = 50;
    // The rounds continue from one kernel to the next: the barrier's
    // epoch lives in GPU memory.
    run(ALL, SHMEM_TEAM_WORLD, words, 1, "barrier_all");
    run(ALL, SHMEM_TEAM_WORLD, words, 1 + rounds_per_kernel, "barrier_all, second kernel");
    run(ALL_BLOCK, SHMEM_TEAM_WORLD, words, 1, "barrier_all_block");
    run(TEAM, rev, words, 1, "team_sync on the reversed team");
    if (me % 2 == 0)
        run(TEAM, even, words + 2 * n, 1, "team_sync on the even PEs");
    shmem_barrier_all();

    int bad = dcheck_failures();
    CHECK(bad == 0, "%d device checks failed", bad);
    if (even != SHMEM_TEAM_INVALID)
        shmem_team_destroy(even);
    shmem_team_destroy(rev);
    shmem_free(words);
    dcheck_fini();
    if (me == 0)
        printf("device barriers: %d PEs, %d rounds each, all ordered\n", n, rounds_per_kernel);
    shmem_finalize();
    return 0;
}
