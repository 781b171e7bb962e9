/* Sessions (OpenSHMEM 1.6): hints that a run of operations on a context
 * may be batched. Here every operation completes in the calling thread and
 * there is nothing to batch, so a session changes nothing; the calls are
 * checked like any other use of the context and otherwise accepted, as the
 * specification allows (sessions never change the result of a program). */
#include <shmem.h>

#include "init/config.h"
#include "ctx.h"

void shmem_ctx_session_start(shmem_ctx_t ctx, long options,
                             const shmem_ctx_session_config_t *config,
                             long config_mask)
{
    shmemi_require_init(__func__);
    if (ctx == SHMEM_CTX_INVALID)
        return;
    shmemi_ctx_check(__func__, ctx);
    if ((config_mask & SHMEM_CTX_SESSION_TOTAL_OPS) && !config)
        shmemi_fatal(__func__, "config_mask has SHMEM_CTX_SESSION_TOTAL_OPS but "
                     "config is NULL; pass the configuration or a mask of 0");
    if (shmemi_config.debug && ((options & ~SHMEM_CTX_SESSION_BATCH) ||
                                (config_mask & ~SHMEM_CTX_SESSION_TOTAL_OPS)))
        shmemi_warn(__func__, "options %#lx or config_mask %#lx has bits that name "
                    "nothing; the known ones are SHMEM_CTX_SESSION_BATCH and "
                    "SHMEM_CTX_SESSION_TOTAL_OPS", options, config_mask);
}

void shmem_ctx_session_stop(shmem_ctx_t ctx)
{
    shmemi_require_init(__func__);
    if (ctx == SHMEM_CTX_INVALID)
        return;
    shmemi_ctx_check(__func__, ctx);
}
