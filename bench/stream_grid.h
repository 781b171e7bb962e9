// The grid of the device bandwidth benchmarks (device_rma.cu, device_copy.cu):
// blocks of B_STREAM_THREADS threads (device_rma.cu sweeps others too),
// one per 4 KiB of a transfer and at most 264 (two per SM of an H100/H200), each moving its 16-byte-aligned
// share, and enough reps to move about 4 GiB (4 to 2000).
#ifndef BENCH_STREAM_GRID_H
#define BENCH_STREAM_GRID_H

#include <stddef.h>

enum { B_STREAM_THREADS = 512 };

static inline void b_stream_grid(size_t size, int *blocks, int *reps)
{
    size_t b = size / 4096, r = ((size_t)4 << 30) / size;
    *blocks = (int)(b < 1 ? 1 : b > 264 ? 264 : b);
    *reps = (int)(r < 4 ? 4 : r > 2000 ? 2000 : r);
}

// Unit `unit` of `units`' share of size bytes: false when it has none.
__device__ inline bool b_stream_share_of(size_t size, unsigned unit, unsigned units, size_t *off,
                                         size_t *n)
{
    size_t share = (size / units + 15) & ~(size_t)15;
    *off = share * unit;
    if (*off >= size)
        return false;
    *n = *off + share > size ? size - *off : share;
    return true;
}

// This block's share of size bytes.
__device__ inline bool b_stream_share(size_t size, size_t *off, size_t *n)
{
    return b_stream_share_of(size, blockIdx.x, gridDim.x, off, n);
}

#endif
