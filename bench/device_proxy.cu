// Kernels' calls to a PE of another node, through the device proxy: PE 0's
// kernel (one thread) calls PE 1 while PE 1 waits on the host, so one GPU
// shared by both PEs serves (no kernel of PE 1 competes for it). Run on
// two virtual nodes with a pinned heap:
//   SHMEM_VIRTUAL_NODES=1 SHMEM_HEAP=pinned SHMEM_GPU_SHARE=1 \
//     shmemrun -n 2 build/bench/device_proxy
// PE 0 prints one line per figure: name, size in bytes, microseconds per
// call (p_quiet: a p and a quiet; p_stream: p's, one quiet at the end;
// putmem_quiet: the put of that size and a quiet; barrier_all: the kernel
// barrier over both PEs, each PE's flag for the other a put through its
// proxy, for which both PEs run the kernel: on one GPU shared by both it
// measures the GPU's time slicing between the two processes, not the
// barrier).
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#include <shmem.h>

#include "cuda_check.h"


enum { P_QUIET, P_STREAM, G, FETCH_ADD, ADD_QUIET, PUTMEM_QUIET, BARRIER_ALL };

__device__ unsigned long long now_ns(void)
{
    unsigned long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
}

__global__ void calls(int what, long *word, char *buf, const char *src, size_t size, int iters,
                      int peer, unsigned long long *ns)
{
    long sink = 0;
    unsigned long long t0 = now_ns();
    for (int i = 0; i < iters; i++) {
        switch (what) {
        case P_QUIET:
            shmem_long_p(word, i, peer);
            shmem_quiet();
            break;
        case P_STREAM:
            shmem_long_p(word, i, peer);
            if (i == iters - 1)
                shmem_quiet();
            break;
        case G:
            sink += shmem_long_g(word, peer);
            break;
        case FETCH_ADD:
            sink += shmem_long_atomic_fetch_add(word, 1, peer);
            break;
        case ADD_QUIET:
            shmem_long_atomic_add(word, 1, peer);
            shmem_quiet();
            break;
        case PUTMEM_QUIET:
            shmem_putmem(buf, src, size, peer);
            shmem_quiet();
            break;
        case BARRIER_ALL:
            shmem_barrier_all();
            break;
        }
    }
    *ns = now_ns() - t0;
    if (sink == -1)
        *word = sink;
}

int main(int argc, char **argv)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    int iters = argc > 1 ? atoi(argv[1]) : 2000;
    long *word = (long *)shmem_calloc(1, sizeof *word);
    const size_t max = 64 << 10;
    char *buf = (char *)shmem_malloc(max);
    if (n != 2 || shmem_ptr(word, 1 - me) != NULL) {
        if (me == 0)
            fprintf(stderr, "device_proxy: run 2 PEs on two virtual nodes "
                            "(SHMEM_VIRTUAL_NODES=1) with SHMEM_HEAP=pinned\n");
        shmem_finalize();
        return 1;
    }
    char *src;
    unsigned long long *ns;
    CHECK_CUDA(cudaMalloc(&src, max));
    CHECK_CUDA(cudaMemset(src, 1, max));
    CHECK_CUDA(cudaMallocHost(&ns, sizeof *ns));
    static const char *names[] = {"p_quiet", "p_stream", "g", "fetch_add", "add_quiet",
                                  "putmem_quiet", "barrier_all"};
    static const size_t sizes[] = {8, 8, 8, 8, 8, 448, 4096, 65536, 0};
    static const int whats[] = {P_QUIET, P_STREAM, G, FETCH_ADD, ADD_QUIET, PUTMEM_QUIET,
                                PUTMEM_QUIET, PUTMEM_QUIET, BARRIER_ALL};
    shmem_barrier_all();
    for (int k = 0; k < (int)(sizeof whats / sizeof *whats); k++) {
        if (me == 0 || whats[k] == BARRIER_ALL) {
            int reps = sizes[k] > 4096 ? iters / 20 + 1 : iters;
            calls<<<1, 1>>>(whats[k], word, buf, src, sizes[k], 10, 1, ns); // warm-up
            CHECK_CUDA(cudaGetLastError());
            CHECK_CUDA(cudaDeviceSynchronize());
            calls<<<1, 1>>>(whats[k], word, buf, src, sizes[k], reps, 1, ns);
            CHECK_CUDA(cudaGetLastError());
            CHECK_CUDA(cudaDeviceSynchronize());
            if (me == 0) {
                printf("%-14s %8zu %10.2f\n", names[whats[k]], sizes[k], *ns / 1e3 / reps);
                fflush(stdout);
            }
        }
        shmem_barrier_all();
    }
    CHECK_CUDA(cudaFree(src));
    CHECK_CUDA(cudaFreeHost(ns));
    shmem_free(buf);
    shmem_free(word);
    shmem_finalize();
    return 0;
}
