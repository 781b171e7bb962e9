/* The error reports of the AMO path, out of line so the fast path stays a
 * few instructions. */
#include <stdint.h>

#include "amo.h"

void shmemi_amo_bad_word(const char *call, const void *sym, size_t size)
{
    if ((uintptr_t)sym & (size - 1))
        shmemi_fatal(call, "address %p is not aligned to the %zu-byte size of "
                     "its type; AMOs need naturally aligned objects (as "
                     "shmem_malloc returns them)", sym, size);
    shmemi_fatal(call, "the symmetric heap is GPU memory, which the host "
                 "cannot operate on atomically; call this AMO from the GPU or "
                 "use a host heap");
}
