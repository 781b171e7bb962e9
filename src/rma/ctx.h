/* Contexts inside the runtime. A context made from a team numbers PEs
 * within that team, so every context routine first turns its PE argument
 * into a world PE. */
#ifndef SHMEMI_CTX_H
#define SHMEMI_CTX_H

#include <shmem.h>

#include "../init/error.h"
#include "../team/team.h"

struct shmemi_ctx {
    long options;
    struct shmemi_team *team;
};

void shmemi_ctx_bad(const char *call, shmem_ctx_t ctx, int pe);

/* The world PE that pe names on ctx; a PE outside the team is left for the
 * target check to report. */
static inline int shmemi_ctx_pe(const char *call, shmem_ctx_t ctx, int pe)
{
    if (__builtin_expect(ctx == SHMEM_CTX_DEFAULT, 1))
        return pe;
    if (!ctx || (unsigned)pe >= (unsigned)ctx->team->size)
        shmemi_ctx_bad(call, ctx, pe);
    return shmemi_team_pe(ctx->team, pe);
}

#endif
