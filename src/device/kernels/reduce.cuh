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

#define SHMEMI_K_SUM(T, N)                                                    \
    extern "C" __global__ void shmemi_k_sum_##N(T *dest, const T *source,     \
                                                size_t begin, size_t end,     \
                                                int start, int stride,        \
                                                int size)                     \
    {                                                                         \
        shmemi_k_sum<T>(dest, source, begin, end, start, stride, size);       \
    }
SHMEMI_K_SUM(int, int)
SHMEMI_K_SUM(long, long)
SHMEMI_K_SUM(float, float)
SHMEMI_K_SUM(double, double)
#undef SHMEMI_K_SUM
