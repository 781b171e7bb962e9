// Ways for the host to put 8 bytes into a peer GPU's memory and know it
// arrived, measured side by side with the CUDA calls alone (the runtime
// only sets up the heap): a copy-engine copy from pageable or pinned
// memory, a stream memory operation (cuStreamWriteValue64), a one-thread
// kernel, each followed by a stream synchronize or a spin on the stream's
// status; what an empty synchronize costs; what the copy and write calls
// cost to queue (a wait every 256 calls); and what asking the driver
// whether a pointer is GPU memory costs. PE 0 prints one line per
// way: host_small_us <way> <us>.
#include <cuda.h>
#include <cuda_runtime.h>
#include <shmem.h>
#include <stdio.h>
#include <time.h>

#include "cuda_check.h"

#define CHECK_CU(x)                                                           \
    do {                                                                      \
        CUresult r_ = (x);                                                    \
        if (r_ != CUDA_SUCCESS) {                                             \
            fprintf(stderr, "%s: error %d\n", #x, (int)r_);                   \
            shmem_global_exit(1);                                             \
        }                                                                     \
    } while (0)

__global__ void store(unsigned long long *p, unsigned long long v) { *(volatile unsigned long long *)p = v; }

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static cudaStream_t s;
static unsigned long long written; /* the last value a way wrote */

static void spin(void)
{
    cudaError_t e;
    while ((e = cudaStreamQuery(s)) == cudaErrorNotReady)
        ;
    CHECK_CUDA(e);
}

enum { N_WAYS = 12 };
static const char *const ways[N_WAYS] = {
    "empty_sync",          "copy_pageable_sync",  "copy_pinned_sync",    "copy_pinned_spin",
    "write_value_sync",    "write_value_spin",    "kernel_sync",         "kernel_spin",
    "copy_pinned_enqueue", "copy_htod_enqueue",   "write_value_enqueue", "pointer_attribute",
};

static void one(int way, unsigned long long *peer, unsigned long long *pageable,
                unsigned long long *pinned, unsigned long long v)
{
    *pageable = v;
    *pinned = v;
    if (way != 0 && way != 11)
        written = v;
    switch (way) {
    case 1:
        CHECK_CUDA(cudaMemcpyAsync(peer, pageable, 8, cudaMemcpyDefault, s));
        break;
    case 2:
    case 3:
        CHECK_CUDA(cudaMemcpyAsync(peer, pinned, 8, cudaMemcpyDefault, s));
        break;
    case 4:
    case 5:
        CHECK_CU(cuStreamWriteValue64((CUstream)s, (CUdeviceptr)peer, v, 0));
        break;
    case 6:
    case 7:
        store<<<1, 1, 0, s>>>(peer, v);
        break;
    case 8:
        CHECK_CUDA(cudaMemcpyAsync(peer, pinned, 8, cudaMemcpyDefault, s));
        break;
    case 9:
        CHECK_CU(cuMemcpyHtoDAsync((CUdeviceptr)peer, pinned, 8, (CUstream)s));
        break;
    case 10:
        CHECK_CU(cuStreamWriteValue64((CUstream)s, (CUdeviceptr)peer, v, 0));
        break;
    case 11: {
        unsigned type;
        cuPointerGetAttribute(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, (CUdeviceptr)pageable);
        return;
    }
    }
    /* The enqueue ways wait once per 256 calls, as a run of puts and one
     * quiet would. */
    if (way >= 8) {
        if (v % 256 == 0)
            CHECK_CUDA(cudaStreamSynchronize(s));
        return;
    }
    if (way == 3 || way == 5 || way == 7)
        spin();
    else
        CHECK_CUDA(cudaStreamSynchronize(s));
}

int main(void)
{
    shmem_init();
    int me = shmem_my_pe();
    unsigned long long *word = (unsigned long long *)shmem_calloc(1, 8);
    unsigned long long *peer = (unsigned long long *)shmem_ptr(word, 1 - me);
    if (shmem_n_pes() != 2 || !peer) {
        if (me == 0)
            fprintf(stderr, "gpu_host_small needs 2 PEs on a GPU heap\n");
        shmem_global_exit(1);
    }
    CHECK_CUDA(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    unsigned long long pageable = 0, *pinned;
    CHECK_CUDA(cudaMallocHost((void **)&pinned, 8));
    const int iters = 20000;
    unsigned long long v = 0;
    for (int way = 0; way < N_WAYS; way++) {
        shmem_barrier_all();
        if (me == 0) {
            for (int i = 0; i < 1000; i++)
                one(way, peer, &pageable, pinned, ++v);
            double t0 = now();
            for (int i = 0; i < iters; i++)
                one(way, peer, &pageable, pinned, ++v);
            CHECK_CUDA(cudaStreamSynchronize(s));
            printf("host_small_us %-20s %.2f\n", ways[way], (now() - t0) / iters * 1e6);
            fflush(stdout);
        }
    }
    shmem_barrier_all();
    if (me == 0) {
        unsigned long long got;
        CHECK_CUDA(cudaMemcpy(&got, peer, 8, cudaMemcpyDefault));
        if (got != written)
            printf("host_small: the last value is %llu, not the last one written (%llu)\n",
                   got, written);
    }
    shmem_barrier_all();
    cudaFreeHost(pinned);
    cudaStreamDestroy(s);
    shmem_free(word);
    shmem_finalize();
    return 0;
}
