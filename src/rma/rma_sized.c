/* putN/getN/iputN/igetN (N bits per element) and putmem/getmem. */
#include <shmem.h>

#include "copy.h"
#include "ctx.h"

#define SHMEMI_DEF_SIZED(B)                                                   \
    void shmem_ctx_put##B(shmem_ctx_t ctx, void *dest, const void *source,   \
                          size_t nelems, int pe)                              \
    {                                                                         \
        pe = shmemi_ctx_pe(__func__, ctx, pe);                                \
        shmemi_put_bytes(__func__, ctx, dest, source, nelems * (B / 8), pe);  \
    }                                                                         \
    void shmem_put##B(void *dest, const void *source, size_t nelems, int pe)  \
    {                                                                         \
        shmemi_put_bytes(__func__, SHMEM_CTX_DEFAULT, dest, source, nelems * (B / 8), pe); \
    }                                                                         \
    void shmem_ctx_put##B##_nbi(shmem_ctx_t ctx, void *dest,                 \
                                const void *source, size_t nelems, int pe)    \
    {                                                                         \
        pe = shmemi_ctx_pe(__func__, ctx, pe);                                \
        shmemi_put_nbi(__func__, ctx, dest, source, nelems * (B / 8), pe);    \
    }                                                                         \
    void shmem_put##B##_nbi(void *dest, const void *source, size_t nelems,    \
                            int pe)                                           \
    {                                                                         \
        shmemi_put_nbi(__func__, SHMEM_CTX_DEFAULT, dest, source, nelems * (B / 8), pe); \
    }                                                                         \
    void shmem_ctx_get##B(shmem_ctx_t ctx, void *dest, const void *source,   \
                          size_t nelems, int pe)                              \
    {                                                                         \
        pe = shmemi_ctx_pe(__func__, ctx, pe);                                \
        shmemi_get_bytes(__func__, ctx, dest, source, nelems * (B / 8), pe);  \
    }                                                                         \
    void shmem_get##B(void *dest, const void *source, size_t nelems, int pe)  \
    {                                                                         \
        shmemi_get_bytes(__func__, SHMEM_CTX_DEFAULT, dest, source, nelems * (B / 8), pe); \
    }                                                                         \
    void shmem_ctx_get##B##_nbi(shmem_ctx_t ctx, void *dest,                 \
                                const void *source, size_t nelems, int pe)    \
    {                                                                         \
        pe = shmemi_ctx_pe(__func__, ctx, pe);                                \
        shmemi_get_nbi(__func__, ctx, dest, source, nelems * (B / 8), pe);    \
    }                                                                         \
    void shmem_get##B##_nbi(void *dest, const void *source, size_t nelems,    \
                            int pe)                                           \
    {                                                                         \
        shmemi_get_nbi(__func__, SHMEM_CTX_DEFAULT, dest, source, nelems * (B / 8), pe); \
    }                                                                         \
    void shmem_ctx_iput##B(shmem_ctx_t ctx, void *dest, const void *source,  \
                           ptrdiff_t dst, ptrdiff_t sst, size_t nelems,       \
                           int pe)                                            \
    {                                                                         \
        pe = shmemi_ctx_pe(__func__, ctx, pe);                                \
        shmemi_iput_elems(__func__, ctx, dest, source, dst, sst, nelems, B / 8, \
                          pe);                                                \
    }                                                                         \
    void shmem_iput##B(void *dest, const void *source, ptrdiff_t dst,         \
                       ptrdiff_t sst, size_t nelems, int pe)                  \
    {                                                                         \
        shmemi_iput_elems(__func__, SHMEM_CTX_DEFAULT, dest, source, dst, sst, nelems, B / 8, \
                          pe);                                                \
    }                                                                         \
    void shmem_ctx_iget##B(shmem_ctx_t ctx, void *dest, const void *source,  \
                           ptrdiff_t dst, ptrdiff_t sst, size_t nelems,       \
                           int pe)                                            \
    {                                                                         \
        pe = shmemi_ctx_pe(__func__, ctx, pe);                                \
        shmemi_iget_elems(__func__, ctx, dest, source, dst, sst, nelems, B / 8, \
                          pe);                                                \
    }                                                                         \
    void shmem_iget##B(void *dest, const void *source, ptrdiff_t dst,         \
                       ptrdiff_t sst, size_t nelems, int pe)                  \
    {                                                                         \
        shmemi_iget_elems(__func__, SHMEM_CTX_DEFAULT, dest, source, dst, sst, nelems, B / 8, \
                          pe);                                                \
    }
SHMEMI_SIZES(SHMEMI_DEF_SIZED)

/* putmem and getmem are the 8-bit routines under another name. */
#define SHMEMI_DEF_MEM(OP, KIND)                                              \
    void shmem_ctx_##OP(shmem_ctx_t ctx, void *dest, const void *source,     \
                        size_t nelems, int pe)                                \
    {                                                                         \
        pe = shmemi_ctx_pe(__func__, ctx, pe);                                \
        shmemi_##KIND(__func__, ctx, dest, source, nelems, pe);               \
    }                                                                         \
    void shmem_##OP(void *dest, const void *source, size_t nelems, int pe)    \
    {                                                                         \
        shmemi_##KIND(__func__, SHMEM_CTX_DEFAULT, dest, source, nelems, pe); \
    }
SHMEMI_DEF_MEM(putmem, put_bytes)
SHMEMI_DEF_MEM(putmem_nbi, put_nbi)
SHMEMI_DEF_MEM(getmem, get_bytes)
SHMEMI_DEF_MEM(getmem_nbi, get_nbi)
