/* The host RMA path: every put and get between PEs of a node is a copy
 * into or out of the peer window; the only work besides the copy is the
 * checks that make a wrong argument an error instead of a corruption. A PE
 * of another node takes one unlikely branch after those checks, to the
 * inter-node transport, so the on-node path costs what it did before there
 * was one. */
#ifndef SHMEMI_RMA_H
#define SHMEMI_RMA_H

#include <stddef.h>
#include <string.h>

#include "heap/heap.h"
#include "init/config.h"
#include "init/error.h"
#include "transport/transport.h"

/* Ends the job, saying which argument of a transfer is bad. */
noreturn void shmemi_rma_target_fail(const char *call, const void *sym, size_t len, int pe);

/* The address of [sym, sym+len) on pe for load/store, or NULL when pe is on
 * another node (reach it through shmemi_remote, with the address sym: it is
 * up, shmem_init made sure); ends the job on a bad argument. A PE of another
 * node passes the same checks and no call: its transfer through the
 * transport costs no second round of them. The program's global variables
 * are tested only where the heap's test failed, so a heap access costs what
 * it did before they were symmetric; inline, since a call there made an
 * 8-byte put to a global half as fast as one to the heap. */
static inline char *shmemi_rma_target(const char *call, const void *sym,
                                      size_t len, int pe)
{
    if (__builtin_expect(!shmemi_initialized() || (unsigned)pe >= (unsigned)shmemi_state.n_pes,
                         0))
        shmemi_rma_target_fail(call, sym, len, pe);
    int local = shmemi_state.local_index[pe];
    if (__builtin_expect(shmemi_heap_contains(sym, len), 1))
        return __builtin_expect(local < 0, 0) ? NULL : (char *)shmemi_heap_at(sym, local);
    if (!shmemi_statics_reaches(sym, len, pe))
        shmemi_rma_target_fail(call, sym, len, pe);
    return local < 0 ? NULL : shmemi_statics_at(sym, local);
}

/* Under SHMEM_DEBUG: the private side of a transfer must be real memory. */
static inline void shmemi_rma_check_local(const char *call, const void *p, size_t len)
{
    if (shmemi_config.debug && len && !p)
        shmemi_fatal(call, "the local buffer is NULL for a transfer of %zu bytes", len);
}

/* shmem_ptr for the runtime's own callers (shmem_team_ptr): the address of
 * dest on pe for load/store, or NULL. */
void *shmemi_ptr(const char *call, const void *dest, int pe);

/* Bytes from the first to the last element of a strided array, inclusive. */
size_t shmemi_rma_strided_extent(const char *call, ptrdiff_t stride, size_t nelems,
                                 size_t elem);

#endif
