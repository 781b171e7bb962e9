/* Every access of the collectives to the members' heap data goes through
 * these few copies. Each checks its range like a put or get does, and moves
 * the bytes with the heap's own copy, so that a heap the CPU cannot load or
 * store (GPU memory) is reached through its copy engine: the algorithms
 * never dereference heap data themselves, and reductions combine in private
 * host buffers. */
#ifndef SHMEMI_COLL_XFER_H
#define SHMEMI_COLL_XFER_H

#include "../rma/copy.h"
#include "coll.h"

/* The address of [sym, sym + len) on member i; ends the job when the range
 * is not in the symmetric heap. */
static inline char *shmemi_coll_at(const struct shmemi_coll *c, const void *sym,
                                   size_t len, int i)
{
    return shmemi_rma_target(c->call, sym, len, shmemi_coll_pe(c, i));
}

/* dest on member di <- source on member si. */
static inline void shmemi_coll_copy(const struct shmemi_coll *c, void *dest, int di,
                                    const void *source, int si, size_t len)
{
    if (len)
        shmemi_heap_copy(shmemi_coll_at(c, dest, len, di),
                         shmemi_coll_at(c, source, len, si), len);
}

/* Private buf <- source on member i. */
static inline void shmemi_coll_get(const struct shmemi_coll *c, void *buf,
                                   const void *source, int i, size_t len)
{
    shmemi_heap_copy(buf, shmemi_coll_at(c, source, len, i), len);
}

/* dest on member i <- private buf. */
static inline void shmemi_coll_put(const struct shmemi_coll *c, void *dest, int i,
                                   const void *buf, size_t len)
{
    shmemi_heap_copy(shmemi_coll_at(c, dest, len, i), buf, len);
}

/* n elements: dest on member di, dst elements apart <- source on member si,
 * sst elements apart. */
static inline void shmemi_coll_copy_strided(const struct shmemi_coll *c, void *dest,
                                            int di, ptrdiff_t dst, const void *source,
                                            int si, ptrdiff_t sst, size_t n, size_t elem)
{
    if (n == 0)
        return;
    size_t dext = shmemi_rma_strided_extent(c->call, dst, n, elem);
    size_t sext = shmemi_rma_strided_extent(c->call, sst, n, elem);
    shmemi_copy_strided(shmemi_coll_at(c, dest, dext, di),
                        shmemi_coll_at(c, source, sext, si), dst, sst, n, elem);
}

#endif
