/* Device AMOs: system-scope atomics on the peer's word through the window,
 * so they are atomic with respect to those of every GPU and CPU that maps
 * the heap; on a PE of another node, a request to the proxy, which has UCX
 * perform it. Every AMO type is a 4- or 8-byte word; the operation works on
 * its bits (two's complement makes add the same for signed types). */
#ifndef SHMEM_DEVICE_AMO_H
#define SHMEM_DEVICE_AMO_H

#include <string.h>

#include <shmem/amo_decl.h>
#include <shmem/types.h>
#include <shmem/internal/proxy_ring.h>
#include <shmem/device/core.h>
#include <shmem/device/proxy.h>

enum shmemi_dev_amo_op {
    SHMEMI_DEV_FETCH,
    SHMEMI_DEV_SET,
    SHMEMI_DEV_SWAP,
    SHMEMI_DEV_CSWAP,
    SHMEMI_DEV_ADD,
    SHMEMI_DEV_AND,
    SHMEMI_DEV_OR,
    SHMEMI_DEV_XOR,
};
/* The proxy's requests carry these codes as they are. */
#define SHMEMI_DEV_SAME_AMO(X) static_assert((int)SHMEMI_DEV_##X == (int)SHMEMI_PROXY_AMO_##X, #X);
SHMEMI_DEV_SAME_AMO(FETCH)
SHMEMI_DEV_SAME_AMO(SET)
SHMEMI_DEV_SAME_AMO(SWAP)
SHMEMI_DEV_SAME_AMO(CSWAP)
SHMEMI_DEV_SAME_AMO(ADD)
SHMEMI_DEV_SAME_AMO(AND)
SHMEMI_DEV_SAME_AMO(OR)
SHMEMI_DEV_SAME_AMO(XOR)
#undef SHMEMI_DEV_SAME_AMO

template <int Size> struct shmemi_dev_word;
template <> struct shmemi_dev_word<4> { typedef unsigned int type; };
template <> struct shmemi_dev_word<8> { typedef unsigned long long type; };

/* With a constant op the switch folds to the one atomic instruction. */
template <class W>
__device__ inline W shmemi_dev_atomic(enum shmemi_dev_amo_op op, W *p, W v, W cond)
{
    switch (op) {
    case SHMEMI_DEV_FETCH: return *(volatile W *)p;
    case SHMEMI_DEV_SET: atomicExch_system(p, v); return 0;
    case SHMEMI_DEV_SWAP: return atomicExch_system(p, v);
    case SHMEMI_DEV_CSWAP: return atomicCAS_system(p, cond, v);
    case SHMEMI_DEV_ADD: return atomicAdd_system(p, v);
    case SHMEMI_DEV_AND: return atomicAnd_system(p, v);
    case SHMEMI_DEV_OR: return atomicOr_system(p, v);
    case SHMEMI_DEV_XOR: return atomicXor_system(p, v);
    }
    return 0;
}

/* op on the T at symmetric address dest of pe; returns the old value
 * (fetch false: the caller drops it, so a request to the proxy need not
 * wait for it). Where the heap's atomics would not be atomic (a pinned heap
 * on a host without PCIe atomics: measured, concurrent adds from two GPUs
 * lose about half their updates), the kernel stops instead; the proxy's
 * AMOs are UCX's, which that does not concern. */
template <class T>
__device__ inline T shmemi_dev_amo(const char *call, enum shmemi_dev_amo_op op,
                                   const T *dest, T value, T cond, int pe, bool fetch = true)
{
    typedef typename shmemi_dev_word<sizeof(T)>::type W;
    W v, c, old;
    memcpy(&v, &value, sizeof v);
    memcpy(&c, &cond, sizeof c);
    int li = shmemi_dev_slot(pe);
    if (__builtin_expect(li >= 0, 1)) {
        if (op != SHMEMI_DEV_FETCH && !shmemi_dstate.atomics)
            shmemi_dev_no_atomics(call);
        old = shmemi_dev_atomic<W>(op, (W *)shmemi_dev_at(dest, li), v, c);
    } else {
        old = (W)shmemi_dev_remote_amo(call, op, dest, sizeof(W), v, c, pe,
                                       fetch && op != SHMEMI_DEV_SET);
    }
    T r;
    memcpy(&r, &old, sizeof r);
    return r;
}

#define SHMEMI_DEV_AMO(T, N, OP, DOP, RET, VALUE, COND, ...)                  \
    SHMEMI_HD T shmem_##N##_atomic_##OP(__VA_ARGS__, int pe)                  \
    {                                                                         \
        SHMEMI_BOTH(return shmemi_host_##N##_atomic_##OP(SHMEMI_DEV_ARGS_##OP, pe), \
                    RET shmemi_dev_amo<T>("shmem_" #N "_atomic_" #OP, DOP,    \
                                          dest, VALUE, COND, pe));            \
    }
/* The forms without a result return void. */
#define SHMEMI_DEV_AMO_VOID(T, N, OP, DOP, VALUE, ...)                        \
    SHMEMI_HD void shmem_##N##_atomic_##OP(__VA_ARGS__, int pe)               \
    {                                                                         \
        SHMEMI_BOTH(shmemi_host_##N##_atomic_##OP(SHMEMI_DEV_ARGS_##OP, pe),  \
                    shmemi_dev_amo<T>("shmem_" #N "_atomic_" #OP, DOP, dest,  \
                                      VALUE, (T)0, pe, false));               \
    }
/* The non-blocking fetching forms complete at once and store the result. */
#define SHMEMI_DEV_AMO_NBI(T, N, OP, DOP, VALUE, COND, ...)                   \
    SHMEMI_HD void shmem_##N##_atomic_##OP##_nbi(T *fetch, __VA_ARGS__, int pe) \
    {                                                                         \
        SHMEMI_BOTH(shmemi_host_##N##_atomic_##OP##_nbi(fetch, SHMEMI_DEV_ARGS_##OP, pe), \
                    *fetch = shmemi_dev_amo<T>("shmem_" #N "_atomic_" #OP "_nbi", \
                                               DOP, dest, VALUE, COND, pe));  \
    }

#define SHMEMI_DEV_ARGS_compare_swap dest, cond, value
#define SHMEMI_DEV_ARGS_fetch_inc dest
#define SHMEMI_DEV_ARGS_inc dest
#define SHMEMI_DEV_ARGS_fetch_add dest, value
#define SHMEMI_DEV_ARGS_add dest, value
#define SHMEMI_DEV_ARGS_fetch source
#define SHMEMI_DEV_ARGS_set dest, value
#define SHMEMI_DEV_ARGS_swap dest, value
#define SHMEMI_DEV_ARGS_fetch_and dest, value
#define SHMEMI_DEV_ARGS_and dest, value
#define SHMEMI_DEV_ARGS_fetch_or dest, value
#define SHMEMI_DEV_ARGS_or dest, value
#define SHMEMI_DEV_ARGS_fetch_xor dest, value
#define SHMEMI_DEV_ARGS_xor dest, value

#define SHMEMI_DEV_AMO_STANDARD(T, N)                                         \
    SHMEMI_DEV_AMO(T, N, compare_swap, SHMEMI_DEV_CSWAP, return, value, cond, \
                   T *dest, T cond, T value)                                  \
    SHMEMI_DEV_AMO(T, N, fetch_inc, SHMEMI_DEV_ADD, return, (T)1, (T)0, T *dest) \
    SHMEMI_DEV_AMO_VOID(T, N, inc, SHMEMI_DEV_ADD, (T)1, T *dest)             \
    SHMEMI_DEV_AMO(T, N, fetch_add, SHMEMI_DEV_ADD, return, value, (T)0,      \
                   T *dest, T value)                                          \
    SHMEMI_DEV_AMO_VOID(T, N, add, SHMEMI_DEV_ADD, value, T *dest, T value)   \
    SHMEMI_DEV_AMO_NBI(T, N, compare_swap, SHMEMI_DEV_CSWAP, value, cond,     \
                       T *dest, T cond, T value)                              \
    SHMEMI_DEV_AMO_NBI(T, N, fetch_inc, SHMEMI_DEV_ADD, (T)1, (T)0, T *dest)  \
    SHMEMI_DEV_AMO_NBI(T, N, fetch_add, SHMEMI_DEV_ADD, value, (T)0,          \
                       T *dest, T value)
SHMEMI_AMO_STANDARD_TYPES(SHMEMI_DEV_AMO_STANDARD)
#undef SHMEMI_DEV_AMO_STANDARD

#define SHMEMI_DEV_AMO_EXTENDED(T, N)                                         \
    SHMEMI_HD T shmem_##N##_atomic_fetch(const T *source, int pe)             \
    {                                                                         \
        SHMEMI_BOTH(return shmemi_host_##N##_atomic_fetch(source, pe),        \
                    return shmemi_dev_amo<T>("shmem_" #N "_atomic_fetch",     \
                                             SHMEMI_DEV_FETCH, source, (T)0,  \
                                             (T)0, pe));                      \
    }                                                                         \
    SHMEMI_HD void shmem_##N##_atomic_fetch_nbi(T *fetch, const T *source, int pe) \
    {                                                                         \
        SHMEMI_BOTH(shmemi_host_##N##_atomic_fetch_nbi(fetch, source, pe),    \
                    *fetch = shmem_##N##_atomic_fetch(source, pe));           \
    }                                                                         \
    SHMEMI_DEV_AMO_VOID(T, N, set, SHMEMI_DEV_SET, value, T *dest, T value)   \
    SHMEMI_DEV_AMO(T, N, swap, SHMEMI_DEV_SWAP, return, value, (T)0,          \
                   T *dest, T value)                                          \
    SHMEMI_DEV_AMO_NBI(T, N, swap, SHMEMI_DEV_SWAP, value, (T)0, T *dest, T value)
SHMEMI_AMO_EXTENDED_TYPES(SHMEMI_DEV_AMO_EXTENDED)
#undef SHMEMI_DEV_AMO_EXTENDED

#define SHMEMI_DEV_AMO_BITWISE(T, N)                                          \
    SHMEMI_DEV_AMO(T, N, fetch_and, SHMEMI_DEV_AND, return, value, (T)0,      \
                   T *dest, T value)                                          \
    SHMEMI_DEV_AMO_VOID(T, N, and, SHMEMI_DEV_AND, value, T *dest, T value)   \
    SHMEMI_DEV_AMO(T, N, fetch_or, SHMEMI_DEV_OR, return, value, (T)0,        \
                   T *dest, T value)                                          \
    SHMEMI_DEV_AMO_VOID(T, N, or, SHMEMI_DEV_OR, value, T *dest, T value)     \
    SHMEMI_DEV_AMO(T, N, fetch_xor, SHMEMI_DEV_XOR, return, value, (T)0,      \
                   T *dest, T value)                                          \
    SHMEMI_DEV_AMO_VOID(T, N, xor, SHMEMI_DEV_XOR, value, T *dest, T value)   \
    SHMEMI_DEV_AMO_NBI(T, N, fetch_and, SHMEMI_DEV_AND, value, (T)0,          \
                       T *dest, T value)                                      \
    SHMEMI_DEV_AMO_NBI(T, N, fetch_or, SHMEMI_DEV_OR, value, (T)0,            \
                       T *dest, T value)                                      \
    SHMEMI_DEV_AMO_NBI(T, N, fetch_xor, SHMEMI_DEV_XOR, value, (T)0,          \
                       T *dest, T value)
SHMEMI_AMO_BITWISE_TYPES(SHMEMI_DEV_AMO_BITWISE)
#undef SHMEMI_DEV_AMO_BITWISE

#undef SHMEMI_DEV_AMO
#undef SHMEMI_DEV_AMO_VOID
#undef SHMEMI_DEV_AMO_NBI

#endif
