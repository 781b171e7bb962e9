// The first host calls of a process, made while its own GPU runs a kernel
// that waits for what those calls do. The library may then ask CUDA for
// nothing that waits for running kernels: loading its kernels' module does,
// and the heap service's first AMO, loading it from the device proxy's
// thread while a user's kernel waited for that AMO, never returned (2 x
// H200, virtual nodes). Each PE's kernel says it has started, then waits
// for its left neighbour's host put (the process's first, staged) and host
// AMO (the first: the library's AMO kernel on a node peer, the heap service
// on another node); each host makes those calls only once its own kernel
// runs, so no PE's calls can come before every GPU is busy.
#include <cuda_runtime.h>
#include <stdio.h>

#include <shmem.h>

#include "cuda_check.h"

__global__ void waiter(volatile int *started, long *put_word, int *amo_word)
{
    *started = 1;
    __threadfence_system();
    shmem_long_wait_until(put_word, SHMEM_CMP_EQ, 42);
    shmem_int_wait_until(amo_word, SHMEM_CMP_EQ, 7);
}

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    int right = (me + 1) % n;
    long *put_word = (long *)shmem_calloc(1, sizeof(long));
    int *amo_word = (int *)shmem_calloc(1, sizeof(int));
    CHECK(put_word && amo_word, "shmem_calloc");
    int *started, *started_dev;
    CUDA_OK(cudaHostAlloc(&started, sizeof *started, cudaHostAllocMapped));
    *started = 0;
    CUDA_OK(cudaHostGetDevicePointer((void **)&started_dev, started, 0));
    shmem_barrier_all();

    waiter<<<1, 1>>>(started_dev, put_word, amo_word);
    CUDA_OK(cudaGetLastError());
    while (!*(volatile int *)started)
        ;
    shmem_long_p(put_word, 42, right);
    shmem_int_atomic_set(amo_word, 7, right);
    shmem_quiet();
    cudaError_t e = cudaDeviceSynchronize();
    CHECK(e == cudaSuccess, "the waiting kernel: %s", cudaGetErrorString(e));
    shmem_barrier_all();

    /* Each word holds what the left neighbour's calls left there. */
    CHECK(shmem_long_g(put_word, right) == 42, "put to PE %d", right);
    CHECK(shmem_int_atomic_fetch(amo_word, right) == 7, "AMO on PE %d", right);
    shmem_barrier_all();
    CUDA_OK(cudaFreeHost(started));
    shmem_free(put_word);
    shmem_free(amo_word);
    shmem_finalize();
    if (me == 0)
        printf("host calls during a waiting kernel: %d PEs, each kernel saw its neighbour's "
               "put and AMO\n", n);
    return 0;
}
