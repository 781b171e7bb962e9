// Device barrier latency for the engine the world team got (the emulated
// switch under SHMEM_BARRIER_EMULATE=1, else the dissemination barrier of
// radix SHMEM_BARRIER_K): shmem_barrier_all by one thread, the block form
// by 1024 threads, and shmem_team_sync on a team of the same PEs in
// reverse order (a team from the table rather than the world's copy).
// Prints "figure pes us" lines, and the engine and radix.
//
// usage: mpirun -np N device_barrier [iterations]
#include <cuda_runtime.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <shmem.h>
#include <shmemx.h>

#include "cuda_check.h"

enum how { ALL, ALL_BLOCK, TEAM };

__device__ inline uint64_t now_ns(void)
{
    uint64_t t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
}

__global__ void barriers(enum how how, shmem_team_t team, int iters, uint64_t *ns)
{
    uint64_t t0 = now_ns();
    for (int i = 0; i < iters; i++) {
        if (how == ALL_BLOCK)
            shmemx_barrier_all_block();
        else if (how == ALL)
            shmem_barrier_all();
        else
            shmem_team_sync(team);
    }
    if (threadIdx.x == 0)
        *ns = now_ns() - t0;
}

static double per_barrier_us(enum how how, shmem_team_t team, int iters, uint64_t *ns_dev)
{
    shmem_barrier_all();
    barriers<<<1, how == ALL_BLOCK ? 1024 : 1>>>(how, team, iters, ns_dev);
    CHECK_CUDA(cudaGetLastError());
    CHECK_CUDA(cudaDeviceSynchronize());
    uint64_t ns;
    CHECK_CUDA(cudaMemcpy(&ns, ns_dev, sizeof ns, cudaMemcpyDeviceToHost));
    return (double)ns / iters / 1000;
}

int main(int argc, char **argv)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    int iters = argc > 1 ? atoi(argv[1]) : 20000;
    uint64_t *ns_dev;
    CHECK_CUDA(cudaMalloc(&ns_dev, sizeof *ns_dev));
    shmem_team_t rev;
    if (shmem_team_split_strided(SHMEM_TEAM_WORLD, n - 1, -1, n, NULL, 0, &rev) != 0) {
        fprintf(stderr, "device_barrier: the reversed team could not be made\n");
        shmem_global_exit(1);
    }
    const char *k = getenv("SHMEM_BARRIER_K");
    int hw = shmemx_team_barrier_engine(SHMEM_TEAM_WORLD) == SHMEMX_BARRIER_ENGINE_HW;
    if (me == 0)
        printf("# engine %s%s%s\n", hw ? "emulated switch" : "dissemination",
               hw ? "" : ", k=", hw ? "" : (k ? k : "default"));
    per_barrier_us(ALL, SHMEM_TEAM_WORLD, iters / 10, ns_dev); /* warm-up */
    double all = per_barrier_us(ALL, SHMEM_TEAM_WORLD, iters, ns_dev);
    double block = per_barrier_us(ALL_BLOCK, SHMEM_TEAM_WORLD, iters, ns_dev);
    double team = per_barrier_us(TEAM, rev, iters, ns_dev);
    if (me == 0) {
        printf("device_barrier_all_us %d %.3f\n", n, all);
        printf("device_barrier_all_block_us %d %.3f\n", n, block);
        printf("device_team_sync_us %d %.3f\n", n, team);
    }
    shmem_team_destroy(rev);
    cudaFree(ns_dev);
    shmem_finalize();
    return 0;
}
