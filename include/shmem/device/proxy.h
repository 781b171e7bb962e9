/* Kernels' calls to PEs of other nodes. Those PEs are not in the peer
 * window, and UCX, which reaches them, runs on the CPU: so the calling
 * thread hands the operation to its PE's proxy thread on the host through
 * the channel in pinned host memory (shmem/internal/proxy_ring.h,
 * shmem/internal/proxy_post.h). The routines of rma.h, amo.h and signal.h
 * take this path when shmemi_dev_slot(pe) is -1: one branch, which the
 * load/store path predicts.
 *
 * What the caller may rely on is the OpenSHMEM contract: a put's source is
 * reusable on return (the data travels in the slots), a get or fetching
 * AMO returns with the data, and quiet (or fence) on the device completes
 * (orders) what the PE's kernels handed to the proxy before it. */
#ifndef SHMEM_DEVICE_PROXY_H
#define SHMEM_DEVICE_PROXY_H

#include <stddef.h>
#include <stdint.h>

#include <shmem/device/core.h>
#include <shmem/device/copy.h>
/* After core.h and copy.h: its device side spins and copies with them. */
#include <shmem/internal/proxy_post.h>

/* The channel to reach pe, which is off this node: stops the kernel where
 * there is none (a job on one node, a heap UCX cannot reach, a PE out of
 * range) as a PE out of the window always did. A copy, so that the
 * requests read it from registers, not from constant memory through a
 * generic pointer. */
__device__ __forceinline__ struct shmemi_proxy_channel shmemi_dev_channel(const char *call, int pe)
{
    if (!shmemi_dstate.proxy.slots || (unsigned)pe >= (unsigned)shmemi_dstate.n_pes)
        shmemi_dev_fail(call, pe);
    return shmemi_dstate.proxy;
}

__device__ __forceinline__ void shmemi_dev_remote_put(const char *call, void *dest,
                                                      const void *source, size_t n, int pe)
{
    struct shmemi_proxy_channel ch = shmemi_dev_channel(call, pe);
    shmemi_px_put(&ch, (uintptr_t)dest, source, n, pe, -1, 0, 0);
}

__device__ __forceinline__ void shmemi_dev_remote_get(const char *call, void *dest,
                                                      const void *source, size_t n, int pe)
{
    struct shmemi_proxy_channel ch = shmemi_dev_channel(call, pe);
    shmemi_px_get(&ch, dest, (uintptr_t)source, n, pe);
}

/* sig_amo: SHMEMI_PROXY_AMO_SET or _ADD. */
__device__ __forceinline__ void shmemi_dev_remote_put_signal(const char *call, void *dest,
                                                             const void *source, size_t n,
                                                             uint64_t *sig_addr, uint64_t signal,
                                                             int sig_amo, int pe)
{
    struct shmemi_proxy_channel ch = shmemi_dev_channel(call, pe);
    shmemi_px_put(&ch, (uintptr_t)dest, source, n, pe, sig_amo, (uintptr_t)sig_addr, signal);
}

__device__ __forceinline__ unsigned long long
shmemi_dev_remote_amo(const char *call, unsigned amo, const void *dest, unsigned size,
                      unsigned long long value, unsigned long long cond, int pe, bool fetch)
{
    struct shmemi_proxy_channel ch = shmemi_dev_channel(call, pe);
    return shmemi_px_amo(&ch, amo, (uintptr_t)dest, size, value, cond, pe, fetch);
}

/* The device fence and quiet add the proxy's to the memory fence when the
 * PE has a proxy; each returns at once when no request is outstanding. */
__device__ __forceinline__ void shmemi_dev_proxy_fence(void)
{
    if (shmemi_dstate.proxy.slots) {
        struct shmemi_proxy_channel ch = shmemi_dstate.proxy;
        shmemi_px_fence(&ch);
    }
}

__device__ __forceinline__ void shmemi_dev_proxy_quiet(void)
{
    if (shmemi_dstate.proxy.slots) {
        struct shmemi_proxy_channel ch = shmemi_dstate.proxy;
        shmemi_px_quiet(&ch);
    }
}

#endif
