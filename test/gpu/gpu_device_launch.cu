// shmemx_collective_launch and CUDA graphs: a grid that fills the GPU is
// launched cooperatively, its blocks meet in a grid-wide sync around a
// device barrier_all, and each adds to the neighbour's counter; a grid too
// large to be co-resident is refused with -1 (argv[1] == "too-big" checks
// only that); a kernel doing a put and barrier_all is captured once in a
// graph and replayed 100 times with new data each time.
#include <cooperative_groups.h>
#include <cuda_runtime.h>
#include <stdio.h>
#include <string.h>

#include <shmem.h>

#include "../check.h"

namespace cg = cooperative_groups;

__global__ void whole_grid(unsigned long long *counter, int rounds)
{
    cg::grid_group grid = cg::this_grid();
    int right = (shmem_my_pe() + 1) % shmem_n_pes();
    for (int r = 0; r < rounds; r++) {
        if (threadIdx.x == 0)
            shmem_ulonglong_atomic_add(counter, 1ULL, right);
        grid.sync();
        if (blockIdx.x == 0 && threadIdx.x == 0)
            shmem_barrier_all();
        grid.sync();
    }
}

__global__ void nothing(void) {}

// Replay i: the step counter (in GPU memory) says i; this PE puts i * 10 +
// me into the right neighbour's slot, barrier, checks the left's value.
__global__ void step(long *slot, long *seen, int *steps, int *errs)
{
    int me = shmem_my_pe(), n = shmem_n_pes();
    int i = ++*steps;
    shmem_long_p(slot, (long)i * 10 + me, (me + 1) % n);
    shmem_barrier_all();
    long want = (long)i * 10 + (me + n - 1) % n;
    if (*(volatile long *)slot != want)
        atomicAdd(errs, 1);
    *seen = *(volatile long *)slot;
    shmem_barrier_all();
}

int main(int argc, char **argv)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    int dev, sms;
    CHECK(cudaGetDevice(&dev) == cudaSuccess, "cudaGetDevice");
    CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev) == cudaSuccess,
          "attribute");

    if (argc > 1 && strcmp(argv[1], "too-big") == 0) {
        int r = shmemx_collective_launch((const void *)nothing, dim3(sms * 64), dim3(1024),
                                         NULL, 0, 0);
        CHECK(r == -1, "a grid of %d blocks of 1024 threads was launched", sms * 64);
        shmem_finalize();
        return 0;
    }

    unsigned long long *counter = (unsigned long long *)shmem_calloc(1, sizeof *counter);
    int per_sm = 0;
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, whole_grid, 256, 0) ==
              cudaSuccess, "occupancy");
    int blocks = per_sm * sms, rounds = 20;
    void *args[] = {&counter, &rounds};
    shmem_barrier_all();
    CHECK(shmemx_collective_launch((const void *)whole_grid, dim3(blocks), dim3(256), args, 0, 0)
              == 0, "collective launch of %d blocks", blocks);
    CHECK(cudaDeviceSynchronize() == cudaSuccess, "whole_grid kernel");
    shmem_barrier_all();
    unsigned long long c = shmem_ulonglong_g(counter, me);
    CHECK(c == (unsigned long long)blocks * rounds, "counter %llu, expected %llu", c,
          (unsigned long long)blocks * rounds);

    long *slot = (long *)shmem_calloc(2, sizeof(long));
    int *steps, *errs;
    CHECK(cudaMalloc(&steps, 2 * sizeof(int)) == cudaSuccess, "cudaMalloc");
    errs = steps + 1;
    CHECK(cudaMemset(steps, 0, 2 * sizeof(int)) == cudaSuccess, "cudaMemset");
    cudaStream_t s;
    CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking) == cudaSuccess, "stream");
    cudaGraph_t g;
    cudaGraphExec_t ge;
    CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal) == cudaSuccess, "capture");
    step<<<1, 1, 0, s>>>(slot, slot + 1, steps, errs);
    CHECK(cudaStreamEndCapture(s, &g) == cudaSuccess, "end capture");
    CHECK(cudaGraphInstantiate(&ge, g, 0) == cudaSuccess, "instantiate");
    shmem_barrier_all();
    for (int i = 0; i < 100; i++)
        CHECK(cudaGraphLaunch(ge, s) == cudaSuccess, "graph launch %d", i);
    CHECK(cudaStreamSynchronize(s) == cudaSuccess, "graph replays");
    int h[2];
    CHECK(cudaMemcpy(h, steps, sizeof h, cudaMemcpyDeviceToHost) == cudaSuccess, "copy");
    CHECK(h[0] == 100 && h[1] == 0, "%d replays ran, %d saw wrong data", h[0], h[1]);
    long last = shmem_long_g(slot + 1, me);
    CHECK(last == 1000 + (me + n - 1) % n, "last replay saw %ld", last);

    cudaGraphExecDestroy(ge);
    cudaGraphDestroy(g);
    cudaStreamDestroy(s);
    cudaFree(steps);
    shmem_barrier_all();
    shmem_free(slot);
    shmem_free(counter);
    shmem_finalize();
    printf("PE %d: collective launch and graph replays ok\n", me);
    return 0;
}
