/* Blocked strided put and get (OpenSHMEM 1.6 shmem_ibput/shmem_ibget), for
 * every row of the standard RMA type table and every size, with and without
 * a context. The blocks are the rows of one 2-D copy. */
#include <stdint.h>

#include <shmem.h>

#include "copy.h"
#include "ctx.h"

/* Bytes from the first element of the first block to the last element of
 * the last one. A stride below bsize would overlap blocks: on the written
 * side the result would depend on the copy order, and the copy engine's
 * 2-D copy refuses a pitch narrower than a row on either side. */
static size_t blocked_extent(const char *call, const char *name, ptrdiff_t stride,
                             size_t bsize, size_t nblocks, size_t elem)
{
    if (stride <= 0 || (size_t)stride < bsize)
        shmemi_fatal(call, "%s is %td but blocks are %zu elements long: consecutive "
                     "blocks would overlap; pass a stride of at least bsize",
                     name, stride, bsize);
    if (bsize > SIZE_MAX / elem || (size_t)stride > SIZE_MAX / elem ||
        nblocks - 1 > (SIZE_MAX - bsize * elem) / ((size_t)stride * elem))
        shmemi_fatal(call, "%zu blocks of %zu elements at stride %s = %td overflow "
                     "the address space", nblocks, bsize, name, stride);
    return (nblocks - 1) * (size_t)stride * elem + bsize * elem;
}

static inline void shmemi_ibput_elems(const char *call, shmem_ctx_t ctx, void *dest,
                                      const void *src, ptrdiff_t dst, ptrdiff_t sst,
                                      size_t bsize, size_t nblocks, size_t elem, int pe)
{
    if (bsize == 0 || nblocks == 0)
        return;
    size_t ext = blocked_extent(call, "dst", dst, bsize, nblocks, elem);
    shmemi_rma_check_local(call, src, blocked_extent(call, "sst", sst, bsize, nblocks, elem));
    shmemi_put_rows(call, ctx, dest, (size_t)dst * elem, src, (size_t)sst * elem, bsize * elem,
                    nblocks, ext, pe);
}

static inline void shmemi_ibget_elems(const char *call, shmem_ctx_t ctx, void *dest,
                                      const void *src, ptrdiff_t dst, ptrdiff_t sst,
                                      size_t bsize, size_t nblocks, size_t elem, int pe)
{
    if (bsize == 0 || nblocks == 0)
        return;
    size_t ext = blocked_extent(call, "sst", sst, bsize, nblocks, elem);
    shmemi_rma_check_local(call, dest, blocked_extent(call, "dst", dst, bsize, nblocks, elem));
    shmemi_get_rows(call, ctx, dest, (size_t)dst * elem, src, (size_t)sst * elem, bsize * elem,
                    nblocks, ext, pe);
}

/* NAME is the routine's name after shmem_ / shmem_ctx_, KIND ibput or
 * ibget, T the element type (void for the sized forms) and E its size. */
#define SHMEMI_DEF_BLOCKED(NAME, KIND, T, E)                                  \
    void shmem_##NAME(T *dest, const T *source, ptrdiff_t dst, ptrdiff_t sst, \
                      size_t bsize, size_t nblocks, int pe)                   \
    {                                                                         \
        shmemi_##KIND##_elems(__func__, SHMEM_CTX_DEFAULT, dest, source, dst, \
                              sst, bsize, nblocks, E, pe);                    \
    }                                                                         \
    void shmem_ctx_##NAME(shmem_ctx_t ctx, T *dest, const T *source,          \
                          ptrdiff_t dst, ptrdiff_t sst, size_t bsize,         \
                          size_t nblocks, int pe)                             \
    {                                                                         \
        pe = shmemi_ctx_pe(__func__, ctx, pe);                                \
        shmemi_##KIND##_elems(__func__, ctx, dest, source, dst, sst, bsize,   \
                              nblocks, E, pe);                                \
    }

#define SHMEMI_DEF_BLOCKED_TYPED(T, N)                                        \
    SHMEMI_DEF_BLOCKED(N##_ibput, ibput, T, sizeof(T))                        \
    SHMEMI_DEF_BLOCKED(N##_ibget, ibget, T, sizeof(T))
SHMEMI_RMA_TYPES(SHMEMI_DEF_BLOCKED_TYPED)

#define SHMEMI_DEF_BLOCKED_SIZED(B)                                           \
    SHMEMI_DEF_BLOCKED(ibput##B, ibput, void, B / 8)                          \
    SHMEMI_DEF_BLOCKED(ibget##B, ibget, void, B / 8)
SHMEMI_SIZES(SHMEMI_DEF_BLOCKED_SIZED)
