// Device-initiated communication from a kernel compiled WITHOUT relocatable
// device code: shmem_p/g, typed and mem put/get, iput, wait_until, fence,
// quiet and the device barrier, between every PE and its neighbours, with
// the results checked on the host through the API.
#include <cuda_runtime.h>
#include <stdio.h>

#include <shmem.h>

#include "../check.h"

#define N 1024

__global__ void ring(long *data, long *flag, int *errors, int iters)
{
    int me = shmem_my_pe(), n = shmem_n_pes();
    int right = (me + 1) % n, left = (me + n - 1) % n;
    __shared__ long buf[N];
    for (int it = 1; it <= iters; it++) {
        for (int i = threadIdx.x; i < N; i += blockDim.x)
            buf[i] = (long)me * 1000000 + it * 1000 + i % 1000;
        __syncthreads();
        if (threadIdx.x == 0) {
            // Data, then (ordered by fence) the flag that announces it.
            shmem_long_put(data, buf, N, right);
            shmem_fence();
            shmem_long_p(flag, it, right);
            shmem_long_wait_until(flag, SHMEM_CMP_GE, (long)it);
            for (int i = 0; i < N; i++)
                if (data[i] != (long)left * 1000000 + it * 1000 + i % 1000)
                    atomicAdd(errors, 1);
            // Read the neighbour's copy back with g and getmem.
            if (shmem_long_g(&data[7], left) != (long)(left + n - 1) % n * 1000000 + it * 1000 + 7)
                atomicAdd(errors, 1);
            shmem_barrier_all();
        }
        __syncthreads();
    }
}

__global__ void strided(int *dst, int *errors)
{
    int me = shmem_my_pe(), n = shmem_n_pes();
    int right = (me + 1) % n;
    int src[64];
    for (int i = 0; i < 64; i++)
        src[i] = me * 100 + i;
    shmem_int_iput(dst, src, 2, 1, 32, right);   // src[0..31] to dst[0,2,..62]
    shmem_quiet();
    shmem_barrier_all();
    int left = (me + n - 1) % n;
    for (int i = 0; i < 32; i++)
        if (dst[2 * i] != left * 100 + i)
            atomicAdd(errors, 1);
    int *mine = (int *)shmem_ptr(dst, me);
    if (mine != dst)
        atomicAdd(errors, 1000);
}

int main(void)
{
    shmem_init();
    int me = shmem_my_pe();
    long *data = (long *)shmem_calloc(N, sizeof(long));
    long *flag = (long *)shmem_calloc(1, sizeof(long));
    int *dst = (int *)shmem_calloc(64, sizeof(int));
    int *errors;
    CHECK(cudaMalloc(&errors, sizeof(int)) == cudaSuccess, "cudaMalloc");
    cudaMemset(errors, 0, sizeof(int));

    ring<<<1, 128>>>(data, flag, errors, 200);
    CHECK(cudaDeviceSynchronize() == cudaSuccess, "ring kernel: %s",
          cudaGetErrorString(cudaGetLastError()));
    strided<<<1, 1>>>(dst, errors);
    CHECK(cudaDeviceSynchronize() == cudaSuccess, "strided kernel");
    int h = -1;
    cudaMemcpy(&h, errors, sizeof h, cudaMemcpyDeviceToHost);
    CHECK(h == 0, "%d wrong values seen by the kernels", h);

    // The host side of the same inline routines still works in a .cu file.
    shmem_barrier_all();
    long last = shmem_long_g(&data[N - 1], me);
    CHECK(last % 1000 == (N - 1) % 1000, "host g after kernels: %ld", last);
    printf("PE %d: device RMA ok\n", me);
    cudaFree(errors);
    shmem_free(dst);
    shmem_free(flag);
    shmem_free(data);
    shmem_finalize();
    return 0;
}
