/* Block-cooperative forms: every thread of the block calls them. */
#ifndef SHMEM_DEVICE_BLOCK_H
#define SHMEM_DEVICE_BLOCK_H

__device__ inline void shmemx_barrier_all_block(void)
{
    __syncthreads();
    if (threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0)
        shmemi_dev_barrier();
    __syncthreads();
}

__device__ inline void shmemx_putmem_block(void *dest, const void *source, size_t n, int pe)
{
    char *d = shmemi_dev_peer("shmemx_putmem_block", dest, pe);
    const char *s = (const char *)source;
    unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    unsigned nt = blockDim.x * blockDim.y * blockDim.z;
    if ((((uintptr_t)d | (uintptr_t)s) & 15) == 0) {
        size_t v = n / 16;
        for (size_t i = t; i < v; i += nt)
            ((int4 *)d)[i] = ((const int4 *)s)[i];
        for (size_t i = v * 16 + t; i < n; i += nt)
            d[i] = s[i];
    } else {
        for (size_t i = t; i < n; i += nt)
            d[i] = s[i];
    }
    __syncthreads();
}

#endif
