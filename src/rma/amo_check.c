/* The AMO paths off the CPU's fast one, out of line so that the fast path
 * stays a few instructions: the misaligned-word error, words on another
 * node (the transport's AMOs), words in GPU memory, which the library's
 * kernels update, and, beside a heap in GPU memory, global variables. */
#include <stdint.h>

#include "amo.h"
#ifdef SHMEM_HAVE_CUDA
#include "cuda_amo.h"
#endif

uint64_t shmemi_amo_slow(const char *call, shmem_ctx_t ctx, enum shmemi_amo_op op,
                         const void *sym, void *word, size_t size, uint64_t value,
                         uint64_t cond, int pe)
{
    if ((uintptr_t)sym & (size - 1))
        shmemi_fatal(call, "address %p is not aligned to the %zu-byte size of "
                     "its type; AMOs need naturally aligned objects (as "
                     "shmem_malloc returns them)", sym, size);
    if (!word)
        return shmemi_remote->amo(call, shmemi_ctx_remote(call, ctx), op, sym, size, value,
                                  cond, pe);
    /* A global variable is host memory whatever the heap's kind. */
    if (shmemi_statics_contains(sym, size)) {
        if (size == sizeof(uint32_t))
            return shmemi_amo_uint32_t(op, word, (uint32_t)value, (uint32_t)cond);
        return shmemi_amo_uint64_t(op, word, value, cond);
    }
#ifdef SHMEM_HAVE_CUDA
    return shmemi_device_amo(call, op, word, size, value, cond);
#else
    shmemi_fatal(call, "the symmetric heap is GPU memory, but this library "
                 "was built without CUDA and cannot operate on it");
#endif
}

void shmemi_amo_post_slow(const char *call, shmem_ctx_t ctx, enum shmemi_amo_op op,
                          const void *sym, void *word, size_t size, uint64_t value, int pe)
{
    if (!word && ((uintptr_t)sym & (size - 1)) == 0)
        shmemi_remote->amo_post(call, shmemi_ctx_remote(call, ctx), op, sym, size, value, pe);
    else
        shmemi_amo_slow(call, ctx, op, sym, word, size, value, 0, pe);
}
