"""An all-reduce written as a CUDA kernel in a Python string: each PE's
block reads every PE's vector straight from its GPU (shmem_getmem into
shared memory would do too; loads through shmem_ptr are simplest) and sums
them, between two device barriers. Run on a GPU machine:
    SHMEM_HEAP=device shmemrun -n 2 python3 allreduce_kernel.py"""
import torch

import shmem

SOURCE = r"""
#include <shmem.h>
extern "C" __global__ void allreduce_sum(float *dest, const float *src, int n)
{
    if (threadIdx.x == 0)
        shmem_barrier_all();             /* every PE's src is written */
    __syncthreads();
    int npes = shmem_n_pes();
    for (int i = threadIdx.x; i < n; i += blockDim.x) {
        float sum = 0;
        for (int pe = 0; pe < npes; pe++)
            sum += shmem_float_g(src + i, pe);
        dest[i] = sum;
    }
    __syncthreads();
    if (threadIdx.x == 0)
        shmem_barrier_all();             /* nobody still reads src */
}
"""

with shmem.init():
    torch.cuda.set_device(shmem.cuda_device())
    me, npes, n = shmem.my_pe(), shmem.n_pes(), 1000
    allreduce = shmem.compile_kernel(SOURCE, "allreduce_sum")
    src = shmem.full(n, float(me + 1), "float32", device="cuda")
    dest = shmem.zeros(n, "float32", device="cuda")
    allreduce(1, 256, dest, src, n, stream=torch.cuda.current_stream())
    torch.cuda.synchronize()
    expect = npes * (npes + 1) / 2
    ok = bool((dest == expect).all())
    print(f"PE {me}: dest[0] = {dest[0].item()}, expected {expect}: {'ok' if ok else 'WRONG'}")
    shmem.free(dest)
    shmem.free(src)
