/* The default context: world numbering, no options. Between PEs of a node
 * every operation completes in the calling thread, so a context carries no
 * queue of its own. */
#include "ctx.h"

static struct shmemi_ctx default_ctx = {.options = 0, .team = &shmemi_team_world};
shmem_ctx_t SHMEM_CTX_DEFAULT = &default_ctx;

void shmemi_ctx_bad(const char *call, shmem_ctx_t ctx, int pe)
{
    if (!ctx)
        shmemi_fatal(call, "the context is SHMEM_CTX_INVALID (did shmem_ctx_create "
                     "or shmem_team_create_ctx fail?)");
    shmemi_fatal(call, "PE %d is not a valid PE number of the context's team, "
                 "which has PEs 0 to %d", pe, ctx->team->size - 1);
}
