/* Reductions and scans. The elements are split into one slice per member,
 * in whole cache lines so that no two members write the same line; each
 * member reads its slice from every member's source in member order,
 * combines it in private buffers, and writes the results into every
 * member's dest. Each element is thus combined once, in the same order
 * whatever the sizes, so every member gets bit-identical results (floating
 * point included); each member moves about 2 * nelems elements whatever the
 * team size; and, as the slices are disjoint and each member reads a
 * member's slice before it writes it, dest may be source. */
#include <string.h>

#include "init/error.h"
#include "coll.h"
#include "mailbox.h"
#include "xfer.h"

/* Bytes of each private buffer: a multiple of every element size. */
#define BLOCK 4096

/* This member's slice [*lo, *hi) of nelems elements. */
static void my_slice(const struct shmemi_coll *c, size_t nelems, size_t elem,
                     size_t *lo, size_t *hi)
{
    size_t line = elem < 64 ? 64 / elem : 1;
    size_t lines = nelems / line + (nelems % line != 0);
    size_t n = (size_t)c->size, k = (size_t)c->me;
    size_t q = lines / n, r = lines % n;
    size_t first = q * k + (k < r ? k : r), count = q + (k < r);
    *lo = first * line < nelems ? first * line : nelems;
    *hi = (first + count) * line < nelems ? (first + count) * line : nelems;
}

/* One block of n elements, at dest and source on every member. */
static void reduce_block(const struct shmemi_coll *c, char *dest, const char *source,
                         size_t n, size_t elem, shmemi_combine_fn combine,
                         enum shmemi_reduce_kind kind, void *acc, void *in)
{
    size_t len = n * elem;
    shmemi_coll_get(c, acc, source, 0, len);
    if (kind == SHMEMI_INSCAN)
        shmemi_coll_put(c, dest, 0, acc, len);
    if (kind == SHMEMI_EXSCAN) {
        memset(in, 0, len);
        shmemi_coll_put(c, dest, 0, in, len);
    }
    for (int j = 1; j < c->size; j++) {
        shmemi_coll_get(c, in, source, j, len);
        /* Member j's source is read before its dest is written: in place,
         * they are the same elements. */
        if (kind == SHMEMI_EXSCAN)
            shmemi_coll_put(c, dest, j, acc, len);
        combine(acc, in, n);
        if (kind == SHMEMI_INSCAN)
            shmemi_coll_put(c, dest, j, acc, len);
    }
    if (kind == SHMEMI_REDUCE)
        for (int k = 0; k < c->size; k++) {
            int j = (c->me + k) % c->size;
            shmemi_coll_put(c, dest, j, acc, len);
        }
}

static int by_mailbox(const struct shmemi_coll *c, size_t bytes)
{
    if (bytes > SHMEMI_SMALL_SHARED_BYTES || !shmemi_mailbox_fits(bytes))
        return 0;
    return bytes * (size_t)(c->size - 1) <= SHMEMI_SMALL_REDUCE_SPREAD ||
           !shmemi_coll_loadstore(c);
}

void shmemi_coll_reduce(const struct shmemi_coll *c, void *dest, const void *source,
                        size_t nelems, size_t elem, shmemi_combine_fn combine,
                        enum shmemi_reduce_kind kind)
{
    size_t bytes = shmemi_coll_bytes(c, nelems, elem);
    if (bytes) {
        const char *d = shmemi_coll_mine(c, dest, bytes);
        const char *s = shmemi_coll_mine(c, source, bytes);
        if (d != s && d < s + bytes && s < d + bytes)
            shmemi_fatal(c->call, "dest and source overlap without being the same "
                         "array; pass the same address for an in-place operation");
    }
    if (by_mailbox(c, bytes)) {
        shmemi_small_reduce(c, dest, source, nelems, elem, combine, kind);
        return;
    }
    _Alignas(64) unsigned char acc[BLOCK], in[BLOCK];
    size_t lo, hi, per = BLOCK / elem;
    my_slice(c, nelems, elem, &lo, &hi);
    shmemi_coll_barrier(c);
    for (size_t i = lo; i < hi; i += per) {
        size_t n = hi - i < per ? hi - i : per;
        reduce_block(c, (char *)dest + i * elem, (const char *)source + i * elem, n,
                     elem, combine, kind, acc, in);
    }
    shmemi_coll_barrier(c);
}
