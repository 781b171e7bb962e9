// The sum reductions on a stream, the reduce-scatter half: this PE sums
// elements [begin, end) of source over every PE, reading the others' copies
// through the peer window, into its own dest. Each element has one PE that
// computes it, so every PE ends with the same bits (floating point
// included), and since a PE writes only the part it reads from no one
// else, dest may be source.
template <class T>
__device__ void shmemi_k_sum(T *dest, const T *source, size_t begin, size_t end)
{
    const struct shmemi_device_state *s = &shmemi_dstate;
    size_t step = (size_t)gridDim.x * blockDim.x;
    for (size_t i = begin + (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < end; i += step) {
        T sum = 0;
        for (int pe = 0; pe < s->n_pes; pe++)
            sum += ((const T *)shmemi_dev_peer("shmemx_sum_reduce_on_stream", source, pe))[i];
        dest[i] = sum;
    }
}

#define SHMEMI_K_SUM(T, N)                                                    \
    extern "C" __global__ void shmemi_k_sum_##N(T *dest, const T *source,     \
                                                size_t begin, size_t end)     \
    {                                                                         \
        shmemi_k_sum<T>(dest, source, begin, end);                            \
    }
SHMEMI_K_SUM(int, int)
SHMEMI_K_SUM(long, long)
SHMEMI_K_SUM(float, float)
SHMEMI_K_SUM(double, double)
#undef SHMEMI_K_SUM
