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
                    shmemi_dev_copy((char *)dest,                            \
                                     (const char *)shmemi_dev_typed_peer(     \
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
                    shmemi_dev_strided((char *)dest,                    \
                                       (const char *)shmemi_dev_typed_peer("shmem_" #N "_iget", source, pe), \
                                       dst, sst, n, sizeof(T)));              \
    }
SHMEMI_RMA_TYPES(SHMEMI_DEVICE_RMA)
#undef SHMEMI_DEVICE_RMA

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
