/* The symmetric memory routines. Each is collective: every PE makes the
 * same calls in the same order, the deterministic allocator then returns the
 * same offset everywhere, and a barrier makes the memory usable by all PEs
 * (or unused by all, before it is freed) when the call returns. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <shmem.h>

#include "init/config.h"
#include "init/error.h"
#include "sync/sync.h"
#include "transport/transport.h"
#include "heap/alloc.h"
#include "heap/heap.h"
#include "shmem_malloc.h"

/* A PE blocked in a bootstrap collective (the argument check, a heap
 * growth's exchanges) does not progress the inter-node transport, and PEs
 * of other nodes may need it to finish operations they issued before this
 * call: when the job spans nodes, every PE first completes those in a
 * barrier, which progresses while it waits. */
static void settle(void)
{
    if (shmemi_remote)
        shmemi_barrier_world();
}

/* Under SHMEM_DEBUG: every PE must have passed the same arguments, or the
 * heaps stop being symmetric; say which PE differs. */
static void check_agreement(const char *call, uint64_t a, uint64_t b)
{
    if (!shmemi_config.debug)
        return;
    settle();
    uint64_t mine[2] = {a, b};
    uint64_t *all = calloc((size_t)shmemi_state.n_pes, sizeof mine);
    if (!all || shmemi_state.boot.allgather(mine, all, sizeof mine) != 0)
        shmemi_fatal(call, "cannot check the arguments of the other PEs");
    for (int pe = 0; pe < shmemi_state.n_pes; pe++)
        if (all[2 * pe] != a || all[2 * pe + 1] != b)
            shmemi_fatal(call, "PE %d passed (%llu, %llu) but PE %d passed "
                         "(%llu, %llu); symmetric allocation is collective and "
                         "needs the same arguments on every PE",
                         shmemi_state.my_pe, (unsigned long long)a,
                         (unsigned long long)b, pe,
                         (unsigned long long)all[2 * pe],
                         (unsigned long long)all[2 * pe + 1]);
    free(all);
}

/* Says, from PE 0, why a request of size bytes fails before any PE
 * tries: no heap of this job could ever hold it. */
static void refuse(const char *call, size_t size)
{
    if (shmemi_state.my_pe != 0)
        return;
    if ((ptrdiff_t)size < 0)
        shmemi_warn(call, "cannot allocate %zu bytes (%td as a signed number: a "
                    "negative or overflowed size?); every PE returns NULL, and the "
                    "heap is as it was", size, (ptrdiff_t)size);
    else
        shmemi_warn(call, "cannot allocate %zu bytes: more than the symmetric heap "
                    "may ever hold (%zu bytes, the runtime's own data included); "
                    "every PE returns NULL, and the heap is as it was; raise "
                    "SHMEM_SYMMETRIC_SIZE_MAX (or SHMEM_SYMMETRIC_SIZE, which "
                    "fixes the size when set alone)", size, shmemi_heap.cap);
}

/* The least alignment of a block on this job's heap (alloc.h says why
 * GPU heaps take more); every PE has the same kind of heap. */
static size_t least_align(void)
{
    return shmemi_heap.kind == SHMEMI_HEAP_HOST ? SHMEMI_ALLOC_MIN_ALIGN : SHMEMI_ALLOC_GPU_ALIGN;
}

/* Takes a block (aligned to at least least_align()), growing the heap
 * when it is full: every PE runs out at
 * the same call (the allocator is deterministic), so all grow together.
 * A size past the heap's limit is refused first, on every PE alike (they
 * all passed it): the sums below cannot wrap, and no PE grows the heap
 * for a block that would not fit it anyway. */
static int take_or_grow(const char *call, size_t size, size_t align, size_t *off)
{
    if (align < least_align())
        align = least_align();
    if (size > shmemi_heap.cap || shmemi_heap.cap - size < align) {
        refuse(call, size);
        return -1;
    }
    if (shmemi_alloc_take(size, align, off) == 0)
        return 0;
    int short_pe = -1;
    settle();
    if (shmemi_heap_grow(size + align, &short_pe) == 0 &&
        shmemi_alloc_take(size, align, off) == 0)
        return 0;
    if (short_pe >= 0) {
        if (shmemi_state.my_pe == 0)
            shmemi_warn(call, "cannot allocate %zu bytes: the symmetric heap (%zu "
                        "bytes) could not grow, as PE %d had no %s memory for it "
                        "(see its message); every PE returns NULL, and the heap "
                        "is as it was", size, shmemi_heap.size, short_pe,
                        shmemi_heap.backend->name);
        return -1;
    }
    if (shmemi_state.my_pe == 0)
        shmemi_warn(call, "cannot allocate %zu bytes: the symmetric heap has "
                    "reached its limit of %zu bytes and its largest free block "
                    "has %zu; raise SHMEM_SYMMETRIC_SIZE_MAX (or "
                    "SHMEM_SYMMETRIC_SIZE, which fixes the size when set alone)",
                    size, shmemi_heap.cap, shmemi_alloc_largest_free());
    return -1;
}

static void *take(const char *call, size_t size, size_t align, int zero)
{
    shmemi_require_init(call);
    check_agreement(call, size, align);
    size_t off;
    void *p = NULL;
    if (take_or_grow(call, size, align, &off) == 0) {
        p = shmemi_heap.base + off;
        /* A reused block holds old data; clear it before others can see it. */
        if (zero)
            shmemi_heap_zero(p, size);
    }
    shmemi_barrier_world();
    return p;
}

/* The heap offset of a block start, or ends the job naming the misuse. */
static size_t block_of(const char *call, const void *ptr)
{
    if (!shmemi_heap_contains(ptr, 1))
        shmemi_fatal(call, "%p is not in the symmetric heap; pass a pointer "
                     "returned by shmem_malloc, shmem_calloc, shmem_align or "
                     "shmem_realloc", ptr);
    size_t off = (size_t)((const char *)ptr - shmemi_heap.base);
    if (shmemi_alloc_size_of(off) == 0)
        shmemi_fatal(call, "%p is not an allocated block of the symmetric heap: "
                     "it was already freed, or points inside a block", ptr);
    return off;
}

/* The routines behind the public ones, for them and for the deprecated
 * names (shmalloc, ...): public routines never call each other, so that a
 * profiling tool wrapping them sees only the application's calls. */
void *shmemi_malloc(const char *call, size_t size)
{
    return size ? take(call, size, SHMEMI_ALLOC_MIN_ALIGN, 0) : NULL;
}

void *shmem_malloc(size_t size) { return shmemi_malloc(__func__, size); }

void *shmem_malloc_with_hints(size_t size, long hints)
{
    if (hints & ~(SHMEM_MALLOC_ATOMICS_REMOTE | SHMEM_MALLOC_SIGNAL_REMOTE))
        shmemi_warn(__func__, "unknown hint bits 0x%lx are ignored",
                    hints & ~(SHMEM_MALLOC_ATOMICS_REMOTE | SHMEM_MALLOC_SIGNAL_REMOTE));
    return size ? take(__func__, size, SHMEMI_ALLOC_MIN_ALIGN, 0) : NULL;
}

void *shmem_calloc(size_t count, size_t size)
{
    shmemi_require_init(__func__);
    if (count == 0 || size == 0)
        return NULL;
    if (count > SIZE_MAX / size) {
        if (shmemi_state.my_pe == 0)
            shmemi_warn(__func__, "cannot allocate %zu elements of %zu bytes: their "
                        "product overflows size_t; every PE returns NULL", count, size);
        return NULL;
    }
    return take(__func__, count * size, SHMEMI_ALLOC_MIN_ALIGN, 1);
}

/* The allocator hands out one offset for all PEs, and every PE's heap
 * starts on a multiple of SHMEMI_HEAP_SLOT_ALIGN: beyond it, an aligned
 * offset is not an aligned address on every PE. */
void *shmemi_align(const char *call, size_t alignment, size_t size)
{
    shmemi_require_init(call);
    if (alignment == 0 || (alignment & (alignment - 1))) {
        if (shmemi_state.my_pe == 0)
            shmemi_warn(call, "alignment %zu is not a power of two; pass a power "
                        "of two", alignment);
        return NULL;
    }
    if (alignment > SHMEMI_HEAP_SLOT_ALIGN) {
        if (shmemi_state.my_pe == 0)
            shmemi_warn(call, "alignment %zu is larger than the %zu bytes that "
                        "the symmetric heap aligns on every PE; ask for %zu or less",
                        alignment, SHMEMI_HEAP_SLOT_ALIGN, SHMEMI_HEAP_SLOT_ALIGN);
        return NULL;
    }
    return size ? take(call, size, alignment, 0) : NULL;
}

void *shmem_align(size_t alignment, size_t size)
{
    return shmemi_align(__func__, alignment, size);
}

void shmemi_free(const char *call, void *ptr)
{
    shmemi_require_init(call);
    if (!ptr)
        return;
    size_t off = block_of(call, ptr);
    check_agreement(call, off, 0);
    /* No PE may still be using the block when it becomes free. */
    shmemi_barrier_world();
    shmemi_alloc_release(off);
}

void shmem_free(void *ptr) { shmemi_free(__func__, ptr); }

void *shmemi_realloc(const char *call, void *ptr, size_t size)
{
    if (!ptr)
        return shmemi_malloc(call, size);
    if (size == 0) {
        shmemi_free(call, ptr);
        return NULL;
    }
    shmemi_require_init(call);
    size_t off = block_of(call, ptr);
    check_agreement(call, off, size);
    /* Others may still read the old block until everyone is here. */
    shmemi_barrier_world();
    if (shmemi_alloc_resize(off, size) == 0) {
        shmemi_barrier_world();
        return ptr;
    }
    size_t old = shmemi_alloc_size_of(off), noff;
    void *p = NULL;
    if (take_or_grow(call, size, SHMEMI_ALLOC_MIN_ALIGN, &noff) == 0) {
        p = shmemi_heap.base + noff;
        shmemi_heap_copy(p, ptr, old < size ? old : size);
        shmemi_alloc_release(off);
    }
    shmemi_barrier_world();
    return p;
}

void *shmem_realloc(void *ptr, size_t size) { return shmemi_realloc(__func__, ptr, size); }
