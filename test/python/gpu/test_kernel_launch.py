"""A kernel compiled from a Python string puts into the next PE's GPU."""
import numpy as np

import shmem

SOURCE = r"""
#include <shmem.h>
extern "C" __global__ void ring_put(int *dest, const int *src, int n)
{
    int me = shmem_my_pe(), npes = shmem_n_pes();
    if (threadIdx.x == 0 && blockIdx.x == 0) {
        shmem_putmem(dest, src, n * sizeof(int), (me + 1) % npes);
        shmem_quiet();
    }
}
"""


def test_kernel_from_a_string_puts_into_another_gpu(me, n):
    ring_put = shmem.compile_kernel(SOURCE, "ring_put")
    dest = shmem.zeros(32, np.int32, device="cuda")
    src = shmem.full(32, me + 7, np.int32, device="cuda")
    ring_put(1, 32, dest, src, 32)
    shmem._cuda.synchronize()
    shmem.barrier_all()
    back = np.zeros(32, np.int32)
    shmem.get(back, dest, me)
    shmem.barrier_all()
    shmem.free(src)
    shmem.free(dest)
    ring_put.unload()
    assert back.tolist() == [(me - 1) % n + 7] * 32
