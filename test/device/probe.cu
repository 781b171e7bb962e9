// Kernels whose machine code test/device/check_code.sh inspects: a device
// put must compile to plain global stores, with no call into a runtime.
#include <shmem.h>

extern "C" __global__ void probe_p(int *dest, int pe) { shmem_int_p(dest, 42, pe); }

extern "C" __global__ void probe_put(long *dest, const long *src, int pe)
{
    shmem_long_put(dest, src, 4, pe);
    shmem_quiet();
}

// Not inspected for stores: its module must hold no printf, which would
// cost a user's process 64 MiB of GPU memory when the module loads.
extern "C" __global__ void probe_barrier(void) { shmem_barrier_all(); }
