/* The state kernels read (one copy per CUDA translation unit, so no
 * relocatable device code is needed), the peer address of a symmetric
 * address, and how a kernel stops on a call it cannot serve. */
#ifndef SHMEM_DEVICE_CORE_H
#define SHMEM_DEVICE_CORE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <shmem/api.h>
#include <shmem/internal/device_state.h>

/* Types kernels move besides the specification's RMA table (extensions,
 * named shmemx_half_put and so on). */
#define SHMEMI_DEVICE_EXT_TYPES(X)                                            \
    X(__half, half)                                                           \
    X(__nv_bfloat16, bfloat16)

#if defined(SHMEMI_DEVICE_MODULE)
/* The library's own kernels, loaded through the driver: the library finds
 * this copy by its name and fills it itself. */
extern "C" {
__constant__ struct shmemi_device_state shmemi_dstate;
}
#else
static __constant__ struct shmemi_device_state shmemi_dstate;

namespace {
struct shmemi_device_registrar {
    static void update(const struct shmemi_device_state *s)
    {
        cudaMemcpyToSymbol(shmemi_dstate, s, sizeof *s);
    }
    shmemi_device_registrar()
    {
        shmemi_device_register_abi(SHMEMI_DEVICE_ABI_VERSION, sizeof(struct shmemi_device_state),
                                   update);
    }
};
static shmemi_device_registrar shmemi_device_registrar_instance;
} // namespace
#endif

#pragma nv_diagnostic push
#pragma nv_diag_suppress 20208
#define SHMEMI_HD __host__ __device__ inline

/* long double has no device representation (nvcc computes it as double):
 * its routines exist for host code in CUDA sources, and stop a kernel that
 * calls them instead of moving the wrong bytes. */
template <class T> struct shmemi_device_type { static const bool ok = true; };
template <> struct shmemi_device_type<long double> { static const bool ok = false; };
#pragma nv_diagnostic pop

/* Stops the kernel, first recording why for the host to print (see struct
 * shmemi_dev_report: a printf here would cost every process that loads
 * this module 64 MiB of GPU memory). The first thread of the module to stop
 * writes the record; the others wait until it is written, since the first
 * trap ends the whole grid. */
static __device__ unsigned shmemi_dev_stopping; /* 1: being written, 2: written */

static __device__ __noinline__ void shmemi_dev_stop(int stop, const char *call, int pe)
{
    struct shmemi_dev_report *r = shmemi_dstate.report;
    if (r && atomicCAS(&shmemi_dev_stopping, 0u, 1u) == 0u) {
        int i = 0;
        for (; call && call[i] && i < (int)sizeof r->call - 1; i++)
            r->call[i] = call[i];
        r->call[i] = '\0';
        r->pe = pe;
        __threadfence_system();
        *(volatile int *)&r->stop = stop;
        __threadfence_system();
        atomicExch(&shmemi_dev_stopping, 2u);
    } else if (r) {
        for (unsigned n = 0; n < (1u << 24) && *(volatile unsigned *)&shmemi_dev_stopping != 2u; n++)
            ;
    }
    __trap();
}

/* A call the device cannot serve stops the kernel. With SHMEM_DEVICE_DEBUG
 * defined when the CUDA source is compiled it first records why; without,
 * the call is a bare trap, so a put stays a handful of instructions. */
#if defined(SHMEM_DEVICE_DEBUG)
__device__ __noinline__ void shmemi_dev_fail(const char *call, int pe)
{
    shmemi_dev_stop(SHMEMI_STOP_UNREACHABLE, call, pe);
}
__device__ __noinline__ void shmemi_dev_no_type(const char *call)
{
    shmemi_dev_stop(SHMEMI_STOP_NO_TYPE, call, -1);
}
__device__ __noinline__ void shmemi_dev_no_atomics(const char *call)
{
    shmemi_dev_stop(SHMEMI_STOP_NO_ATOMICS, call, -1);
}
__device__ __noinline__ void shmemi_dev_aborted(void)
{
    shmemi_dev_stop(SHMEMI_STOP_ABORTED, NULL, -1);
}
#else
__device__ inline void shmemi_dev_aborted(void) { __trap(); }
__device__ inline void shmemi_dev_no_atomics(const char *) { __trap(); }
__device__ inline void shmemi_dev_fail(const char *, int) { __trap(); }
__device__ inline void shmemi_dev_no_type(const char *) { __trap(); }
#endif

/* One turn of a device spin loop: every 1024 turns it reads the abort flag
 * (host memory, so not on every turn), and stops the kernel when the job
 * is ending. */
__device__ inline void shmemi_dev_spin(unsigned *spins)
{
    if ((++*spins & 1023) == 0 && shmemi_dstate.abort_flag && *shmemi_dstate.abort_flag)
        shmemi_dev_aborted();
}

/* The window slot of pe, or -1 when pe is not on this node (or is out of
 * range, or the state is not filled: then n_local and n_pes are 0). The
 * RMA, AMO and signal routines branch on it once: a slot is the load/store
 * path, -1 the proxy's (shmem/device/proxy.h). */
__device__ inline int shmemi_dev_slot(int pe)
{
    int li = pe - shmemi_dstate.local_base;
    if (shmemi_dstate.local_base < 0 || (unsigned)li >= (unsigned)shmemi_dstate.n_local)
        li = (unsigned)pe < (unsigned)shmemi_dstate.n_pes ? shmemi_dstate.local_index[pe] : -1;
    return li;
}

/* Symmetric address p as it is in window slot li. */
__device__ inline char *shmemi_dev_at(const void *p, int li)
{
    return (char *)p + (long long)(li - shmemi_dstate.my_local) * (long long)shmemi_dstate.stride;
}

__device__ inline char *shmemi_dev_peer(const char *call, const void *p, int pe)
{
    int li = shmemi_dev_slot(pe);
    if (li < 0 || !shmemi_dstate.ready)
        shmemi_dev_fail(call, pe);
    return shmemi_dev_at(p, li);
}

/* A routine defined for both sides: device_body in kernels, the library's
 * routine (shmemi_host_X, the symbol shmem_X) with the same arguments on
 * the host. */
#if defined(__CUDA_ARCH__)
#define SHMEMI_BOTH(host_call, device_body) device_body
#else
#define SHMEMI_BOTH(host_call, device_body) host_call
#endif

SHMEMI_HD int shmem_my_pe(void) { SHMEMI_BOTH(return shmemi_host_my_pe(), return shmemi_dstate.my_pe); }
SHMEMI_HD int shmem_n_pes(void) { SHMEMI_BOTH(return shmemi_host_n_pes(), return shmemi_dstate.n_pes); }

SHMEMI_HD void *shmem_ptr(const void *dest, int pe)
{
    SHMEMI_BOTH(return shmemi_host_ptr(dest, pe),
                int li = (unsigned)pe < (unsigned)shmemi_dstate.n_pes
                             ? shmemi_dstate.local_index[pe] : -1;
                if (li < 0) return (void *)0;
                return shmemi_dev_peer("shmem_ptr", dest, pe));
}

#endif
