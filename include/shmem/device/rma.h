/* Device RMA: put and get are stores and loads into the peer window. */
#ifndef SHMEM_DEVICE_RMA_H
#define SHMEM_DEVICE_RMA_H

#pragma nv_diagnostic push
#pragma nv_diag_suppress 20208
/* Thread t of nt copies its share of n bytes, with the widest accesses
 * both ends' alignment allows (16 bytes: the NVLink ceiling is reached
 * with 16-byte stores). */
__device__ inline void shmemi_dev_copy_part(char *d, const char *s, size_t n, unsigned t,
                                            unsigned nt)
{
    size_t done = 0;
    if ((((uintptr_t)d | (uintptr_t)s) & 15) == 0) {
        /* Four loads in flight before their stores: a get waits a round
         * trip over NVLink for each load, and the compiler cannot hoist
         * loads above stores that may alias them. */
        const int4 *s4 = (const int4 *)s;
        int4 *d4 = (int4 *)d;
        size_t v = n / 16, i = t;
        for (; i + 3 * (size_t)nt < v; i += 4 * (size_t)nt) {
            int4 a = s4[i];
            int4 b = s4[i + nt];
            int4 c = s4[i + 2 * (size_t)nt];
            int4 e = s4[i + 3 * (size_t)nt];
            d4[i] = a;
            d4[i + nt] = b;
            d4[i + 2 * (size_t)nt] = c;
            d4[i + 3 * (size_t)nt] = e;
        }
        for (; i < v; i += nt)
            d4[i] = s4[i];
        done = v * 16;
    } else if ((((uintptr_t)d | (uintptr_t)s) & 7) == 0) {
        size_t v = n / 8;
        for (size_t i = t; i < v; i += nt)
            ((unsigned long long *)d)[i] = ((const unsigned long long *)s)[i];
        done = v * 8;
    }
    for (size_t i = done + t; i < n; i += nt)
        d[i] = s[i];
}

__device__ inline void shmemi_dev_copy(char *d, const char *s, size_t n)
{
    shmemi_dev_copy_part(d, s, n, 0, 1);
}

__device__ inline void shmemi_dev_strided(char *d, const char *s, ptrdiff_t dst,
                                          ptrdiff_t sst, size_t n, size_t elem)
{
    for (size_t i = 0; i < n; i++)
        shmemi_dev_copy_part(d + i * dst * elem, s + i * sst * elem, elem, 0, 1);
}

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
    typename shmemi_dev_bits<T>::type b;
    memcpy(&b, &value, sizeof b);
    *(volatile typename shmemi_dev_bits<T>::type *)shmemi_dev_typed_peer(call, dest, pe) = b;
}

template <class T> __device__ inline T shmemi_dev_g(const char *call, const T *source, int pe)
{
    typename shmemi_dev_bits<T>::type b =
        *(volatile typename shmemi_dev_bits<T>::type *)shmemi_dev_typed_peer(call, source, pe);
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
    shmemi_dev_copy((char *)shmemi_dev_typed_peer(call, dest, pe), (const char *)source,
                    n * sizeof(T));
}

template <class T>
__device__ inline void shmemi_dev_get(const char *call, T *dest, const T *source, size_t n, int pe)
{
    shmemi_dev_copy((char *)dest, (const char *)shmemi_dev_typed_peer(call, source, pe),
                    n * sizeof(T));
}

template <class T>
__device__ inline void shmemi_dev_iput(const char *call, T *dest, const T *source, ptrdiff_t dst,
                                       ptrdiff_t sst, size_t n, int pe)
{
    shmemi_dev_strided((char *)shmemi_dev_typed_peer(call, dest, pe), (const char *)source, dst,
                       sst, n, sizeof(T));
}

template <class T>
__device__ inline void shmemi_dev_iget(const char *call, T *dest, const T *source, ptrdiff_t dst,
                                       ptrdiff_t sst, size_t n, int pe)
{
    shmemi_dev_strided((char *)dest, (const char *)shmemi_dev_typed_peer(call, source, pe), dst,
                       sst, n, sizeof(T));
}

/* The typed routines of one table row: PFX is the name's prefix (shmem for
 * the specification's types, shmemx for the device extensions), HD and
 * BOTH say whether host code has the routine too. */
#define SHMEMI_DEV_RMA_ROW(T, N, PFX, HD, BOTH)                               \
    HD void PFX##_##N##_p(T *dest, T value, int pe)                           \
    {                                                                         \
        BOTH(pshmem_##N##_p(dest, value, pe),                                 \
             shmemi_dev_p(#PFX "_" #N "_p", dest, value, pe));                \
    }                                                                         \
    HD T PFX##_##N##_g(const T *source, int pe)                               \
    {                                                                         \
        BOTH(return pshmem_##N##_g(source, pe),                               \
             return shmemi_dev_g(#PFX "_" #N "_g", source, pe));              \
    }                                                                         \
    HD void PFX##_##N##_put(T *dest, const T *source, size_t n, int pe)       \
    {                                                                         \
        BOTH(pshmem_##N##_put(dest, source, n, pe),                           \
             shmemi_dev_put(#PFX "_" #N "_put", dest, source, n, pe));        \
    }                                                                         \
    HD void PFX##_##N##_get(T *dest, const T *source, size_t n, int pe)       \
    {                                                                         \
        BOTH(pshmem_##N##_get(dest, source, n, pe),                           \
             shmemi_dev_get(#PFX "_" #N "_get", dest, source, n, pe));        \
    }                                                                         \
    HD void PFX##_##N##_put_nbi(T *dest, const T *source, size_t n, int pe)   \
    {                                                                         \
        BOTH(pshmem_##N##_put_nbi(dest, source, n, pe),                       \
             shmemi_dev_put(#PFX "_" #N "_put_nbi", dest, source, n, pe));    \
    }                                                                         \
    HD void PFX##_##N##_get_nbi(T *dest, const T *source, size_t n, int pe)   \
    {                                                                         \
        BOTH(pshmem_##N##_get_nbi(dest, source, n, pe),                       \
             shmemi_dev_get(#PFX "_" #N "_get_nbi", dest, source, n, pe));    \
    }                                                                         \
    HD void PFX##_##N##_iput(T *dest, const T *source, ptrdiff_t dst,         \
                             ptrdiff_t sst, size_t n, int pe)                 \
    {                                                                         \
        BOTH(pshmem_##N##_iput(dest, source, dst, sst, n, pe),                \
             shmemi_dev_iput(#PFX "_" #N "_iput", dest, source, dst, sst, n, pe)); \
    }                                                                         \
    HD void PFX##_##N##_iget(T *dest, const T *source, ptrdiff_t dst,         \
                             ptrdiff_t sst, size_t n, int pe)                 \
    {                                                                         \
        BOTH(pshmem_##N##_iget(dest, source, dst, sst, n, pe),                \
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
        SHMEMI_BOTH(pshmem_put##B(dest, source, n, pe),                       \
                    shmemi_dev_copy(shmemi_dev_peer("shmem_put" #B, dest, pe), \
                                    (const char *)source, n * (B / 8)));      \
    }                                                                         \
    SHMEMI_HD void shmem_get##B(void *dest, const void *source, size_t n, int pe) \
    {                                                                         \
        SHMEMI_BOTH(pshmem_get##B(dest, source, n, pe),                       \
                    shmemi_dev_copy((char *)dest,                            \
                                     shmemi_dev_peer("shmem_get" #B, source, pe), \
                                    n * (B / 8)));                            \
    }                                                                         \
    SHMEMI_HD void shmem_put##B##_nbi(void *dest, const void *source, size_t n, int pe) \
    {                                                                         \
        SHMEMI_BOTH(pshmem_put##B##_nbi(dest, source, n, pe),                 \
                    shmem_put##B(dest, source, n, pe));                       \
    }                                                                         \
    SHMEMI_HD void shmem_get##B##_nbi(void *dest, const void *source, size_t n, int pe) \
    {                                                                         \
        SHMEMI_BOTH(pshmem_get##B##_nbi(dest, source, n, pe),                 \
                    shmem_get##B(dest, source, n, pe));                       \
    }                                                                         \
    SHMEMI_HD void shmem_iput##B(void *dest, const void *source, ptrdiff_t dst, \
                                 ptrdiff_t sst, size_t n, int pe)             \
    {                                                                         \
        SHMEMI_BOTH(pshmem_iput##B(dest, source, dst, sst, n, pe),            \
                    shmemi_dev_strided(shmemi_dev_peer("shmem_iput" #B, dest, pe), \
                                       (const char *)source, dst, sst, n, B / 8)); \
    }                                                                         \
    SHMEMI_HD void shmem_iget##B(void *dest, const void *source, ptrdiff_t dst, \
                                 ptrdiff_t sst, size_t n, int pe)             \
    {                                                                         \
        SHMEMI_BOTH(pshmem_iget##B(dest, source, dst, sst, n, pe),            \
                    shmemi_dev_strided((char *)dest,                    \
                                       shmemi_dev_peer("shmem_iget" #B, source, pe), \
                                       dst, sst, n, B / 8));                  \
    }
SHMEMI_SIZES(SHMEMI_DEVICE_SIZED)
#undef SHMEMI_DEVICE_SIZED

#pragma nv_diagnostic pop

#endif
