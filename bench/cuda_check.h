/* The CUDA runtime check of the benchmarks: a failed call names itself and
 * ends the whole job, through shmem_global_exit, or through BENCH_EXIT
 * where the includer defines it (device_api.h: either library's global
 * exit, for the builds against NVSHMEM, which cannot include shmem.h). */
#ifndef BENCH_CUDA_CHECK_H
#define BENCH_CUDA_CHECK_H

#include <cuda_runtime.h>
#include <stdio.h>

#ifndef BENCH_EXIT
#include <shmem.h>
#define BENCH_EXIT(code) shmem_global_exit(code)
#endif

#define CHECK_CUDA(x)                                                         \
    do {                                                                      \
        cudaError_t e_ = (x);                                                 \
        if (e_ != cudaSuccess) {                                              \
            fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e_));          \
            BENCH_EXIT(1);                                                    \
        }                                                                     \
    } while (0)

#endif
