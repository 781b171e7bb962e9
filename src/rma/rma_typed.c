/* Typed put/get/p/g/iput/iget and their _nbi forms, for every row of the
 * standard RMA type table, with and without a context. Between PEs of a
 * node the non-blocking forms complete at once, which the specification
 * allows. */
#include <shmem.h>

#include "copy.h"
#include "ctx.h"

#define SHMEMI_DEF_RMA(T, N)                                                  \
    void shmem_ctx_##N##_put(shmem_ctx_t ctx, T *dest, const T *source,      \
                             size_t nelems, int pe)                           \
    {                                                                         \
        pe = shmemi_ctx_pe(__func__, ctx, pe);                                \
        shmemi_put_bytes(__func__, ctx, dest, source, nelems * sizeof(T), pe); \
    }                                                                         \
    void shmem_##N##_put(T *dest, const T *source, size_t nelems, int pe)     \
    {                                                                         \
        shmemi_put_bytes(__func__, SHMEM_CTX_DEFAULT, dest, source, nelems * sizeof(T), pe); \
    }                                                                         \
    void shmem_ctx_##N##_put_nbi(shmem_ctx_t ctx, T *dest, const T *source,  \
                                 size_t nelems, int pe)                       \
    {                                                                         \
        pe = shmemi_ctx_pe(__func__, ctx, pe);                                \
        shmemi_put_nbi(__func__, ctx, dest, source, nelems * sizeof(T), pe);  \
    }                                                                         \
    void shmem_##N##_put_nbi(T *dest, const T *source, size_t nelems, int pe) \
    {                                                                         \
        shmemi_put_nbi(__func__, SHMEM_CTX_DEFAULT, dest, source, nelems * sizeof(T), pe); \
    }                                                                         \
    void shmem_ctx_##N##_get(shmem_ctx_t ctx, T *dest, const T *source,      \
                             size_t nelems, int pe)                           \
    {                                                                         \
        pe = shmemi_ctx_pe(__func__, ctx, pe);                                \
        shmemi_get_bytes(__func__, ctx, dest, source, nelems * sizeof(T), pe); \
    }                                                                         \
    void shmem_##N##_get(T *dest, const T *source, size_t nelems, int pe)     \
    {                                                                         \
        shmemi_get_bytes(__func__, SHMEM_CTX_DEFAULT, dest, source, nelems * sizeof(T), pe); \
    }                                                                         \
    void shmem_ctx_##N##_get_nbi(shmem_ctx_t ctx, T *dest, const T *source,  \
                                 size_t nelems, int pe)                       \
    {                                                                         \
        pe = shmemi_ctx_pe(__func__, ctx, pe);                                \
        shmemi_get_nbi(__func__, ctx, dest, source, nelems * sizeof(T), pe);  \
    }                                                                         \
    void shmem_##N##_get_nbi(T *dest, const T *source, size_t nelems, int pe) \
    {                                                                         \
        shmemi_get_nbi(__func__, SHMEM_CTX_DEFAULT, dest, source, nelems * sizeof(T), pe); \
    }                                                                         \
    void shmem_ctx_##N##_iput(shmem_ctx_t ctx, T *dest, const T *source,     \
                              ptrdiff_t dst, ptrdiff_t sst, size_t nelems,    \
                              int pe)                                         \
    {                                                                         \
        pe = shmemi_ctx_pe(__func__, ctx, pe);                                \
        shmemi_iput_elems(__func__, ctx, dest, source, dst, sst, nelems,      \
                          sizeof(T), pe);                                     \
    }                                                                         \
    void shmem_##N##_iput(T *dest, const T *source, ptrdiff_t dst,           \
                          ptrdiff_t sst, size_t nelems, int pe)               \
    {                                                                         \
        shmemi_iput_elems(__func__, SHMEM_CTX_DEFAULT, dest, source, dst, sst, nelems, \
                          sizeof(T), pe);                                     \
    }                                                                         \
    void shmem_ctx_##N##_iget(shmem_ctx_t ctx, T *dest, const T *source,     \
                              ptrdiff_t dst, ptrdiff_t sst, size_t nelems,    \
                              int pe)                                         \
    {                                                                         \
        pe = shmemi_ctx_pe(__func__, ctx, pe);                                \
        shmemi_iget_elems(__func__, ctx, dest, source, dst, sst, nelems,      \
                          sizeof(T), pe);                                     \
    }                                                                         \
    void shmem_##N##_iget(T *dest, const T *source, ptrdiff_t dst,           \
                          ptrdiff_t sst, size_t nelems, int pe)               \
    {                                                                         \
        shmemi_iget_elems(__func__, SHMEM_CTX_DEFAULT, dest, source, dst, sst, nelems, \
                          sizeof(T), pe);                                     \
    }                                                                         \
    void shmem_ctx_##N##_p(shmem_ctx_t ctx, T *dest, T value, int pe)         \
    {                                                                         \
        pe = shmemi_ctx_pe(__func__, ctx, pe);                                \
        shmemi_put_to(__func__, ctx, dest, &value, sizeof(T), pe);            \
    }                                                                         \
    void shmem_##N##_p(T *dest, T value, int pe)                              \
    {                                                                         \
        shmemi_put_to(__func__, SHMEM_CTX_DEFAULT, dest, &value, sizeof(T), pe); \
    }                                                                         \
    T shmem_ctx_##N##_g(shmem_ctx_t ctx, const T *source, int pe)             \
    {                                                                         \
        pe = shmemi_ctx_pe(__func__, ctx, pe);                                \
        T v;                                                                  \
        shmemi_get_from(__func__, ctx, &v, source, sizeof(T), pe);            \
        return v;                                                             \
    }                                                                         \
    T shmem_##N##_g(const T *source, int pe)                                  \
    {                                                                         \
        T v;                                                                  \
        shmemi_get_from(__func__, SHMEM_CTX_DEFAULT, &v, source, sizeof(T), pe); \
        return v;                                                             \
    }
SHMEMI_RMA_TYPES(SHMEMI_DEF_RMA)
