/* Device RMA: put and get are stores and loads into the peer window for
 * PEs of this node, requests to the proxy for the others (proxy.h). */
#ifndef SHMEM_DEVICE_RMA_H
#define SHMEM_DEVICE_RMA_H

#include <stddef.h>
#include <string.h>

#include <shmem/api.h>
#include <shmem/types.h>
#include <shmem/device/core.h>
#include <shmem/device/copy.h>
#include <shmem/device/proxy.h>

#pragma nv_diagnostic push
#pragma nv_diag_suppress 20208
/* n bytes between local memory and symmetric memory of pe, wherever pe is:
 * the copy loop through the window on this node, the proxy beyond. */
__device__ __forceinline__ void shmemi_dev_put_bytes(const char *call, void *dest,
                                                     const void *source, size_t n, int pe)
{
    int li = shmemi_dev_slot(pe);
    if (__builtin_expect(li >= 0, 1))
        shmemi_dev_copy(shmemi_dev_at(dest, li), (const char *)source, n);
    else
        shmemi_dev_remote_put(call, dest, source, n, pe);
}

__device__ __forceinline__ void shmemi_dev_get_bytes(const char *call, void *dest,
                                                     const void *source, size_t n, int pe)
{
    int li = shmemi_dev_slot(pe);
    if (__builtin_expect(li >= 0, 1))
        shmemi_dev_copy((char *)dest, shmemi_dev_at(source, li), n);
    else
        shmemi_dev_remote_get(call, dest, source, n, pe);
}

/* n elements of elem bytes, dst and sst elements apart; put when the
 * destination is pe's, else get. Off the node each element is a request. */
__device__ inline void shmemi_dev_strided(const char *call, bool put, char *d, const char *s,
                                          ptrdiff_t dst, ptrdiff_t sst, size_t n, size_t elem,
                                          int pe)
{
    int li = shmemi_dev_slot(pe);
    if (__builtin_expect(li >= 0, 1)) {
        if (put)
            d = shmemi_dev_at(d, li);
        else
            s = shmemi_dev_at(s, li);
        for (size_t i = 0; i < n; i++)
            shmemi_dev_copy_part(d + i * dst * elem, s + i * sst * elem, elem, 0, 1);
        return;
    }
    for (size_t i = 0; i < n; i++)
        if (put)
            shmemi_dev_remote_put(call, d + i * dst * elem, s + i * sst * elem, elem, pe);
        else
            shmemi_dev_remote_get(call, d + i * dst * elem, s + i * sst * elem, elem, pe);
}

SHMEMI_HD void shmem_putmem(void *dest, const void *source, size_t n, int pe)
{
    SHMEMI_BOTH(shmemi_host_putmem(dest, source, n, pe),
                shmemi_dev_put_bytes("shmem_putmem", dest, source, n, pe));
}
SHMEMI_HD void shmem_getmem(void *dest, const void *source, size_t n, int pe)
{
    SHMEMI_BOTH(shmemi_host_getmem(dest, source, n, pe),
                shmemi_dev_get_bytes("shmem_getmem", dest, source, n, pe));
}
SHMEMI_HD void shmem_putmem_nbi(void *dest, const void *source, size_t n, int pe)
{
    SHMEMI_BOTH(shmemi_host_putmem_nbi(dest, source, n, pe), shmem_putmem(dest, source, n, pe));
}
SHMEMI_HD void shmem_getmem_nbi(void *dest, const void *source, size_t n, int pe)
{
    SHMEMI_BOTH(shmemi_host_getmem_nbi(dest, source, n, pe), shmem_getmem(dest, source, n, pe));
}

/* A typed routine first refuses types the device lacks. */
template <class T> __device__ inline void shmemi_dev_check_type(const char *call)
{
    if (!shmemi_device_type<T>::ok)
        shmemi_dev_no_type(call);
}

/* One element as a single access of its own width, through its bits: the
 * 16-bit float types have no volatile assignment of their own. */
template <class T> struct shmemi_dev_bits {
    typedef typename shmemi_dev_bits<char[sizeof(T)]>::type type;
};
template <> struct shmemi_dev_bits<char[1]> { typedef unsigned char type; };
template <> struct shmemi_dev_bits<char[2]> { typedef unsigned short type; };
template <> struct shmemi_dev_bits<char[4]> { typedef unsigned int type; };
template <> struct shmemi_dev_bits<char[8]> { typedef unsigned long long type; };

template <class T> __device__ inline void shmemi_dev_p(const char *call, T *dest, T value, int pe)
{
    shmemi_dev_check_type<T>(call);
    typename shmemi_dev_bits<T>::type b;
    memcpy(&b, &value, sizeof b);
    int li = shmemi_dev_slot(pe);
    if (__builtin_expect(li >= 0, 1)) {
        *(volatile typename shmemi_dev_bits<T>::type *)shmemi_dev_at(dest, li) = b;
    } else {
        /* A copy for the proxy to read: taking b's own address would keep
         * it in local memory on the store path too. */
        typename shmemi_dev_bits<T>::type bits = b;
        shmemi_dev_remote_put(call, dest, &bits, sizeof bits, pe);
    }
}

template <class T> __device__ inline T shmemi_dev_g(const char *call, const T *source, int pe)
{
    shmemi_dev_check_type<T>(call);
    typename shmemi_dev_bits<T>::type b;
    int li = shmemi_dev_slot(pe);
    if (__builtin_expect(li >= 0, 1)) {
        b = *(volatile typename shmemi_dev_bits<T>::type *)shmemi_dev_at(source, li);
    } else {
        typename shmemi_dev_bits<T>::type bits;
        shmemi_dev_remote_get(call, &bits, source, sizeof bits, pe);
        b = bits;
    }
    T v;
    memcpy(&v, &b, sizeof v);
    return v;
}

/* long double has no device form (see shmemi_device_type). */
__device__ inline void shmemi_dev_p(const char *call, long double *, long double, int)
{
    shmemi_dev_no_type(call);
}
__device__ inline long double shmemi_dev_g(const char *call, const long double *, int)
{
    shmemi_dev_no_type(call);
    return 0;
}

template <class T>
__device__ inline void shmemi_dev_put(const char *call, T *dest, const T *source, size_t n, int pe)
{
    shmemi_dev_check_type<T>(call);
    shmemi_dev_put_bytes(call, dest, source, n * sizeof(T), pe);
}

template <class T>
__device__ inline void shmemi_dev_get(const char *call, T *dest, const T *source, size_t n, int pe)
{
    shmemi_dev_check_type<T>(call);
    shmemi_dev_get_bytes(call, dest, source, n * sizeof(T), pe);
}

template <class T>
__device__ inline void shmemi_dev_iput(const char *call, T *dest, const T *source, ptrdiff_t dst,
                                       ptrdiff_t sst, size_t n, int pe)
{
    shmemi_dev_check_type<T>(call);
    shmemi_dev_strided(call, true, (char *)dest, (const char *)source, dst, sst, n, sizeof(T),
                       pe);
}

template <class T>
__device__ inline void shmemi_dev_iget(const char *call, T *dest, const T *source, ptrdiff_t dst,
                                       ptrdiff_t sst, size_t n, int pe)
{
    shmemi_dev_check_type<T>(call);
    shmemi_dev_strided(call, false, (char *)dest, (const char *)source, dst, sst, n, sizeof(T),
                       pe);
}

/* The typed routines of one table row: PFX is the name's prefix (shmem for
 * the specification's types, shmemx for the device extensions), HD and
 * BOTH say whether host code has the routine too. */
#define SHMEMI_DEV_RMA_ROW(T, N, PFX, HD, BOTH)                               \
    HD void PFX##_##N##_p(T *dest, T value, int pe)                           \
    {                                                                         \
        BOTH(shmemi_host_##N##_p(dest, value, pe),                            \
             shmemi_dev_p(#PFX "_" #N "_p", dest, value, pe));                \
    }                                                                         \
    HD T PFX##_##N##_g(const T *source, int pe)                               \
    {                                                                         \
        BOTH(return shmemi_host_##N##_g(source, pe),                          \
             return shmemi_dev_g(#PFX "_" #N "_g", source, pe));              \
    }                                                                         \
    HD void PFX##_##N##_put(T *dest, const T *source, size_t n, int pe)       \
    {                                                                         \
        BOTH(shmemi_host_##N##_put(dest, source, n, pe),                      \
             shmemi_dev_put(#PFX "_" #N "_put", dest, source, n, pe));        \
    }                                                                         \
    HD void PFX##_##N##_get(T *dest, const T *source, size_t n, int pe)       \
    {                                                                         \
        BOTH(shmemi_host_##N##_get(dest, source, n, pe),                      \
             shmemi_dev_get(#PFX "_" #N "_get", dest, source, n, pe));        \
    }                                                                         \
    HD void PFX##_##N##_put_nbi(T *dest, const T *source, size_t n, int pe)   \
    {                                                                         \
        BOTH(shmemi_host_##N##_put_nbi(dest, source, n, pe),                  \
             shmemi_dev_put(#PFX "_" #N "_put_nbi", dest, source, n, pe));    \
    }                                                                         \
    HD void PFX##_##N##_get_nbi(T *dest, const T *source, size_t n, int pe)   \
    {                                                                         \
        BOTH(shmemi_host_##N##_get_nbi(dest, source, n, pe),                  \
             shmemi_dev_get(#PFX "_" #N "_get_nbi", dest, source, n, pe));    \
    }                                                                         \
    HD void PFX##_##N##_iput(T *dest, const T *source, ptrdiff_t dst,         \
                             ptrdiff_t sst, size_t n, int pe)                 \
    {                                                                         \
        BOTH(shmemi_host_##N##_iput(dest, source, dst, sst, n, pe),           \
             shmemi_dev_iput(#PFX "_" #N "_iput", dest, source, dst, sst, n, pe)); \
    }                                                                         \
    HD void PFX##_##N##_iget(T *dest, const T *source, ptrdiff_t dst,         \
                             ptrdiff_t sst, size_t n, int pe)                 \
    {                                                                         \
        BOTH(shmemi_host_##N##_iget(dest, source, dst, sst, n, pe),           \
             shmemi_dev_iget(#PFX "_" #N "_iget", dest, source, dst, sst, n, pe)); \
    }
#define SHMEMI_DEV_DEVICE_ONLY(host, device) device
#define SHMEMI_DEVICE_RMA(T, N) SHMEMI_DEV_RMA_ROW(T, N, shmem, SHMEMI_HD, SHMEMI_BOTH)
#define SHMEMI_DEVICE_EXT_RMA(T, N)                                           \
    SHMEMI_DEV_RMA_ROW(T, N, shmemx, __device__ inline, SHMEMI_DEV_DEVICE_ONLY)
SHMEMI_RMA_TYPES(SHMEMI_DEVICE_RMA)
SHMEMI_DEVICE_EXT_TYPES(SHMEMI_DEVICE_EXT_RMA)
#undef SHMEMI_DEVICE_RMA
#undef SHMEMI_DEVICE_EXT_RMA

/* Sized RMA: elements of B bits. */
#define SHMEMI_DEVICE_SIZED(B)                                                \
    SHMEMI_HD void shmem_put##B(void *dest, const void *source, size_t n, int pe) \
    {                                                                         \
        SHMEMI_BOTH(shmemi_host_put##B(dest, source, n, pe),                  \
                    shmemi_dev_put_bytes("shmem_put" #B, dest, source, n * (B / 8), pe)); \
    }                                                                         \
    SHMEMI_HD void shmem_get##B(void *dest, const void *source, size_t n, int pe) \
    {                                                                         \
        SHMEMI_BOTH(shmemi_host_get##B(dest, source, n, pe),                  \
                    shmemi_dev_get_bytes("shmem_get" #B, dest, source, n * (B / 8), pe)); \
    }                                                                         \
    SHMEMI_HD void shmem_put##B##_nbi(void *dest, const void *source, size_t n, int pe) \
    {                                                                         \
        SHMEMI_BOTH(shmemi_host_put##B##_nbi(dest, source, n, pe),            \
                    shmem_put##B(dest, source, n, pe));                       \
    }                                                                         \
    SHMEMI_HD void shmem_get##B##_nbi(void *dest, const void *source, size_t n, int pe) \
    {                                                                         \
        SHMEMI_BOTH(shmemi_host_get##B##_nbi(dest, source, n, pe),            \
                    shmem_get##B(dest, source, n, pe));                       \
    }                                                                         \
    SHMEMI_HD void shmem_iput##B(void *dest, const void *source, ptrdiff_t dst, \
                                 ptrdiff_t sst, size_t n, int pe)             \
    {                                                                         \
        SHMEMI_BOTH(shmemi_host_iput##B(dest, source, dst, sst, n, pe),       \
                    shmemi_dev_strided("shmem_iput" #B, true, (char *)dest,   \
                                       (const char *)source, dst, sst, n, B / 8, pe)); \
    }                                                                         \
    SHMEMI_HD void shmem_iget##B(void *dest, const void *source, ptrdiff_t dst, \
                                 ptrdiff_t sst, size_t n, int pe)             \
    {                                                                         \
        SHMEMI_BOTH(shmemi_host_iget##B(dest, source, dst, sst, n, pe),       \
                    shmemi_dev_strided("shmem_iget" #B, false, (char *)dest,  \
                                       (const char *)source, dst, sst, n, B / 8, pe)); \
    }
SHMEMI_SIZES(SHMEMI_DEVICE_SIZED)
#undef SHMEMI_DEVICE_SIZED

#pragma nv_diagnostic pop

#endif
