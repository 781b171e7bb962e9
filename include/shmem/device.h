/* The device side of the API, for CUDA sources (included by shmem.h under
 * __CUDACC__). Every routine here is defined inline for host and device:
 * in a kernel it is a load or store into the peer window, computed from a
 * small state structure; on the host it calls the library's pshmem_ twin.
 *
 * No relocatable device code is needed: each translation unit has its own
 * copy of the state (a static __device__ variable), and registers, before
 * main, a function that the library calls to fill that copy at shmem_init
 * and whenever the heap changes. */
#ifndef SHMEM_DEVICE_H
#define SHMEM_DEVICE_H

#include <stddef.h>
#include <stdint.h>

#include <shmem/device_state.h>

static __constant__ struct shmemi_device_state shmemi_dstate;

namespace {
struct shmemi_device_registrar {
    static void update(const struct shmemi_device_state *s)
    {
        cudaMemcpyToSymbol(shmemi_dstate, s, sizeof *s);
    }
    shmemi_device_registrar() { shmemi_device_register(update); }
};
static shmemi_device_registrar shmemi_device_registrar_instance;
} // namespace

#define SHMEMI_HD __host__ __device__ inline

/* long double has no device representation (nvcc computes it as double):
 * its routines exist for host code in CUDA sources, and stop a kernel that
 * calls them instead of moving the wrong bytes. */
#pragma nv_diagnostic push
#pragma nv_diag_suppress 20208
template <class T> struct shmemi_device_type { static const bool ok = true; };
template <> struct shmemi_device_type<long double> { static const bool ok = false; };

/* A call the device cannot serve stops the kernel. With SHMEM_DEVICE_DEBUG
 * defined when the CUDA source is compiled it first prints why; without,
 * the kernel holds no printf call, so a put stays a handful of
 * instructions. */
#if defined(SHMEM_DEVICE_DEBUG)
__device__ __noinline__ void shmemi_dev_fail(const char *call, int pe)
{
    printf("[shmem PE %d] %s (device): PE %d is not reachable by load/store "
           "(the heap must be on the GPU: SHMEM_HEAP=device or pinned)\n",
           shmemi_dstate.my_pe, call, pe);
    __trap();
}

__device__ __noinline__ void shmemi_dev_no_type(const char *call)
{
    printf("[shmem PE %d] %s: long double cannot be moved by device code\n",
           shmemi_dstate.my_pe, call);
    __trap();
}
#else
__device__ inline void shmemi_dev_fail(const char *, int) { __trap(); }
__device__ inline void shmemi_dev_no_type(const char *) { __trap(); }
#endif

__device__ inline char *shmemi_dev_peer(const char *call, const void *p, int pe)
{
    int li = (unsigned)pe < (unsigned)shmemi_dstate.n_pes ? shmemi_dstate.local_index[pe] : -1;
    if (li < 0 || !shmemi_dstate.ready)
        shmemi_dev_fail(call, pe);
    return (char *)p + (long long)(li - shmemi_dstate.my_local) * (long long)shmemi_dstate.stride;
}

/* Copies n bytes with the widest stores both ends' alignment allows. */
__device__ inline void shmemi_dev_copy(char *d, const char *s, size_t n)
{
    if ((((uintptr_t)d | (uintptr_t)s) & 15) == 0) {
        size_t v = n / 16;
        for (size_t i = 0; i < v; i++)
            ((int4 *)d)[i] = ((const int4 *)s)[i];
        d += v * 16, s += v * 16, n -= v * 16;
    }
    for (size_t i = 0; i < n; i++)
        d[i] = s[i];
}

__device__ inline void shmemi_dev_strided(char *d, const char *s, ptrdiff_t dst,
                                          ptrdiff_t sst, size_t n, size_t elem)
{
    for (size_t i = 0; i < n; i++)
        shmemi_dev_copy(d + i * dst * elem, s + i * sst * elem, elem);
}

/* A routine defined for both sides: device_body in kernels, the pshmem_ twin
 * (with the same arguments) on the host. */
#if defined(__CUDA_ARCH__)
#define SHMEMI_BOTH(host_call, device_body) device_body
#else
#define SHMEMI_BOTH(host_call, device_body) host_call
#endif

SHMEMI_HD int shmem_my_pe(void) { SHMEMI_BOTH(return pshmem_my_pe(), return shmemi_dstate.my_pe); }
SHMEMI_HD int shmem_n_pes(void) { SHMEMI_BOTH(return pshmem_n_pes(), return shmemi_dstate.n_pes); }

SHMEMI_HD void *shmem_ptr(const void *dest, int pe)
{
    SHMEMI_BOTH(return pshmem_ptr(dest, pe),
                int li = (unsigned)pe < (unsigned)shmemi_dstate.n_pes
                             ? shmemi_dstate.local_index[pe] : -1;
                if (li < 0) return (void *)0;
                return shmemi_dev_peer("shmem_ptr", dest, pe));
}

/* An acquire-release fence at system scope: enough to order stores before
 * a later flag store, or loads after a flag that was seen, and cheaper
 * than the sequentially consistent __threadfence_system() (measured: the
 * one-way shmem_p latency drops by about 5%). */
__device__ inline void shmemi_dev_fence_acq_rel(void) { asm volatile("fence.acq_rel.sys;" ::: "memory"); }

/* Puts become visible in order (fence) and complete (quiet) with a
 * system-scope fence: the stores went straight to the peer's memory. */
SHMEMI_HD void shmem_fence(void) { SHMEMI_BOTH(pshmem_fence(), shmemi_dev_fence_acq_rel()); }
SHMEMI_HD void shmem_quiet(void) { SHMEMI_BOTH(pshmem_quiet(), __threadfence_system()); }

SHMEMI_HD void shmem_putmem(void *dest, const void *source, size_t n, int pe)
{
    SHMEMI_BOTH(pshmem_putmem(dest, source, n, pe),
                shmemi_dev_copy(shmemi_dev_peer("shmem_putmem", dest, pe),
                                (const char *)source, n));
}
SHMEMI_HD void shmem_getmem(void *dest, const void *source, size_t n, int pe)
{
    SHMEMI_BOTH(pshmem_getmem(dest, source, n, pe),
                shmemi_dev_copy((char *)dest, shmemi_dev_peer("shmem_getmem", source, pe), n));
}
SHMEMI_HD void shmem_putmem_nbi(void *dest, const void *source, size_t n, int pe)
{
    SHMEMI_BOTH(pshmem_putmem_nbi(dest, source, n, pe), shmem_putmem(dest, source, n, pe));
}
SHMEMI_HD void shmem_getmem_nbi(void *dest, const void *source, size_t n, int pe)
{
    SHMEMI_BOTH(pshmem_getmem_nbi(dest, source, n, pe), shmem_getmem(dest, source, n, pe));
}

/* The peer address for a typed routine, refusing types the device lacks. */
template <class T>
__device__ inline T *shmemi_dev_typed_peer(const char *call, const T *p, int pe)
{
    if (!shmemi_device_type<T>::ok)
        shmemi_dev_no_type(call);
    return (T *)shmemi_dev_peer(call, p, pe);
}

#define SHMEMI_DEVICE_RMA(T, N)                                               \
    SHMEMI_HD void shmem_##N##_p(T *dest, T value, int pe)                    \
    {                                                                         \
        SHMEMI_BOTH(pshmem_##N##_p(dest, value, pe),                          \
                    *(volatile T *)shmemi_dev_typed_peer("shmem_" #N "_p", dest, pe) = value); \
    }                                                                         \
    SHMEMI_HD T shmem_##N##_g(const T *source, int pe)                        \
    {                                                                         \
        SHMEMI_BOTH(return pshmem_##N##_g(source, pe),                        \
                    return *(volatile T *)shmemi_dev_typed_peer("shmem_" #N "_g", source, pe)); \
    }                                                                         \
    SHMEMI_HD void shmem_##N##_put(T *dest, const T *source, size_t n, int pe) \
    {                                                                         \
        SHMEMI_BOTH(pshmem_##N##_put(dest, source, n, pe),                    \
                    shmemi_dev_copy((char *)shmemi_dev_typed_peer(            \
                                        "shmem_" #N "_put", dest, pe),        \
                                    (const char *)source, n * sizeof(T)));    \
    }                                                                         \
    SHMEMI_HD void shmem_##N##_get(T *dest, const T *source, size_t n, int pe) \
    {                                                                         \
        SHMEMI_BOTH(pshmem_##N##_get(dest, source, n, pe),                    \
                    shmemi_dev_copy((char *)dest,                             \
                                    (const char *)shmemi_dev_typed_peer(      \
                                        "shmem_" #N "_get", source, pe),      \
                                    n * sizeof(T)));                          \
    }                                                                         \
    SHMEMI_HD void shmem_##N##_put_nbi(T *dest, const T *source, size_t n, int pe) \
    {                                                                         \
        SHMEMI_BOTH(pshmem_##N##_put_nbi(dest, source, n, pe),                \
                    shmem_##N##_put(dest, source, n, pe));                    \
    }                                                                         \
    SHMEMI_HD void shmem_##N##_get_nbi(T *dest, const T *source, size_t n, int pe) \
    {                                                                         \
        SHMEMI_BOTH(pshmem_##N##_get_nbi(dest, source, n, pe),                \
                    shmem_##N##_get(dest, source, n, pe));                    \
    }                                                                         \
    SHMEMI_HD void shmem_##N##_iput(T *dest, const T *source, ptrdiff_t dst,  \
                                    ptrdiff_t sst, size_t n, int pe)          \
    {                                                                         \
        SHMEMI_BOTH(pshmem_##N##_iput(dest, source, dst, sst, n, pe),         \
                    shmemi_dev_strided((char *)shmemi_dev_typed_peer("shmem_" #N "_iput", dest, pe), \
                                       (const char *)source, dst, sst, n, sizeof(T))); \
    }                                                                         \
    SHMEMI_HD void shmem_##N##_iget(T *dest, const T *source, ptrdiff_t dst,  \
                                    ptrdiff_t sst, size_t n, int pe)          \
    {                                                                         \
        SHMEMI_BOTH(pshmem_##N##_iget(dest, source, dst, sst, n, pe),         \
                    shmemi_dev_strided((char *)dest,                          \
                                       (const char *)shmemi_dev_typed_peer("shmem_" #N "_iget", source, pe), \
                                       dst, sst, n, sizeof(T)));              \
    }
SHMEMI_RMA_TYPES(SHMEMI_DEVICE_RMA)
#undef SHMEMI_DEVICE_RMA
#pragma nv_diagnostic pop

/* wait_until/test: relaxed system-scope loads (volatile), then an
 * acquire-release fence once the condition holds, so that data put before
 * the update that satisfied it is visible. */

#define SHMEMI_DEVICE_P2P(T, N)                                               \
    SHMEMI_HD int shmem_##N##_test(T *ivar, int cmp, T value)                 \
    {                                                                         \
        SHMEMI_BOTH(return pshmem_##N##_test(ivar, cmp, value),               \
                    int ok = SHMEMI_CMP_HOLDS(*(volatile T *)ivar, cmp, value); \
                    if (ok) shmemi_dev_fence_acq_rel();                       \
                    return ok);                                               \
    }                                                                         \
    SHMEMI_HD void shmem_##N##_wait_until(T *ivar, int cmp, T value)          \
    {                                                                         \
        SHMEMI_BOTH(pshmem_##N##_wait_until(ivar, cmp, value),                \
                    while (!SHMEMI_CMP_HOLDS(*(volatile T *)ivar, cmp, value)); \
                    shmemi_dev_fence_acq_rel());                              \
    }
SHMEMI_P2P_TYPES(SHMEMI_DEVICE_P2P)
#undef SHMEMI_DEVICE_P2P

/* The device barrier over all PEs: a dissemination barrier on flags in
 * the symmetric heap, one thread doing the stores and waits. The epoch
 * lives in GPU memory so that successive kernels (and graph replays)
 * continue the sequence. */
__device__ inline void shmemi_dev_barrier(void)
{
    const struct shmemi_device_state *s = &shmemi_dstate;
    shmemi_dev_fence_acq_rel();
    unsigned long long e = ++*s->barrier_epoch;
    for (int r = 0, d = 1; d < s->n_pes; r++, d <<= 1) {
        unsigned long long *mine = s->barrier_flags + r * 16;
        int to = (s->my_pe + d) % s->n_pes;
        *(volatile unsigned long long *)shmemi_dev_peer("shmem_barrier_all", mine, to) = e;
        while (*(volatile unsigned long long *)mine < e)
            ;
    }
    shmemi_dev_fence_acq_rel();
}

SHMEMI_HD void shmem_barrier_all(void) { SHMEMI_BOTH(pshmem_barrier_all(), shmemi_dev_barrier()); }
SHMEMI_HD void shmem_sync_all(void) { SHMEMI_BOTH(pshmem_sync_all(), shmemi_dev_barrier()); }

/* Block-cooperative forms: every thread of the block calls them. */
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
