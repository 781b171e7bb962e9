/* putmem and getmem in their four forms (plain, context, _nbi, context
 * _nbi) at a length that is no multiple of any element size, on symmetric
 * buffers that the caller places (heap memory, globals). Each PE writes to
 * its right neighbour and reads from its left one. */
#ifndef TEST_MEM_FORMS_H
#define TEST_MEM_FORMS_H

#include <string.h>

#include "check.h"
#include "ring.h"

#define MEM_FORMS_LEN 37
/* A region per form, with 3 bytes after each that must stay zero. */
#define MEM_FORMS_DST (4 * (MEM_FORMS_LEN + 3))

static unsigned char mem_forms_val(int pe, int form, size_t k)
{
    return (unsigned char)(pe * 37 + form * 11 + k * 5 + 1);
}

/* dst: MEM_FORMS_DST zeroed bytes; src: MEM_FORMS_LEN bytes; the messages
 * name them as the callers do. */
static void mem_forms(shmem_ctx_t ctx, unsigned char *dst, const char *dst_name,
                      unsigned char *src, const char *src_name)
{
    enum { LEN = MEM_FORMS_LEN, SRC_FORM = 4 };
    unsigned char loc[LEN], out[LEN + 3];
    for (size_t k = 0; k < LEN; k++)
        src[k] = mem_forms_val(me, SRC_FORM, k);
    for (int f = 0; f < 4; f++) {
        for (size_t k = 0; k < LEN; k++)
            loc[k] = mem_forms_val(me, f, k);
        unsigned char *d = dst + f * (LEN + 3);
        switch (f) {
        case 0: shmem_putmem(d, loc, LEN, right); break;
        case 1: shmem_ctx_putmem(ctx, d, loc, LEN, right); break;
        case 2: shmem_putmem_nbi(d, loc, LEN, right); shmem_quiet(); break;
        default: shmem_ctx_putmem_nbi(ctx, d, loc, LEN, right); shmem_ctx_quiet(ctx); break;
        }
    }
    shmem_barrier_all();
    for (int f = 0; f < 4; f++)
        CHECK_EACH(dst + f * (LEN + 3), k, LEN + 3, k < LEN ? mem_forms_val(left, f, k) : 0,
                   "shmem_putmem form %d from PE %d into %s", f, left, dst_name);
    for (int f = 0; f < 4; f++) {
        memset(out, 0, sizeof out);
        switch (f) {
        case 0: shmem_getmem(out, src, LEN, left); break;
        case 1: shmem_ctx_getmem(ctx, out, src, LEN, left); break;
        case 2: shmem_getmem_nbi(out, src, LEN, left); shmem_quiet(); break;
        default: shmem_ctx_getmem_nbi(ctx, out, src, LEN, left); shmem_ctx_quiet(ctx); break;
        }
        CHECK_EACH(out, k, LEN + 3, k < LEN ? mem_forms_val(left, SRC_FORM, k) : 0,
                   "shmem_getmem form %d of PE %d's %s", f, left, src_name);
    }
    shmem_barrier_all();
}

#endif
