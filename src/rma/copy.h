/* The copies behind every put and get, parameterised by element size so
 * that the typed, sized and mem routines share one implementation; each is
 * inlined with a constant element size. */
#ifndef SHMEMI_COPY_H
#define SHMEMI_COPY_H

#include "ctx.h"
#include "rma.h"

/* How a put completes. LANDED: on return (a collective's, which signals
 * its members after it). LOCAL: its source may be reused on return, the
 * data lands by the next quiet (the API's blocking put: a device heap
 * stages small ones, shmemi_heap_put). NBI: the caller leaves the source
 * alone until the next quiet, by which it lands. On a host heap a copy
 * lands at once, which all three allow. */
enum shmemi_put_kind { SHMEMI_PUT_LANDED, SHMEMI_PUT_LOCAL, SHMEMI_PUT_NBI };

/* The copy itself: into the peer window, or through the transport, whose
 * non-blocking form quiet completes. */
static inline void shmemi_put_xfer(const char *call, shmem_ctx_t ctx, void *dest, const void *src,
                                   size_t len, int pe, enum shmemi_put_kind kind)
{
    char *t = shmemi_rma_target(call, dest, len, pe);
    if (__builtin_expect(!t, 0))
        (kind == SHMEMI_PUT_NBI ? shmemi_remote->put_nbi : shmemi_remote->put)(
            call, shmemi_ctx_remote(call, ctx), dest, src, len, pe);
    else if (kind == SHMEMI_PUT_LANDED)
        shmemi_heap_copy(t, src, len);
    else if (kind == SHMEMI_PUT_LOCAL)
        shmemi_heap_put(t, src, len);
    else
        shmemi_heap_put_nbi(t, src, len);
}

static inline void shmemi_get_xfer(const char *call, shmem_ctx_t ctx, void *dest, const void *src,
                                   size_t len, int pe, int nbi)
{
    const char *s = shmemi_rma_target(call, src, len, pe);
    if (__builtin_expect(!s, 0))
        (nbi ? shmemi_remote->get_nbi : shmemi_remote->get)(call, shmemi_ctx_remote(call, ctx),
                                                            dest, src, len, pe);
    else if (nbi)
        shmemi_heap_get_nbi(dest, s, len);
    else
        shmemi_heap_copy(dest, s, len);
}

static inline void shmemi_put_to(const char *call, shmem_ctx_t ctx, void *dest, const void *src,
                                 size_t len, int pe)
{
    shmemi_put_xfer(call, ctx, dest, src, len, pe, SHMEMI_PUT_LOCAL);
}

static inline void shmemi_get_from(const char *call, shmem_ctx_t ctx, void *dest, const void *src,
                                   size_t len, int pe)
{
    shmemi_get_xfer(call, ctx, dest, src, len, pe, 0);
}

/* put/get (nbi 0) and put_nbi/get_nbi (nbi 1) of len bytes, checked. */
static inline void shmemi_put_checked(const char *call, shmem_ctx_t ctx, void *dest,
                                      const void *src, size_t len, int pe, int nbi)
{
    if (len == 0)
        return;
    shmemi_rma_check_local(call, src, len);
    shmemi_put_xfer(call, ctx, dest, src, len, pe, nbi ? SHMEMI_PUT_NBI : SHMEMI_PUT_LOCAL);
}

static inline void shmemi_get_checked(const char *call, shmem_ctx_t ctx, void *dest,
                                      const void *src, size_t len, int pe, int nbi)
{
    if (len == 0)
        return;
    shmemi_rma_check_local(call, dest, len);
    shmemi_get_xfer(call, ctx, dest, src, len, pe, nbi);
}

static inline void shmemi_put_bytes(const char *call, shmem_ctx_t ctx, void *dest, const void *src,
                                    size_t len, int pe)
{
    shmemi_put_checked(call, ctx, dest, src, len, pe, 0);
}

static inline void shmemi_get_bytes(const char *call, shmem_ctx_t ctx, void *dest, const void *src,
                                    size_t len, int pe)
{
    shmemi_get_checked(call, ctx, dest, src, len, pe, 0);
}

static inline void shmemi_put_nbi(const char *call, shmem_ctx_t ctx, void *dest, const void *src,
                                  size_t len, int pe)
{
    shmemi_put_checked(call, ctx, dest, src, len, pe, 1);
}

static inline void shmemi_get_nbi(const char *call, shmem_ctx_t ctx, void *dest, const void *src,
                                  size_t len, int pe)
{
    shmemi_get_checked(call, ctx, dest, src, len, pe, 1);
}

/* n rows of width bytes, dpitch and spitch bytes apart: every strided
 * transfer is this 2-D copy (rows of one element for iput/iget, of one
 * block for ibput/ibget), by the copy engine when the CPU cannot reach the
 * heap. */
static inline void shmemi_copy_rows(char *d, size_t dpitch, const char *s, size_t spitch,
                                    size_t width, size_t n)
{
    if (dpitch == width && spitch == width) {
        shmemi_heap_copy(d, s, width * n);
        return;
    }
    if (__builtin_expect(shmemi_heap.host_access, 1)) {
        for (size_t i = 0; i < n; i++)
            memcpy(d + i * dpitch, s + i * spitch, width);
        return;
    }
    shmemi_heap.backend->copy_strided(d, dpitch, s, spitch, width, n);
}

/* The rows into dest on pe (d SHMEMI_PUT), or out of src on pe (d
 * SHMEMI_GET): load/store or transport. */
static inline void shmemi_xfer_rows(const char *call, shmem_ctx_t ctx, enum shmemi_dir d,
                                    char *dest, size_t dpitch, const char *src, size_t spitch,
                                    size_t width, size_t n, size_t ext, int pe)
{
    char *t = shmemi_rma_target(call, d == SHMEMI_PUT ? dest : src, ext, pe);
    if (__builtin_expect(!t, 0))
        (d == SHMEMI_PUT ? shmemi_remote->put_rows : shmemi_remote->get_rows)(
            call, shmemi_ctx_remote(call, ctx), dest, dpitch, src, spitch, width, n, pe);
    else if (d == SHMEMI_PUT)
        shmemi_copy_rows(t, dpitch, src, spitch, width, n);
    else
        shmemi_copy_rows(dest, dpitch, t, spitch, width, n);
}

static inline void shmemi_put_rows(const char *call, shmem_ctx_t ctx, char *dest, size_t dpitch,
                                   const char *src, size_t spitch, size_t width, size_t n,
                                   size_t ext, int pe)
{
    shmemi_xfer_rows(call, ctx, SHMEMI_PUT, dest, dpitch, src, spitch, width, n, ext, pe);
}

static inline void shmemi_get_rows(const char *call, shmem_ctx_t ctx, char *dest, size_t dpitch,
                                   const char *src, size_t spitch, size_t width, size_t n,
                                   size_t ext, int pe)
{
    shmemi_xfer_rows(call, ctx, SHMEMI_GET, dest, dpitch, src, spitch, width, n, ext, pe);
}

static inline void shmemi_iput_elems(const char *call, shmem_ctx_t ctx, void *dest, const void *src,
                                     ptrdiff_t dst, ptrdiff_t sst, size_t n, size_t elem, int pe)
{
    if (n == 0)
        return;
    size_t ext = shmemi_rma_strided_extent(call, dst, n, elem);
    shmemi_rma_check_local(call, src, shmemi_rma_strided_extent(call, sst, n, elem));
    shmemi_put_rows(call, ctx, dest, (size_t)dst * elem, src, (size_t)sst * elem, elem, n, ext, pe);
}

static inline void shmemi_iget_elems(const char *call, shmem_ctx_t ctx, void *dest, const void *src,
                                     ptrdiff_t dst, ptrdiff_t sst, size_t n, size_t elem, int pe)
{
    if (n == 0)
        return;
    size_t ext = shmemi_rma_strided_extent(call, sst, n, elem);
    shmemi_rma_check_local(call, dest, shmemi_rma_strided_extent(call, dst, n, elem));
    shmemi_get_rows(call, ctx, dest, (size_t)dst * elem, src, (size_t)sst * elem, elem, n, ext, pe);
}

#endif
