// The sum reductions on a stream (src/device/cuda_stream_coll.c picks one
// by size). In each, every element of the result is computed by one thread
// of one PE, which adds the members' values in member order, so every PE
// ends with the same bits, floating point included. The 16-bit floats are
// added in float and rounded once.
#include "sum_types.h"

template <class T> struct shmemi_k_acc { typedef T type; };
template <> struct shmemi_k_acc<__half> { typedef float type; };
template <> struct shmemi_k_acc<__nv_bfloat16> { typedef float type; };

static __device__ const char shmemi_k_sum_call[] = "shmemx_sum_reduce_on_stream";

// Member m's copy of symmetric p (members are world PEs start + m * stride).
template <class T>
__device__ inline const T *shmemi_k_member(const T *p, int start, int stride, int m)
{
    return (const T *)shmemi_dev_peer(shmemi_k_sum_call, p, start + m * stride);
}

__device__ inline const struct shmemi_device_team *shmemi_k_team(unsigned long long team)
{
    const struct shmemi_device_team *t = shmemi_dev_team((shmem_team_t)(uintptr_t)team);
    if (!t)
        shmemi_dev_stop(SHMEMI_STOP_TEAM_GONE, NULL, -1);
    return t;
}

// The reduce-scatter half of the large sums: this PE sums elements
// [begin, end) of source over the team's members, reading the others'
// copies through the peer window, into its own dest; the library's copies
// gather the other shares. A PE writes only the part it reads from no one
// else, so dest may be source.
template <class T>
__device__ void shmemi_k_sum(T *dest, const T *source, size_t begin, size_t end, int start,
                             int stride, int size)
{
    typedef typename shmemi_k_acc<T>::type A;
    size_t step = (size_t)gridDim.x * blockDim.x;
    for (size_t i = begin + (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < end; i += step) {
        A sum = 0;
        for (int m = 0; m < size; m++)
            sum += (A)shmemi_k_member(source, start, stride, m)[i];
        dest[i] = (T)sum;
    }
}

// A small sum in one kernel of one block, in place of the barrier, the
// reduce, the barrier, the copies and the barrier above: the first thread
// runs the team's barrier (every member's source is ready), each thread
// sums its elements (i, i + blockDim.x, ...: at most SHMEMI_SUM1_PER_THREAD)
// over every member into registers; a second barrier (every member has
// read every source, so dest may be source and sources may be reused);
// then the stores. Launched with up to 1024 threads, so bounded to 64
// registers a thread.
enum { SHMEMI_SUM1_PER_THREAD = 4 };
template <class T>
__device__ void shmemi_k_sum1(unsigned long long team, T *dest, const T *source, size_t n,
                              int start, int stride, int size)
{
    typedef typename shmemi_k_acc<T>::type A;
    const struct shmemi_device_team *t = shmemi_k_team(team);
    if (threadIdx.x == 0)
        shmemi_dev_team_barrier(t);
    __syncthreads();
    A sum[SHMEMI_SUM1_PER_THREAD];
#pragma unroll
    for (int k = 0; k < SHMEMI_SUM1_PER_THREAD; k++) {
        size_t i = threadIdx.x + (size_t)k * blockDim.x;
        sum[k] = 0;
        if (i < n)
            for (int m = 0; m < size; m++)
                sum[k] += (A)shmemi_k_member(source, start, stride, m)[i];
    }
    __syncthreads();
    if (threadIdx.x == 0)
        shmemi_dev_team_barrier(t);
    __syncthreads();
#pragma unroll
    for (int k = 0; k < SHMEMI_SUM1_PER_THREAD; k++) {
        size_t i = threadIdx.x + (size_t)k * blockDim.x;
        if (i < n)
            dest[i] = (T)sum[k];
    }
}

// The block's barrier with the same block of every other member
// (SHMEMI_TEAM_BLOCK_FLAGS in device_state.h): its threads' stores before
// it are seen by the others' after it.
__device__ inline void shmemi_k_block_barrier(const struct shmemi_device_team *t)
{
    __syncthreads();
    if (threadIdx.x == 0)
        shmemi_dev_dissemination(t,
                                 shmemi_dstate.team_flags +
                                     (size_t)t->slot * SHMEMI_TEAM_FLAG_WORDS +
                                     SHMEMI_TEAM_BLOCK_FLAGS +
                                     (size_t)blockIdx.x * SHMEMI_TEAM_BLOCK_WORDS,
                                 1);
    __syncthreads();
}

// 16-byte units of n elements: unit u holds elements [u * V, u * V + V),
// the last one possibly fewer.
template <class T> struct shmemi_k_units {
    enum { V = 16 / sizeof(T) };
};

// The units of piece p of `pieces` (as even as can be).
__device__ inline size_t shmemi_k_piece(size_t units, unsigned pieces, unsigned p)
{
    size_t q = units / pieces, r = units % pieces;
    return q * p + (p < r ? p : r);
}

// Each thread of the multi-block sum moves SHMEMI_SUMB_UNROLL units at a
// time (u, u + blockDim.x, ...), their loads from one member in flight
// together.
enum { SHMEMI_SUMB_UNROLL = 4 };

// The sums over the members of the whole units u + j * blockDim.x below
// end, stored into every member's dest (this PE's first member after
// itself first, so that the members' stores spread over the links).
template <class T>
__device__ inline void shmemi_k_sum_units(T *dest, const T *source, size_t u, size_t end,
                                          int start, int stride, int size, int me)
{
    typedef typename shmemi_k_acc<T>::type A;
    const int V = shmemi_k_units<T>::V, U = SHMEMI_SUMB_UNROLL;
    const size_t step = blockDim.x;
    A sum[U][V];
#pragma unroll
    for (int j = 0; j < U; j++)
#pragma unroll
        for (int k = 0; k < V; k++)
            sum[j][k] = 0;
    for (int m = 0; m < size; m++) {
        const uint4 *from = (const uint4 *)shmemi_k_member(source, start, stride, m);
        uint4 v[U];
#pragma unroll
        for (int j = 0; j < U; j++)
            if (u + j * step < end)
                v[j] = from[u + j * step];
#pragma unroll
        for (int j = 0; j < U; j++)
            if (u + j * step < end) {
                const T *x = (const T *)&v[j];
#pragma unroll
                for (int k = 0; k < V; k++)
                    sum[j][k] += (A)x[k];
            }
    }
    uint4 out[U];
#pragma unroll
    for (int j = 0; j < U; j++) {
        T *o = (T *)&out[j];
#pragma unroll
        for (int k = 0; k < V; k++)
            o[k] = (T)sum[j][k];
    }
    for (int i = 1; i <= size; i++) {
        uint4 *to = (uint4 *)shmemi_k_member(dest, start, stride, (me + i) % size);
#pragma unroll
        for (int j = 0; j < U; j++)
            if (u + j * step < end)
                to[u + j * step] = out[j];
    }
}

// The elements past the last whole unit (fewer than one unit), by the
// first thread of the block whose piece [begin, end) holds them: summed
// over the members and stored into every member's dest.
template <class T>
__device__ inline void shmemi_k_sum_tail(T *dest, const T *source, size_t n, size_t begin,
                                         size_t end, int start, int stride, int size)
{
    typedef typename shmemi_k_acc<T>::type A;
    const int V = shmemi_k_units<T>::V;
    const size_t whole = n / V;
    if (threadIdx.x != 0 || whole * V == n || whole < begin || whole >= end)
        return;
    for (size_t i = whole * V; i < n; i++) {
        A sum = 0;
        for (int m = 0; m < size; m++)
            sum += (A)shmemi_k_member(source, start, stride, m)[i];
        for (int m = 0; m < size; m++)
            ((T *)shmemi_k_member(dest, start, stride, m))[i] = (T)sum;
    }
}

// A sum in one kernel of several blocks (dest and source 16-byte aligned):
// the 16-byte units are cut into size * gridDim.x pieces, and block b of
// member m sums piece m * gridDim.x + b over the members and stores the
// result into every member's dest. Block b of each member synchronises
// only with block b of the others: before the sums (the members' sources
// are ready) and after (every member's pieces b are in this member's dest,
// and the others are done reading its source), so no block waits for
// another block of its own GPU. dest may be source: each unit is read, on
// every member, by the one thread that sums it, before that thread
// overwrites it.
template <class T>
__device__ void shmemi_k_sumb(unsigned long long team, T *dest, const T *source, size_t n,
                              int start, int stride, int size)
{
    const struct shmemi_device_team *t = shmemi_k_team(team);
    const int V = shmemi_k_units<T>::V;
    const size_t units = (n + V - 1) / V, whole = n / V;
    const size_t chunk = (size_t)blockDim.x * SHMEMI_SUMB_UNROLL;
    const unsigned pieces = (unsigned)size * gridDim.x;
    const unsigned p = (unsigned)t->my_index * gridDim.x + blockIdx.x;
    const size_t begin = shmemi_k_piece(units, pieces, p), end = shmemi_k_piece(units, pieces, p + 1);
    const size_t stop = end < whole ? end : whole;
    shmemi_k_block_barrier(t);
    for (size_t u = begin; u < stop; u += chunk)
        shmemi_k_sum_units(dest, source, u + threadIdx.x, stop, start, stride, size, t->my_index);
    shmemi_k_sum_tail(dest, source, n, begin, end, start, stride, size);
    shmemi_k_block_barrier(t);
}

#define SHMEMI_K_SUM(A, T, K, N, E, S)                                        \
    extern "C" __global__ void shmemi_k_sum_##N(K *dest, const K *source,     \
                                                size_t begin, size_t end,     \
                                                int start, int stride,        \
                                                int size)                     \
    {                                                                         \
        shmemi_k_sum<K>(dest, source, begin, end, start, stride, size);       \
    }                                                                         \
    extern "C" __global__ void __launch_bounds__(1024)                        \
    shmemi_k_sum1_##N(unsigned long long team, K *dest, const K *source,      \
                      size_t n, int start, int stride, int size)              \
    {                                                                         \
        shmemi_k_sum1<K>(team, dest, source, n, start, stride, size);         \
    }                                                                         \
    extern "C" __global__ void __launch_bounds__(SHMEMI_SUMB_THREADS, 1)      \
    shmemi_k_sumb_##N(unsigned long long team, K *dest, const K *source,      \
                      size_t n, int start, int stride, int size)              \
    {                                                                         \
        shmemi_k_sumb<K>(team, dest, source, n, start, stride, size);         \
    }
SHMEMI_STREAM_SUM_TYPES(SHMEMI_K_SUM, _)
#undef SHMEMI_K_SUM
