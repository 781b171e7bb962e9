/* The library's own kernels (src/device/kernels/), compiled by nvcc into a
 * fatbin that the library carries in itself and loads into this PE's
 * context at shmem_init when the heap is on the GPU. */
#ifndef SHMEMI_CUDA_KERNELS_H
#define SHMEMI_CUDA_KERNELS_H

#include "cuda/cuda_driver.h"
#include "kernels/multiblock.h"
#include "kernels/sum_types.h"

/* Each kernel: its enumerator and its name in the module. */
#define SHMEMI_KERNELS(X)                                                     \
    X(AMO, shmemi_k_amo)                                                      \
    X(BARRIER, shmemi_k_barrier)                                              \
    X(QUIET, shmemi_k_quiet)                                                  \
    X(SIGNAL_UPDATE, shmemi_k_signal_update)                                  \
    X(SIGNAL_WAIT, shmemi_k_signal_wait)                                      \
    X(EXCHANGE, shmemi_k_exchange)                                            \
    SHMEMI_STREAM_SUM_TYPES(SHMEMI_SUM_KERNELS, X)

/* Each type's four sum kernels (src/device/kernels/reduce.cuh,
 * reduce_ll.cuh and reduce_push.cuh). */
#define SHMEMI_SUM_KERNELS(X, T, K, N, E, S)                                  \
    X(SUM_##E, shmemi_k_sum_##N)                                              \
    X(SUMB_##E, shmemi_k_sumb_##N)                                            \
    X(SUML_##E, shmemi_k_suml_##N)                                            \
    X(SUMP_##E, shmemi_k_sump_##N)

enum shmemi_kernel {
#define SHMEMI_KERNEL_ENUM(e, name) SHMEMI_KERNEL_##e,
    SHMEMI_KERNELS(SHMEMI_KERNEL_ENUM)
#undef SHMEMI_KERNEL_ENUM
    SHMEMI_KERNEL_COUNT
};

/* Launches kernel k on stream, `blocks` blocks of `threads` threads, with
 * args as cuLaunchKernel takes them; call names the routine in messages. */
void shmemi_kernel_launch(const char *call, enum shmemi_kernel k, unsigned blocks,
                          unsigned threads, CUstream stream, void **args);

/* The library's own stream (non-blocking: it never waits for the legacy
 * stream, where a user kernel may be spinning on what the library is about
 * to do). */
CUstream shmemi_kernels_stream(const char *call);

#endif
