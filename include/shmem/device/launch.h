/* shmemx_collective_launch: a cooperative launch, so that every block of
 * the grid runs at once and blocks may wait for each other (a grid-wide
 * sync, or one block waiting on a flag that another block of this PE or of
 * a peer sets). It checks first that the grid fits on the GPU at once and
 * says so clearly when it does not. Every PE calls it for its own GPU.
 * Graph capture works: the device state lives in constant memory and the
 * barrier epochs in GPU memory, so replays continue the sequences. */
#ifndef SHMEM_DEVICE_LAUNCH_H
#define SHMEM_DEVICE_LAUNCH_H

#include <stdio.h>

#include <shmem/device/core.h>

static inline int shmemi_launch_failed(const char *what, cudaError_t e)
{
    fprintf(stderr, "[shmem PE %d] shmemx_collective_launch: %s: %s\n", shmem_my_pe(), what,
            cudaGetErrorString(e));
    return -1;
}

/* Returns 0, or -1 after a message naming the PE and the limit. */
static inline int shmemx_collective_launch(const void *func, dim3 grid, dim3 block, void **args,
                                           size_t shared_mem, cudaStream_t stream)
{
    int dev, coop = 0, sms = 0, per_sm = 0;
    cudaError_t e = cudaGetDevice(&dev);
    if (e == cudaSuccess)
        e = cudaDeviceGetAttribute(&coop, cudaDevAttrCooperativeLaunch, dev);
    if (e == cudaSuccess)
        e = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
    unsigned threads = block.x * block.y * block.z;
    if (e == cudaSuccess)
        e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, func, (int)threads, shared_mem);
    if (e != cudaSuccess)
        return shmemi_launch_failed("cannot query the GPU", e);
    if (!coop) {
        fprintf(stderr, "[shmem PE %d] shmemx_collective_launch: GPU %d cannot launch "
                "cooperative kernels\n", shmem_my_pe(), dev);
        return -1;
    }
    long long blocks = (long long)grid.x * grid.y * grid.z;
    if (blocks > (long long)per_sm * sms) {
        fprintf(stderr, "[shmem PE %d] shmemx_collective_launch: a grid of %lld blocks of "
                "%u threads (%zu bytes of shared memory each) cannot run at once on GPU %d: "
                "at most %d fit (%d per multiprocessor x %d multiprocessors); launch fewer "
                "blocks, or fewer threads or less shared memory per block\n",
                shmem_my_pe(), blocks, threads, shared_mem, dev, per_sm * sms, per_sm, sms);
        return -1;
    }
    e = cudaLaunchCooperativeKernel(func, grid, block, args, shared_mem, stream);
    if (e != cudaSuccess)
        return shmemi_launch_failed("the launch failed", e);
    return 0;
}

#endif
