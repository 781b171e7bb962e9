#include <stdint.h>

#include "rma.h"

noreturn void shmemi_rma_target_fail(const char *call, const void *sym, size_t len, int pe)
{
    shmemi_require_init(call);
    if (pe < 0 || pe >= shmemi_state.n_pes)
        shmemi_fatal(call, "PE %d is not a valid PE number: the job has PEs 0 to %d",
                     pe, shmemi_state.n_pes - 1);
    if (shmemi_heap_contains(sym, 1))
        shmemi_fatal(call, "%zu bytes at %p run past the end of the symmetric "
                     "heap (%p + %zu); check the length, or raise "
                     "SHMEM_SYMMETRIC_SIZE",
                     len, sym, (void *)shmemi_heap.base, shmemi_heap.size);
    shmemi_fatal(call, "address %p is not in the symmetric heap [%p, %p); the "
                 "remote side of a transfer must be memory from shmem_malloc "
                 "(static and global variables are not remotely accessible in "
                 "this runtime)",
                 sym, (void *)shmemi_heap.base,
                 (void *)(shmemi_heap.base + shmemi_heap.size));
}

size_t shmemi_rma_strided_extent(const char *call, ptrdiff_t stride, size_t nelems,
                                 size_t elem)
{
    if (stride <= 0)
        shmemi_fatal(call, "stride %td is not positive", stride);
    if (nelems == 0)
        return 0;
    if ((nelems - 1) > SIZE_MAX / (size_t)stride / elem)
        shmemi_fatal(call, "%zu elements at stride %td overflow the address space",
                     nelems, stride);
    return (nelems - 1) * (size_t)stride * elem + elem;
}
