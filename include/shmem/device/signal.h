/* Device signals: the data is stored into the peer window, a system-scope
 * release fence orders it before the signal, and the signal is a
 * system-scope atomic on the peer's word, so a waiter that sees the signal
 * (with acquire) sees the data. To a PE of another node the whole
 * put-with-signal is requests to the proxy, whose last one has it fence
 * between the data and the signal's AMO. */
#ifndef SHMEM_DEVICE_SIGNAL_H
#define SHMEM_DEVICE_SIGNAL_H

#include <stddef.h>
#include <stdint.h>

#include <shmem/signal_decl.h>
#include <shmem/types.h>
#include <shmem/internal/proxy_ring.h>
#include <shmem/device/core.h>
#include <shmem/device/copy.h>
#include <shmem/device/p2p.h>
#include <shmem/device/proxy.h>
#include <shmem/device/rma.h>
#include <shmem/device/sync.h>

/* The proxy's AMO for sig_op (anything but an add sets, as on the node). */
__device__ inline int shmemi_dev_signal_amo(int sig_op)
{
    return sig_op == SHMEM_SIGNAL_ADD ? SHMEMI_PROXY_AMO_ADD : SHMEMI_PROXY_AMO_SET;
}

__device__ inline void shmemi_dev_signal(const char *call, uint64_t *sig_addr,
                                         uint64_t signal, int sig_op, int pe)
{
    int li = shmemi_dev_slot(pe);
    if (__builtin_expect(li < 0, 0)) {
        shmemi_dev_remote_amo(call, shmemi_dev_signal_amo(sig_op), sig_addr, sizeof *sig_addr,
                              signal, 0, pe, false);
        return;
    }
    unsigned long long *p = (unsigned long long *)shmemi_dev_at(sig_addr, li);
    if (sig_op == SHMEM_SIGNAL_ADD) {
        if (!shmemi_dstate.atomics)
            shmemi_dev_no_atomics(call);
        atomicAdd_system(p, (unsigned long long)signal);
    } else {
        *(volatile unsigned long long *)p = signal;
    }
}

/* The element of put128_signal. */
struct shmemi_dev_bytes16 {
    char b[16];
};

/* n elements of type T (which the device must be able to move). */
template <class T>
__device__ inline void shmemi_dev_put_signal(const char *call, void *dest,
                                             const void *source, size_t n,
                                             uint64_t *sig_addr, uint64_t signal,
                                             int sig_op, int pe)
{
    shmemi_dev_check_type<T>(call);
    int li = shmemi_dev_slot(pe);
    if (__builtin_expect(li < 0, 0)) {
        shmemi_dev_remote_put_signal(call, dest, source, n * sizeof(T), sig_addr, signal,
                                     shmemi_dev_signal_amo(sig_op), pe);
        return;
    }
    shmemi_dev_copy(shmemi_dev_at(dest, li), (const char *)source, n * sizeof(T));
    shmemi_dev_fence_acq_rel();
    shmemi_dev_signal(call, sig_addr, signal, sig_op, pe);
}

#define SHMEMI_DEV_SIGNAL_PARAMS uint64_t *sig_addr, uint64_t signal, int sig_op, int pe
#define SHMEMI_DEV_SIGNAL_ARGS sig_addr, signal, sig_op, pe

/* NAME##_signal and NAME##_signal_nbi moving n elements of type ET. */
#define SHMEMI_DEV_PUT_SIGNAL(NAME, DT, ST, ET)                               \
    SHMEMI_HD void shmem_##NAME##_signal(DT *dest, const ST *source, size_t n, \
                                         SHMEMI_DEV_SIGNAL_PARAMS)            \
    {                                                                         \
        SHMEMI_BOTH(shmemi_host_##NAME##_signal(dest, source, n, SHMEMI_DEV_SIGNAL_ARGS), \
                    shmemi_dev_put_signal<ET>("shmem_" #NAME "_signal", dest, \
                                              source, n,                      \
                                          SHMEMI_DEV_SIGNAL_ARGS));           \
    }                                                                         \
    SHMEMI_HD void shmem_##NAME##_signal_nbi(DT *dest, const ST *source,      \
                                             size_t n,                        \
                                             SHMEMI_DEV_SIGNAL_PARAMS)        \
    {                                                                         \
        SHMEMI_BOTH(shmemi_host_##NAME##_signal_nbi(dest, source, n,          \
                                               SHMEMI_DEV_SIGNAL_ARGS),       \
                    shmemi_dev_put_signal<ET>("shmem_" #NAME "_signal_nbi",   \
                                              dest, source, n,                \
                                          SHMEMI_DEV_SIGNAL_ARGS));           \
    }
#pragma nv_diagnostic push
#pragma nv_diag_suppress 20208
#define SHMEMI_DEV_PUT_SIGNAL_TYPED(T, N) SHMEMI_DEV_PUT_SIGNAL(N##_put, T, T, T)
SHMEMI_RMA_TYPES(SHMEMI_DEV_PUT_SIGNAL_TYPED)
#pragma nv_diagnostic pop
#define SHMEMI_DEV_PUT_SIGNAL_SIZED(B) SHMEMI_DEV_PUT_SIGNAL(put##B, void, void, uint##B##_t)
SHMEMI_DEV_PUT_SIGNAL_SIZED(8)
SHMEMI_DEV_PUT_SIGNAL_SIZED(16)
SHMEMI_DEV_PUT_SIGNAL_SIZED(32)
SHMEMI_DEV_PUT_SIGNAL_SIZED(64)
SHMEMI_DEV_PUT_SIGNAL(put128, void, void, shmemi_dev_bytes16)
SHMEMI_DEV_PUT_SIGNAL(putmem, void, void, char)
#undef SHMEMI_DEV_PUT_SIGNAL_SIZED
#undef SHMEMI_DEV_PUT_SIGNAL_TYPED
#undef SHMEMI_DEV_PUT_SIGNAL

SHMEMI_HD uint64_t shmem_signal_fetch(const uint64_t *sig_addr)
{
    SHMEMI_BOTH(return shmemi_host_signal_fetch(sig_addr),
                uint64_t v = *(const volatile uint64_t *)sig_addr;
                shmemi_dev_fence_acq_rel();
                return v);
}

SHMEMI_HD uint64_t shmem_signal_wait_until(uint64_t *sig_addr, int cmp, uint64_t cmp_value)
{
    SHMEMI_BOTH(return shmemi_host_signal_wait_until(sig_addr, cmp, cmp_value),
                return shmemi_dev_wait_value(sig_addr, cmp, cmp_value));
}

SHMEMI_HD void shmem_signal_add(uint64_t *sig_addr, uint64_t signal, int pe)
{
    SHMEMI_BOTH(shmemi_host_signal_add(sig_addr, signal, pe),
                shmemi_dev_signal("shmem_signal_add", sig_addr, signal,
                                  SHMEM_SIGNAL_ADD, pe));
}

SHMEMI_HD void shmem_signal_set(uint64_t *sig_addr, uint64_t signal, int pe)
{
    SHMEMI_BOTH(shmemi_host_signal_set(sig_addr, signal, pe),
                shmemi_dev_signal("shmem_signal_set", sig_addr, signal,
                                  SHMEM_SIGNAL_SET, pe));
}

#undef SHMEMI_DEV_SIGNAL_ARGS
#undef SHMEMI_DEV_SIGNAL_PARAMS

#endif
