#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#include <stdint.h>

#include "rma.h"

/* Where p is when it is not symmetric, for the message: the file of the
 * executable or of a shared library whose data holds it (*exe says which:
 * the executable is the first link map), or NULL for nothing the loader
 * knows (stack, malloc, a thread-local variable). */
static const char *object_of(const void *p, int *exe)
{
    Dl_info info;
    struct link_map *lm = NULL;
    *exe = 0;
    if (!dladdr1(p, &info, (void **)&lm, RTLD_DL_LINKMAP) || !lm || !info.dli_fname ||
        !*info.dli_fname)
        return NULL;
    *exe = !lm->l_prev;
    return info.dli_fname;
}

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
    if (shmemi_statics_contains(sym, 1))
        shmemi_statics_fail(call, sym, len, pe);
    int exe;
    const char *obj = object_of(sym, &exe);
    if (obj && !exe)
        shmemi_fatal(call, "address %p is a variable of the shared library %s: only "
                     "the executable's global and static variables and memory from "
                     "shmem_malloc are symmetric; move the variable into the program "
                     "or allocate it with shmem_malloc", sym, obj);
    if (!shmemi_statics.base)
        shmemi_fatal(call, "address %p is not in the symmetric heap [%p, %p); with "
                     "SHMEM_SYMMETRIC_STATICS=0 the remote side of a transfer must be "
                     "memory from shmem_malloc", sym, (void *)shmemi_heap.base,
                     (void *)(shmemi_heap.base + shmemi_heap.size));
    /* The executable's, outside its writable data: text, constants, RELRO. */
    if (obj)
        shmemi_fatal(call, "address %p is read-only data of the program (a const "
                     "variable, or one the loader makes read-only after relocation), "
                     "outside its writable global and static variables [%p, %p): the "
                     "remote side of a transfer must be writable symmetric memory", sym,
                     (void *)shmemi_statics.base,
                     (void *)(shmemi_statics.base + shmemi_statics.size));
    shmemi_fatal(call, "address %p is not in the symmetric heap [%p, %p) nor in the "
                 "program's global and static variables [%p, %p); the remote side of "
                 "a transfer must be one of those (not the stack, malloc memory or a "
                 "thread-local variable)",
                 sym, (void *)shmemi_heap.base, (void *)(shmemi_heap.base + shmemi_heap.size),
                 (void *)shmemi_statics.base, (void *)(shmemi_statics.base + shmemi_statics.size));
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
