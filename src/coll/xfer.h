/* Every access of the collectives to the members' heap data goes through
 * these few copies. Each checks its range like a put or get does, and moves
 * the bytes the way a put or get does: with the heap's own copy for a
 * member of this node, so that a heap the CPU cannot load or store (GPU
 * memory) is reached through its copy engine, and through the transport
 * for a member of another node. The algorithms never dereference heap data
 * themselves, reductions combine in private host buffers, and every copy
 * has this member at one end. */
#ifndef SHMEMI_COLL_XFER_H
#define SHMEMI_COLL_XFER_H

#include "rma/copy.h"
#include "coll.h"

/* The address of [sym, sym + len) on this member; ends the job when the
 * range is not in the symmetric heap. */
static inline char *shmemi_coll_mine(const struct shmemi_coll *c, const void *sym, size_t len)
{
    return shmemi_rma_target(c->call, sym, len, shmemi_coll_pe(c, c->me));
}

/* dest on this member <- source on member i. */
static inline void shmemi_coll_fetch(const struct shmemi_coll *c, void *dest,
                                     const void *source, int i, size_t len)
{
    if (len)
        shmemi_get_from(c->call, SHMEM_CTX_DEFAULT, shmemi_coll_mine(c, dest, len), source,
                        len, shmemi_coll_pe(c, i));
}

/* Private buf <- source on member i. */
static inline void shmemi_coll_get(const struct shmemi_coll *c, void *buf,
                                   const void *source, int i, size_t len)
{
    shmemi_get_from(c->call, SHMEM_CTX_DEFAULT, buf, source, len, shmemi_coll_pe(c, i));
}

/* dest on member i <- private buf. */
static inline void shmemi_coll_put(const struct shmemi_coll *c, void *dest, int i,
                                   const void *buf, size_t len)
{
    shmemi_put_xfer(c->call, SHMEM_CTX_DEFAULT, dest, buf, len, shmemi_coll_pe(c, i),
                    SHMEMI_PUT_LANDED);
}

/* n elements: dest on this member, dst elements apart <- source on member
 * i, sst elements apart. */
static inline void shmemi_coll_fetch_strided(const struct shmemi_coll *c, void *dest,
                                             ptrdiff_t dst, const void *source, int i,
                                             ptrdiff_t sst, size_t n, size_t elem)
{
    if (n == 0)
        return;
    size_t dext = shmemi_rma_strided_extent(c->call, dst, n, elem);
    size_t sext = shmemi_rma_strided_extent(c->call, sst, n, elem);
    shmemi_get_rows(c->call, SHMEM_CTX_DEFAULT, shmemi_coll_mine(c, dest, dext),
                    (size_t)dst * elem, source, (size_t)sst * elem, elem, n, sext,
                    shmemi_coll_pe(c, i));
}

#endif
