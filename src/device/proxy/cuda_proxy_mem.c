/* The device proxy's memory on a GPU: the ring in pinned host memory mapped
 * for kernels (the host polls it without a copy; kernels write requests
 * across PCIe), and the ticket counter in GPU memory, where this GPU's
 * threads take tickets with device atomics (GPU atomics on host memory are
 * slow, and atomic only among one GPU's threads). */
#include <stdint.h>

#include "cuda/cuda_device.h"
#include "proxy.h"

void *shmemi_cuda_proxy_ring(size_t bytes, void **kernel_view)
{
    shmemi_gpu_bind_thread("shmem_init");
    void *ring;
    SHMEMI_CU("shmem_init", cuMemAllocHost(&ring, bytes),
              "the host is out of pinned memory for the device proxy's ring: "
              "lower SHMEM_PROXY_SLOTS");
    CUdeviceptr d;
    SHMEMI_CU("shmem_init", cuMemHostGetDevicePointer(&d, ring, 0), NULL);
    *kernel_view = (void *)(uintptr_t)d;
    return ring;
}

unsigned long long *shmemi_cuda_proxy_ticket(void)
{
    shmemi_gpu_bind_thread("shmem_init");
    CUdeviceptr d;
    SHMEMI_CU("shmem_init", cuMemAlloc(&d, sizeof(unsigned long long)),
              "the GPU is out of memory for the device proxy's ticket");
    SHMEMI_CU("shmem_init", cuMemsetD8(d, 0, sizeof(unsigned long long)), NULL);
    return (unsigned long long *)(uintptr_t)d;
}

void shmemi_cuda_proxy_free(void *ring, unsigned long long *ticket)
{
    shmemi_gpu_bind_thread("shmem_finalize");
    SHMEMI_CU("shmem_finalize", cuMemFreeHost(ring), NULL);
    SHMEMI_CU("shmem_finalize", cuMemFree((CUdeviceptr)(uintptr_t)ticket), NULL);
}
