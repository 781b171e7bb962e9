/* Per-PE quiet (OpenSHMEM 1.6). Puts to node peers are completed by one
 * fence (and, on a device heap, one wait for the copy engine) whatever
 * their targets, so completing those to some PEs costs what completing
 * them all does: the list is checked and the context's quiet done (to
 * other nodes too: its worker's batch of _nbi requests holds every PE's,
 * and completing some PEs' waits for the same requests). */
#include <shmem.h>

#include "sync/sync.h"
#include "ctx.h"

static void pe_quiet(const char *call, shmem_ctx_t ctx, const int *target_pes,
                     size_t npes)
{
    shmemi_require_init(call);
    shmemi_ctx_check(call, ctx);
    if (npes && !target_pes)
        shmemi_fatal(call, "target_pes is NULL with npes %zu; pass an array of "
                     "npes PE numbers", npes);
    for (size_t i = 0; i < npes; i++) {
        int pe = shmemi_ctx_pe(call, ctx, target_pes[i]);
        if ((unsigned)pe >= (unsigned)shmemi_state.n_pes)
            shmemi_fatal(call, "target_pes[%zu] = %d is not a valid PE number: "
                         "the job has PEs 0 to %d", i, pe, shmemi_state.n_pes - 1);
    }
    shmemi_ctx_quiet(call, ctx);
}

void shmem_ctx_pe_quiet(shmem_ctx_t ctx, const int *target_pes, size_t npes)
{
    pe_quiet(__func__, ctx, target_pes, npes);
}

void shmem_pe_quiet(const int *target_pes, size_t npes)
{
    pe_quiet(__func__, SHMEM_CTX_DEFAULT, target_pes, npes);
}
