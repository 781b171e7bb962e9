/* Whether the sums that only store (src/device/kernels/reduce_push.cuh)
 * ran: with SHMEM_STREAM_SUM_PUSH set, the tests that set it check that
 * the rounds counted in SHMEM_TEAM_WORLD's buffers moved on, so that a
 * pass cannot come from the other sum kernels alone. */
#ifndef TEST_PUSH_ROUNDS_H
#define TEST_PUSH_ROUNDS_H

#include <stdlib.h>

#include <shmem.h>

#include "cuda_check.h"

/* Every block's round count, summed: the first word of each block's head
 * (shmem/internal/device_state.h). */
__global__ void push_rounds_sum(unsigned long long *out)
{
    const unsigned long long members = (unsigned long long)shmemi_dstate.team_push_members;
    const char *slot = shmemi_dstate.team_push +
                       (size_t)shmemi_dstate.world.slot * shmemi_team_push_bytes(members);
    unsigned long long sum = 0;
    for (int b = 0; b < SHMEMI_PUSH_BLOCKS; b++)
        sum += *(const unsigned long long *)(slot + b * shmemi_push_block_bytes(members));
    *out = sum;
}

/* least: the rounds the test's sums count at the fewest (each call counts
 * one at least in each of its blocks). */
static inline void push_rounds_check(const char *test, cudaStream_t s, unsigned long long least)
{
    const char *set = getenv("SHMEM_STREAM_SUM_PUSH");
    if (!set || atof(set) == 0)
        return;
    unsigned long long *d, rounds = 0;
    CUDA_OK(cudaMalloc(&d, sizeof *d));
    push_rounds_sum<<<1, 1, 0, s>>>(d);
    CUDA_OK(cudaMemcpyAsync(&rounds, d, sizeof rounds, cudaMemcpyDeviceToHost, s));
    CUDA_OK(cudaStreamSynchronize(s));
    CUDA_OK(cudaFree(d));
    CHECK(rounds >= least, "%s: SHMEM_STREAM_SUM_PUSH=%s, yet the sums on SHMEM_TEAM_WORLD "
          "that only store counted %llu rounds in their blocks, not %llu or more", test, set,
          rounds, least);
}

#endif
