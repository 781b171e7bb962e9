#define _GNU_SOURCE
/* A first-fit allocator over an address-ordered list of blocks, with an
 * index from offset to used block so that free and realloc need no scan. */
#include "alloc.h"

#include <search.h>
#include <stdint.h>
#include <stdlib.h>

struct block {
    size_t off, size;
    int used;
    struct block *prev, *next;
};

static struct block *head;
static void *used_index; /* tsearch tree of used blocks, keyed by off */

static int by_off(const void *a, const void *b)
{
    size_t x = ((const struct block *)a)->off, y = ((const struct block *)b)->off;
    return x < y ? -1 : x > y;
}

static struct block *find_used(size_t off)
{
    struct block key = {.off = off};
    void *r = tfind(&key, &used_index, by_off);
    return r ? *(struct block **)r : NULL;
}

static struct block *new_block(size_t off, size_t size, struct block *prev,
                               struct block *next)
{
    struct block *b = calloc(1, sizeof *b);
    if (!b)
        abort();
    b->off = off;
    b->size = size;
    b->prev = prev;
    b->next = next;
    if (prev)
        prev->next = b;
    else
        head = b;
    if (next)
        next->prev = b;
    return b;
}

static void unlink_block(struct block *b)
{
    if (b->prev)
        b->prev->next = b->next;
    else
        head = b->next;
    if (b->next)
        b->next->prev = b->prev;
    free(b);
}

void shmemi_alloc_init(size_t lo, size_t hi)
{
    head = NULL;
    used_index = NULL;
    new_block(lo, hi - lo, NULL, NULL);
}

void shmemi_alloc_extend(size_t old_hi, size_t new_hi)
{
    struct block *last = head;
    while (last->next)
        last = last->next;
    if (!last->used && last->off + last->size == old_hi)
        last->size += new_hi - old_hi;
    else
        new_block(old_hi, new_hi - old_hi, last, NULL);
}

static void noop(void *p) { (void)p; }

void shmemi_alloc_fini(void)
{
    tdestroy(used_index, noop);
    used_index = NULL;
    while (head)
        unlink_block(head);
}

static size_t round_up(size_t v, size_t a) { return (v + a - 1) & ~(a - 1); }

/* The bytes a block of size takes, or 0 when rounding them up would wrap
 * (no free range holds such a block). */
static size_t block_bytes(size_t size)
{
    if (size > SIZE_MAX - (SHMEMI_ALLOC_MIN_ALIGN - 1))
        return 0;
    return round_up(size ? size : 1, SHMEMI_ALLOC_MIN_ALIGN);
}

int shmemi_alloc_take(size_t size, size_t align, size_t *off)
{
    if (align < SHMEMI_ALLOC_MIN_ALIGN)
        align = SHMEMI_ALLOC_MIN_ALIGN;
    size = block_bytes(size);
    if (size == 0)
        return -1;
    for (struct block *b = head; b; b = b->next) {
        if (b->used)
            continue;
        size_t start = round_up(b->off, align);
        if (start < b->off || start - b->off > b->size ||
            b->size - (start - b->off) < size)
            continue;
        if (start > b->off) {
            /* The unaligned front stays free as its own block. */
            new_block(b->off, start - b->off, b->prev, b);
            b->size -= start - b->off;
            b->off = start;
        }
        if (b->size > size) {
            new_block(b->off + size, b->size - size, b, b->next);
            b->size = size;
        }
        b->used = 1;
        tsearch(b, &used_index, by_off);
        *off = b->off;
        return 0;
    }
    return -1;
}

size_t shmemi_alloc_size_of(size_t off)
{
    struct block *b = find_used(off);
    return b ? b->size : 0;
}

int shmemi_alloc_release(size_t off)
{
    struct block *b = find_used(off);
    if (!b)
        return -1;
    tdelete(b, &used_index, by_off);
    b->used = 0;
    if (b->next && !b->next->used) {
        b->size += b->next->size;
        unlink_block(b->next);
    }
    if (b->prev && !b->prev->used) {
        b->prev->size += b->size;
        unlink_block(b);
    }
    return 0;
}

int shmemi_alloc_resize(size_t off, size_t size)
{
    struct block *b = find_used(off);
    size = block_bytes(size);
    if (!b || size == 0)
        return -1;
    if (size <= b->size) {
        size_t spare = b->size - size;
        if (spare == 0)
            return 0;
        if (b->next && !b->next->used) {
            b->next->off -= spare;
            b->next->size += spare;
        } else {
            new_block(b->off + size, spare, b, b->next);
        }
        b->size = size;
        return 0;
    }
    size_t need = size - b->size;
    struct block *n = b->next;
    if (!n || n->used || n->size < need)
        return -1;
    b->size = size;
    if (n->size == need) {
        unlink_block(n);
    } else {
        n->off += need;
        n->size -= need;
    }
    return 0;
}

size_t shmemi_alloc_largest_free(void)
{
    size_t best = 0;
    for (struct block *b = head; b; b = b->next)
        if (!b->used && b->size > best)
            best = b->size;
    return best;
}
