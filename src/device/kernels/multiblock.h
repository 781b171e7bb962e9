/* What the library's C code and its multi-block on-stream kernels (the
 * sums, reduce.cuh; alltoall and fcollect, exchange.cuh) agree on: the
 * threads of a block, and how work is cut into pieces. */
#ifndef SHMEMI_MULTIBLOCK_H
#define SHMEMI_MULTIBLOCK_H

#include <stddef.h>

/* Threads in each block of the multi-block kernels. */
#define SHMEMI_MULTIBLOCK_THREADS 512

/* Threads in each block of the multi-block sum (reduce.cuh): with its loads
 * of 4 members in flight, 64 blocks of 256 took 90.8 and 333.6 us at 16 and
 * 64 MiB per PE on 4 H200s, against 97.2 and 344.9 in blocks of 512
 * (bench/results/2026-11-28-sums-4gpu.md). */
#define SHMEMI_SUMB_THREADS 256

#if defined(__CUDACC__)
#define SHMEMI_MULTIBLOCK_HD __host__ __device__
#else
#define SHMEMI_MULTIBLOCK_HD
#endif

/* The first of piece p's items when n items are cut into `pieces` pieces
 * as even as can be (p = pieces gives n). */
static inline SHMEMI_MULTIBLOCK_HD size_t shmemi_piece(size_t n, size_t pieces, size_t p)
{
    size_t q = n / pieces, r = n % pieces;
    return q * p + (p < r ? p : r);
}

#endif
