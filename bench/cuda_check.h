/* The CUDA runtime check of the benchmarks that run on our library alone:
 * a failed call names itself and ends the whole job. */
#ifndef BENCH_CUDA_CHECK_H
#define BENCH_CUDA_CHECK_H

#include <cuda_runtime.h>
#include <stdio.h>

#include <shmem.h>

#define CHECK_CUDA(x)                                                         \
    do {                                                                      \
        cudaError_t e_ = (x);                                                 \
        if (e_ != cudaSuccess) {                                              \
            fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e_));          \
            shmem_global_exit(1);                                             \
        }                                                                     \
    } while (0)

#endif
