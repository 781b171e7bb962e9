// The few calls the device benchmarks make, for our library or, with
// BENCH_NVSHMEM defined, for NVSHMEM, so that the same kernels are timed
// against both (bench/device_compare.sh builds the two).
#ifndef BENCH_DEVICE_API_H
#define BENCH_DEVICE_API_H

#include <cuda_bf16.h>
#include <cuda_runtime.h>
#include <stdint.h>
#include <stdio.h>

// The host side (init, allocation, barriers) is host_rma_api.h's.
#include "host_rma_api.h"

#if defined(BENCH_NVSHMEM)
#define B_P(p, v, pe) nvshmem_long_p(p, v, pe)
#define B_WAIT_EQ(p, v) nvshmem_long_wait_until(p, NVSHMEM_CMP_EQ, v)
#define B_PUTMEM_BLOCK(d, s, n, pe) nvshmemx_putmem_nbi_block(d, s, n, pe)
#define B_GETMEM_BLOCK(d, s, n, pe) nvshmemx_getmem_nbi_block(d, s, n, pe)
#define B_PUTMEM_WARP(d, s, n, pe) nvshmemx_putmem_nbi_warp(d, s, n, pe)
#define B_GETMEM_WARP(d, s, n, pe) nvshmemx_getmem_nbi_warp(d, s, n, pe)
#define B_PUT_SIGNAL_BLOCK(d, s, n, sig, v, pe)                               \
    nvshmemx_putmem_signal_block(d, s, n, sig, v, NVSHMEM_SIGNAL_SET, pe)
#define B_PUT_SIGNAL_WARP(d, s, n, sig, v, pe)                                \
    nvshmemx_putmem_signal_warp(d, s, n, sig, v, NVSHMEM_SIGNAL_SET, pe)
#define B_PUT_SIGNAL(d, s, n, sig, v, pe)                                     \
    nvshmem_putmem_signal(d, s, n, sig, v, NVSHMEM_SIGNAL_SET, pe)
#define B_SIGNAL_WAIT_GE(sig, v) nvshmem_signal_wait_until(sig, NVSHMEM_CMP_GE, v)
#define B_QUIET() nvshmem_quiet()
#define B_BARRIER_ALL() nvshmem_barrier_all()
#define B_MY_PE() nvshmem_my_pe()
#define B_FLOAT_SUM_BLOCK(d, s, n) nvshmemx_float_sum_reduce_block(NVSHMEM_TEAM_WORLD, d, s, n)
#define B_BFLOAT16_SUM_BLOCK(d, s, n)                                         \
    nvshmemx_bfloat16_sum_reduce_block(NVSHMEM_TEAM_WORLD, d, s, n)
#define B_ALLTOALLMEM_BLOCK(d, s, n) nvshmemx_alltoallmem_block(NVSHMEM_TEAM_WORLD, d, s, n)
#else
#define B_P(p, v, pe) shmem_long_p(p, v, pe)
#define B_WAIT_EQ(p, v) shmem_long_wait_until(p, SHMEM_CMP_EQ, v)
#define B_PUTMEM_BLOCK(d, s, n, pe) shmemx_putmem_nbi_block(d, s, n, pe)
#define B_GETMEM_BLOCK(d, s, n, pe) shmemx_getmem_nbi_block(d, s, n, pe)
#define B_PUTMEM_WARP(d, s, n, pe) shmemx_putmem_nbi_warp(d, s, n, pe)
#define B_GETMEM_WARP(d, s, n, pe) shmemx_getmem_nbi_warp(d, s, n, pe)
#define B_PUT_SIGNAL_BLOCK(d, s, n, sig, v, pe)                               \
    shmemx_putmem_signal_block(d, s, n, sig, v, SHMEM_SIGNAL_SET, pe)
#define B_PUT_SIGNAL_WARP(d, s, n, sig, v, pe)                                \
    shmemx_putmem_signal_warp(d, s, n, sig, v, SHMEM_SIGNAL_SET, pe)
#define B_PUT_SIGNAL(d, s, n, sig, v, pe) shmem_putmem_signal(d, s, n, sig, v, SHMEM_SIGNAL_SET, pe)
#define B_SIGNAL_WAIT_GE(sig, v) shmem_signal_wait_until(sig, SHMEM_CMP_GE, v)
#define B_QUIET() shmem_quiet()
#define B_BARRIER_ALL() shmem_barrier_all()
#define B_MY_PE() shmem_my_pe()
#define B_FLOAT_SUM_BLOCK(d, s, n) shmemx_float_sum_reduce_block(SHMEM_TEAM_WORLD, d, s, n)
#define B_BFLOAT16_SUM_BLOCK(d, s, n)                                         \
    shmemx_bfloat16_sum_reduce_block(SHMEM_TEAM_WORLD, d, s, n)
#define B_ALLTOALLMEM_BLOCK(d, s, n) shmemx_alltoallmem_block(SHMEM_TEAM_WORLD, d, s, n)
#endif

// A failed CUDA runtime call ends the job through either library's exit.
#define BENCH_EXIT(code) b_global_exit(code)
#include "cuda_check.h"

// Nanoseconds from the GPU's global timer: independent of the SM clock,
// which drops when the GPU idles.
__device__ inline uint64_t b_now(void)
{
    uint64_t t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
}

#endif
