/* Device RMA: put and get are stores and loads into the peer window. */
#ifndef SHMEM_DEVICE_RMA_H
#define SHMEM_DEVICE_RMA_H

#pragma nv_diagnostic push
#pragma nv_diag_suppress 20208
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

#endif
