/* Cooperative forms (shmemx_..._warp, shmemx_..._block): every thread of
 * the warp or block calls them with the same arguments, they share one
 * transfer with 16-byte accesses where alignment allows, and return when
 * the whole group's part is done. To a PE of another node the group's
 * threads share the proxy's requests, a slot's worth each in turn. */
#ifndef SHMEM_DEVICE_BLOCK_H
#define SHMEM_DEVICE_BLOCK_H

#include <stddef.h>
#include <stdint.h>

#include <shmem/types.h>
#include <shmem/internal/proxy_ring.h>
#include <shmem/device/core.h>
#include <shmem/device/copy.h>
#include <shmem/device/proxy.h>
#include <shmem/device/rma.h>
#include <shmem/device/signal.h>
#include <shmem/device/sync.h>

/* A group: this thread's rank in it, its size, and how it waits for all. */
struct shmemi_dev_block {
    __device__ static unsigned rank()
    {
        return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    }
    __device__ static unsigned size() { return blockDim.x * blockDim.y * blockDim.z; }
    __device__ static void sync() { __syncthreads(); }
};
struct shmemi_dev_warp {
    __device__ static unsigned rank() { return shmemi_dev_block::rank() & 31; }
    __device__ static unsigned size() { return 32; }
    __device__ static void sync() { __syncwarp(); }
};

template <class G> __device__ inline void shmemi_dev_group_copy(char *d, const char *s, size_t n)
{
    shmemi_dev_copy_part(d, s, n, G::rank(), G::size());
    G::sync();
}

/* n bytes to (put) or from symmetric memory of pe on another node, through
 * the proxy: the group's threads take a slot's share each in turn, so that
 * a slot per thread is in flight. The caller syncs the group around it. */
template <class G>
__device__ inline void shmemi_dev_group_remote(const char *call, bool put, void *dest,
                                               const void *source, size_t n, int pe)
{
    for (size_t off = (size_t)G::rank() * SHMEMI_PROXY_DATA; off < n;
         off += (size_t)G::size() * SHMEMI_PROXY_DATA) {
        size_t k = n - off < SHMEMI_PROXY_DATA ? n - off : SHMEMI_PROXY_DATA;
        if (put)
            shmemi_dev_remote_put(call, (char *)dest + off, (const char *)source + off, k, pe);
        else
            shmemi_dev_remote_get(call, (char *)dest + off, (const char *)source + off, k, pe);
    }
}

/* This thread's share of the group's n bytes to (put) or from symmetric
 * memory of pe through the window, without waiting for the group (a block
 * collective's barrier does that once for all members); false where pe is
 * on another node. */
template <class G, int DEPTH = 4>
__device__ inline bool shmemi_dev_group_window_part(bool put, void *dest, const void *source,
                                                    size_t n, int pe)
{
    int li = shmemi_dev_slot(pe);
    if (__builtin_expect(li < 0, 0))
        return false;
    shmemi_dev_copy_part<DEPTH>(put ? shmemi_dev_at(dest, li) : (char *)dest,
                                put ? (const char *)source : shmemi_dev_at(source, li), n,
                                G::rank(), G::size());
    return true;
}

/* n bytes to (put) or from symmetric memory of pe, by the group. */
template <class G>
__device__ inline void shmemi_dev_group_rma(const char *call, bool put, void *dest,
                                            const void *source, size_t n, int pe)
{
    if (__builtin_expect(shmemi_dev_group_window_part<G>(put, dest, source, n, pe), 1)) {
        G::sync();
        return;
    }
    G::sync();
    shmemi_dev_group_remote<G>(call, put, dest, source, n, pe);
    G::sync();
}

/* The barrier is run by the group's first thread; the group waits for it. */
template <class G> __device__ inline void shmemi_dev_group_barrier(void)
{
    G::sync();
    if (G::rank() == 0)
        shmemi_dev_barrier();
    G::sync();
}

template <class G>
__device__ inline void shmemi_dev_group_put_signal(const char *call, void *dest,
                                                   const void *source, size_t bytes,
                                                   uint64_t *sig_addr, uint64_t signal,
                                                   int sig_op, int pe)
{
    int li = shmemi_dev_slot(pe);
    if (__builtin_expect(li < 0, 0)) {
        G::sync();
        if (G::rank() == 0)
            shmemi_dev_remote_put_signal(call, dest, source, bytes, sig_addr, signal,
                                         shmemi_dev_signal_amo(sig_op), pe);
        G::sync();
        return;
    }
    shmemi_dev_group_copy<G>(shmemi_dev_at(dest, li), (const char *)source, bytes);
    if (G::rank() == 0) {
        shmemi_dev_fence_acq_rel();
        shmemi_dev_signal(call, sig_addr, signal, sig_op, pe);
    }
    G::sync();
}

#define SHMEMI_DEV_GROUP(G, SUF)                                              \
    __device__ inline void shmemx_putmem_##SUF(void *dest, const void *source, \
                                               size_t n, int pe)              \
    {                                                                         \
        shmemi_dev_group_rma<G>("shmemx_putmem_" #SUF, true, dest, source, n, pe); \
    }                                                                         \
    __device__ inline void shmemx_getmem_##SUF(void *dest, const void *source, \
                                               size_t n, int pe)              \
    {                                                                         \
        shmemi_dev_group_rma<G>("shmemx_getmem_" #SUF, false, dest, source, n, pe); \
    }                                                                         \
    /* The non-blocking forms wait for the group as well, as NVSHMEM's    \
     * do: a quiet by one thread then covers every thread's stores (its    \
     * fence is cumulative over what the barrier made it observe). The     \
     * wait costs bandwidth at 256 KiB and less, and none from 1 MiB on    \
     * (bench/device_copy.cu). */                                           \
    __device__ inline void shmemx_putmem_nbi_##SUF(void *dest, const void *source, \
                                                   size_t n, int pe)          \
    {                                                                         \
        shmemx_putmem_##SUF(dest, source, n, pe);                             \
    }                                                                         \
    __device__ inline void shmemx_getmem_nbi_##SUF(void *dest, const void *source, \
                                                   size_t n, int pe)          \
    {                                                                         \
        shmemx_getmem_##SUF(dest, source, n, pe);                             \
    }                                                                         \
    __device__ inline void shmemx_putmem_signal_##SUF(void *dest, const void *source, \
                                                      size_t n, uint64_t *sig_addr, \
                                                      uint64_t signal, int sig_op, int pe) \
    {                                                                         \
        shmemi_dev_group_put_signal<G>("shmemx_putmem_signal_" #SUF, dest, source, n, \
                                       sig_addr, signal, sig_op, pe);         \
    }                                                                         \
    __device__ inline void shmemx_putmem_signal_nbi_##SUF(void *dest, const void *source, \
                                                          size_t n, uint64_t *sig_addr, \
                                                          uint64_t signal, int sig_op, \
                                                          int pe)             \
    {                                                                         \
        shmemx_putmem_signal_##SUF(dest, source, n, sig_addr, signal, sig_op, pe); \
    }                                                                         \
    __device__ inline void shmemx_barrier_all_##SUF(void) { shmemi_dev_group_barrier<G>(); } \
    __device__ inline void shmemx_sync_all_##SUF(void) { shmemi_dev_group_barrier<G>(); }

SHMEMI_DEV_GROUP(shmemi_dev_block, block)
SHMEMI_DEV_GROUP(shmemi_dev_warp, warp)
#undef SHMEMI_DEV_GROUP

#pragma nv_diagnostic push
#pragma nv_diag_suppress 20208
#define SHMEMI_DEV_GROUP_TYPED(T, N, G, SUF)                                  \
    __device__ inline void shmemx_##N##_put_##SUF(T *dest, const T *source,   \
                                                  size_t n, int pe)           \
    {                                                                         \
        shmemi_dev_check_type<T>("shmemx_" #N "_put_" #SUF);                  \
        shmemi_dev_group_rma<G>("shmemx_" #N "_put_" #SUF, true, dest, source, \
                                n * sizeof(T), pe);                           \
    }                                                                         \
    __device__ inline void shmemx_##N##_get_##SUF(T *dest, const T *source,   \
                                                  size_t n, int pe)           \
    {                                                                         \
        shmemi_dev_check_type<T>("shmemx_" #N "_get_" #SUF);                  \
        shmemi_dev_group_rma<G>("shmemx_" #N "_get_" #SUF, false, dest, source, \
                                n * sizeof(T), pe);                           \
    }                                                                         \
    __device__ inline void shmemx_##N##_put_nbi_##SUF(T *dest, const T *source, \
                                                      size_t n, int pe)       \
    {                                                                         \
        shmemx_##N##_put_##SUF(dest, source, n, pe);                          \
    }                                                                         \
    __device__ inline void shmemx_##N##_get_nbi_##SUF(T *dest, const T *source, \
                                                      size_t n, int pe)       \
    {                                                                         \
        shmemx_##N##_get_##SUF(dest, source, n, pe);                          \
    }                                                                         \
    __device__ inline void shmemx_##N##_put_signal_##SUF(T *dest, const T *source, \
                                                         size_t n, uint64_t *sig_addr, \
                                                         uint64_t signal, int sig_op, \
                                                         int pe)              \
    {                                                                         \
        if (!shmemi_device_type<T>::ok)                                       \
            shmemi_dev_no_type("shmemx_" #N "_put_signal_" #SUF);             \
        shmemi_dev_group_put_signal<G>("shmemx_" #N "_put_signal_" #SUF, dest, \
                                       source, n * sizeof(T), sig_addr,       \
                                       signal, sig_op, pe);                   \
    }
#define SHMEMI_DEV_GROUP_TYPES(T, N)                                          \
    SHMEMI_DEV_GROUP_TYPED(T, N, shmemi_dev_block, block)                     \
    SHMEMI_DEV_GROUP_TYPED(T, N, shmemi_dev_warp, warp)
SHMEMI_RMA_TYPES(SHMEMI_DEV_GROUP_TYPES)
SHMEMI_DEVICE_EXT_TYPES(SHMEMI_DEV_GROUP_TYPES)
#undef SHMEMI_DEV_GROUP_TYPES
#undef SHMEMI_DEV_GROUP_TYPED
#pragma nv_diagnostic pop

#endif
