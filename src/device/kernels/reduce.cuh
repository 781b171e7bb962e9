// The sum reductions on a stream, the reduce-scatter half: this PE sums
// elements [begin, end) of source over the team's members (world PEs start
// + i * stride, i < size, in member order), reading the others' copies
// through the peer window, into its own dest. Each element has one PE that
// computes it, so every PE ends with the same bits (floating point
// included), and since a PE writes only the part it reads from no one
// else, dest may be source.
template <class T>
__device__ void shmemi_k_sum(T *dest, const T *source, size_t begin, size_t end, int start,
                             int stride, int size)
{
    size_t step = (size_t)gridDim.x * blockDim.x;
    for (size_t i = begin + (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < end; i += step) {
        T sum = 0;
        for (int m = 0; m < size; m++)
            sum += ((const T *)shmemi_dev_peer("shmemx_sum_reduce_on_stream", source,
                                               start + m * stride))[i];
        dest[i] = sum;
    }
}

// A small sum in one kernel of one block, in place of the barrier, the
// reduce, the barrier, the copies and the barrier above: the first thread
// runs the team's barrier (every member's source is ready), each thread
// sums its elements (i, i + blockDim.x, ...: at most SHMEMI_SUM1_PER_THREAD)
// over every member in member order, the same bits on every PE, into
// registers; a second barrier (every member has read every source, so dest
// may be source and sources may be reused); then the stores. Launched with
// up to 1024 threads, so bounded to 64 registers a thread.
enum { SHMEMI_SUM1_PER_THREAD = 4 };
template <class T>
__device__ void shmemi_k_sum1(unsigned long long team, T *dest, const T *source, size_t n,
                              int start, int stride, int size)
{
    const struct shmemi_device_team *t = shmemi_dev_team((shmem_team_t)(uintptr_t)team);
    if (!t)
        shmemi_dev_stop(SHMEMI_STOP_TEAM_GONE, NULL, -1);
    if (threadIdx.x == 0)
        shmemi_dev_team_barrier(t);
    __syncthreads();
    T sum[SHMEMI_SUM1_PER_THREAD];
#pragma unroll
    for (int k = 0; k < SHMEMI_SUM1_PER_THREAD; k++) {
        size_t i = threadIdx.x + (size_t)k * blockDim.x;
        sum[k] = 0;
        if (i < n)
            for (int m = 0; m < size; m++)
                sum[k] += ((const T *)shmemi_dev_peer("shmemx_sum_reduce_on_stream", source,
                                                      start + m * stride))[i];
    }
    __syncthreads();
    if (threadIdx.x == 0)
        shmemi_dev_team_barrier(t);
    __syncthreads();
#pragma unroll
    for (int k = 0; k < SHMEMI_SUM1_PER_THREAD; k++) {
        size_t i = threadIdx.x + (size_t)k * blockDim.x;
        if (i < n)
            dest[i] = sum[k];
    }
}

#define SHMEMI_K_SUM(T, N)                                                    \
    extern "C" __global__ void shmemi_k_sum_##N(T *dest, const T *source,     \
                                                size_t begin, size_t end,     \
                                                int start, int stride,        \
                                                int size)                     \
    {                                                                         \
        shmemi_k_sum<T>(dest, source, begin, end, start, stride, size);       \
    }                                                                         \
    extern "C" __global__ void __launch_bounds__(1024)                        \
    shmemi_k_sum1_##N(unsigned long long team, T *dest, const T *source,      \
                      size_t n, int start, int stride, int size)              \
    {                                                                         \
        shmemi_k_sum1<T>(team, dest, source, n, start, stride, size);         \
    }
SHMEMI_K_SUM(int, int)
SHMEMI_K_SUM(long, long)
SHMEMI_K_SUM(float, float)
SHMEMI_K_SUM(double, double)
#undef SHMEMI_K_SUM
