// The sum reductions on a stream (src/device/cuda_stream_coll.c picks
// one). In each, every element of the result is computed by one thread of
// one PE, which adds the members' values in member order, so every PE ends
// with the same bits, floating point included. The 16-bit floats are added
// in float and rounded once.
#include "multiblock.h"
#include "sum_types.h"

static __device__ const char shmemi_k_sum_call[] = "shmemx_sum_reduce_on_stream";

// The reduce-scatter half of the large sums: this PE sums elements
// [begin, end) of source over the team's members, reading the others'
// copies through the peer window, into its own dest; the library's copies
// gather the other shares. A PE writes only the part it reads from no one
// else, so dest may be source.
template <class T>
__device__ void shmemi_k_sum(T *dest, const T *source, size_t begin, size_t end, int start,
                             int stride, int size)
{
    typedef typename shmemi_dev_acc<T>::type A;
    size_t step = (size_t)gridDim.x * blockDim.x;
    for (size_t i = begin + (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < end; i += step) {
        A sum = 0;
        for (int m = 0; m < size; m++)
            sum += (A)shmemi_k_member(shmemi_k_sum_call, source, start, stride, m)[i];
        dest[i] = (T)sum;
    }
}

// Each thread of the multi-block sum has the loads of its
// SHMEMI_SUMB_UNROLL units (multiblock.h) from SHMEMI_SUMB_MEMBERS members
// in flight together: with one member's at a time, a share that takes one
// pass of the threads (up to 4 MiB per PE at 4 PEs) waited for the
// members' loads one after another.
enum { SHMEMI_SUMB_MEMBERS = 4 };

// The sums over the members of the whole units u + j * blockDim.x below
// end, stored into every member's dest (this PE's first member after
// itself first, so that the members' stores spread over the links).
template <class T, int V>
__device__ inline void shmemi_k_sum_units(T *dest, const T *source, size_t u, size_t end,
                                          int start, int stride, int size, int me)
{
    typedef typename shmemi_dev_acc<T>::type A;
    // Unit u holds elements [u * V, u * V + V), moved by one load or store
    // (16 bytes where the buffers are 16-byte aligned, else one element).
    typedef shmemi_dev_units<T, V> W;
    const int U = SHMEMI_SUMB_UNROLL, G = SHMEMI_SUMB_MEMBERS;
    const size_t step = blockDim.x;
    A sum[U][V];
#pragma unroll
    for (int j = 0; j < U; j++)
#pragma unroll
        for (int k = 0; k < V; k++)
            sum[j][k] = 0;
    for (int m0 = 0; m0 < size; m0 += G) {
        // The group's loads start at a member that differs from PE to PE
        // (this PE itself where it is in the group), as PyTorch's two-shot
        // does: with every PE loading from member 0 first, then 1, ..., a
        // sum of 1 MiB a PE at 4 PEs took 15.4 against 13.0 us
        // (bench/results/2026-11-28-block-reduce-shares.md).
        const int count = size - m0 < G ? size - m0 : G, rot = me % count;
        W v[G][U] = {};
#pragma unroll
        for (int g = 0; g < G; g++)
            if (g < count) {
                const W *from = (const W *)shmemi_k_member(shmemi_k_sum_call, source, start,
                                                           stride, m0 + (g + rot) % count);
#pragma unroll
                for (int j = 0; j < U; j++)
                    if (u + j * step < end)
                        v[g][j] = from[u + j * step];
            }
        /* Member order, so that every member adds alike: member m0 + g's
         * units are v[at], picked without indexing the registers. */
#pragma unroll
        for (int g = 0; g < G; g++)
            if (g < count) {
                const int at = (g - rot + count) % count;
#pragma unroll
                for (int j = 0; j < U; j++)
                    if (u + j * step < end) {
                        W w = v[0][j];
#pragma unroll
                        for (int h = 1; h < G; h++)
                            if (h == at)
                                w = v[h][j];
#pragma unroll
                        for (int k = 0; k < V; k++)
                            sum[j][k] += (A)w.x[k];
                    }
            }
    }
    W out[U];
#pragma unroll
    for (int j = 0; j < U; j++)
#pragma unroll
        for (int k = 0; k < V; k++)
            out[j].x[k] = (T)sum[j][k];
    for (int i = 1; i <= size; i++) {
        W *to = (W *)shmemi_k_member(shmemi_k_sum_call, dest, start, stride, (me + i) % size);
#pragma unroll
        for (int j = 0; j < U; j++)
            if (u + j * step < end)
                to[u + j * step] = out[j];
    }
}

// The multi-block sum's work with units of V elements: this block's piece
// of the units, and the elements past the last whole unit (fewer than V),
// one a thread, by the block whose piece holds them: a small sum is all
// such elements, and one thread's loads of them would follow each other.
template <class T, int V>
__device__ void shmemi_k_sumb_piece(T *dest, const T *source, size_t n, int start, int stride,
                                    int size, int me)
{
    typedef typename shmemi_dev_acc<T>::type A;
    const size_t units = (n + V - 1) / V, whole = n / V;
    const size_t chunk = (size_t)blockDim.x * SHMEMI_SUMB_UNROLL;
    const unsigned pieces = (unsigned)size * gridDim.x;
    const unsigned p = (unsigned)me * gridDim.x + blockIdx.x;
    const size_t begin = shmemi_piece(units, pieces, p);
    const size_t end = shmemi_piece(units, pieces, p + 1);
    const size_t stop = end < whole ? end : whole;
    for (size_t u = begin; u < stop; u += chunk)
        shmemi_k_sum_units<T, V>(dest, source, u + threadIdx.x, stop, start, stride, size, me);
    const size_t i = whole * V + threadIdx.x;
    if (i >= n || whole < begin || whole >= end)
        return;
    A sum = 0;
    for (int m = 0; m < size; m++)
        sum += (A)shmemi_k_member(shmemi_k_sum_call, source, start, stride, m)[i];
    for (int m = 0; m < size; m++)
        ((T *)shmemi_k_member(shmemi_k_sum_call, dest, start, stride, m))[i] = (T)sum;
}

// A sum in one kernel of several blocks: the units are cut into
// size * gridDim.x pieces, and block b of member m sums piece
// m * gridDim.x + b over the members and stores the result into every
// member's dest. Block b of each member synchronises only with block b of
// the others: before the sums (the members' sources are ready) and after
// (every member's pieces b are in this member's dest, and the others are
// done reading its source), so no block waits for another block of its
// own GPU. dest may be source: each unit is read, on every member, by the
// one thread that sums it, before that thread overwrites it.
template <class T>
__device__ void shmemi_k_sumb(unsigned long long team, T *dest, const T *source, size_t n,
                              int start, int stride, int size)
{
    const struct shmemi_device_team *t = shmemi_k_team(team);
    // The first barrier without its release fence took 0.7-1.4 us off
    // every size on 2 H200s (bench/results/2026-11-28-allreduce.md).
    shmemi_k_block_barrier(t, false);
    if ((((uintptr_t)dest | (uintptr_t)source) & 15) == 0)
        shmemi_k_sumb_piece<T, 16 / sizeof(T)>(dest, source, n, start, stride, size, t->my_index);
    else
        shmemi_k_sumb_piece<T, 1>(dest, source, n, start, stride, size, t->my_index);
    shmemi_k_block_barrier(t, true);
}

#define SHMEMI_K_SUM(A, T, K, N, E, S)                                        \
    extern "C" __global__ void shmemi_k_sum_##N(K *dest, const K *source,     \
                                                size_t begin, size_t end,     \
                                                int start, int stride,        \
                                                int size)                     \
    {                                                                         \
        shmemi_k_sum<K>(dest, source, begin, end, start, stride, size);       \
    }                                                                         \
    extern "C" __global__ void                                                \
    __launch_bounds__(SHMEMI_SUMB_THREADS, 1)                                 \
    shmemi_k_sumb_##N(unsigned long long team, K *dest, const K *source,      \
                      size_t n, int start, int stride, int size)              \
    {                                                                         \
        shmemi_k_sumb<K>(team, dest, source, n, start, stride, size);         \
    }
SHMEMI_STREAM_SUM_TYPES(SHMEMI_K_SUM, _)
#undef SHMEMI_K_SUM
