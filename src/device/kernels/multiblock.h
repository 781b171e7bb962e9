/* What the library's C code and its multi-block on-stream kernels (the
 * sums, reduce.cuh; alltoall and fcollect, exchange.cuh) agree on: the
 * threads of a block, and how work is cut into pieces
 * (shmem/internal/piece.h). */
#ifndef SHMEMI_MULTIBLOCK_H
#define SHMEMI_MULTIBLOCK_H

#include <stddef.h>

#include <shmem/internal/piece.h>

/* Threads in each block of the multi-block kernels. */
#define SHMEMI_MULTIBLOCK_THREADS 512

/* Threads in each block of the multi-block sum (reduce.cuh): with its loads
 * of 4 members in flight, 64 blocks of 256 took 90.8 and 333.6 us at 16 and
 * 64 MiB per PE on 4 H200s, against 97.2 and 344.9 in blocks of 512
 * (bench/results/2026-11-28-sums-4gpu.md). */
#define SHMEMI_SUMB_THREADS 256

/* Units each thread of the multi-block sum moves at a time (u,
 * u + blockDim.x, ...). */
#define SHMEMI_SUMB_UNROLL 2

/* Threads in each block of the sum that only stores (reduce_push.cuh): a
 * chunk of SHMEMI_PUSH_UNITS (device_state.h) is two units a thread. */
#define SHMEMI_PUSH_THREADS 256

#endif
