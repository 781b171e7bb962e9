/* Contexts inside the runtime. A context made from a team numbers PEs
 * within that team, so every context routine first turns its PE argument
 * into a world PE.
 *
 * Between PEs of a node every operation is issued in the calling thread,
 * so a context carries no queue and no per-operation state: it is a team
 * and options. Concurrent use of a shareable context is therefore safe,
 * and the options restrict use without changing what the runtime does:
 *   SHMEM_CTX_SERIALIZED: accepted (there is no lock to drop).
 *   SHMEM_CTX_PRIVATE: the creating thread alone may use and destroy it;
 *     destroying it from another thread is an error, and under SHMEM_DEBUG
 *     so is any use.
 *   SHMEM_CTX_NOSTORE: quiet and fence need not cover the application's
 *     own stores, but they must still complete the context's puts, which
 *     are stores into the peer window (or copy-engine transfers on a
 *     device heap): the same fence and wait, so they are unchanged. */
#ifndef SHMEMI_CTX_H
#define SHMEMI_CTX_H

#include <pthread.h>

#include <shmem.h>

#include "../init/error.h"
#include "../team/team.h"

struct shmemi_ctx {
    long options;
    struct shmemi_team *team;
    pthread_t owner;  /* the creating thread */
    int check_owner;  /* SHMEM_CTX_PRIVATE under SHMEM_DEBUG */
    int pooled;       /* from the team's reserved array */
    struct shmemi_ctx *prev, *next; /* in the team's live or spare list */
};

/* Ends the job: ctx is SHMEM_CTX_INVALID, or pe is outside its team. */
_Noreturn void shmemi_ctx_bad(const char *call, shmem_ctx_t ctx, int pe);
/* Ends the job unless the calling thread created the private ctx. */
void shmemi_ctx_check_owner(const char *call, shmem_ctx_t ctx);

/* Ends the job when ctx cannot be used by this thread. */
static inline void shmemi_ctx_check(const char *call, shmem_ctx_t ctx)
{
    if (__builtin_expect(ctx == SHMEM_CTX_DEFAULT, 1))
        return;
    if (!ctx)
        shmemi_ctx_bad(call, ctx, 0);
    if (ctx->check_owner)
        shmemi_ctx_check_owner(call, ctx);
}

/* The world PE that pe names on ctx; an invalid context or a PE outside
 * its team ends the job. */
static inline int shmemi_ctx_pe(const char *call, shmem_ctx_t ctx, int pe)
{
    if (__builtin_expect(ctx == SHMEM_CTX_DEFAULT, 1))
        return pe;
    if (!ctx || (unsigned)pe >= (unsigned)ctx->team->size)
        shmemi_ctx_bad(call, ctx, pe);
    if (ctx->check_owner)
        shmemi_ctx_check_owner(call, ctx);
    return shmemi_team_pe(ctx->team, pe);
}

/* Sets aside n contexts for t (its config.num_contexts), so that creating
 * that many cannot fail: 0, or -1 when memory is short. */
int shmemi_ctx_reserve(struct shmemi_team *t, int n);
/* Frees every context of t. A private one still alive is the application's
 * error: `call` names the routine in the warning, or is NULL for none. */
void shmemi_ctx_release_all(const char *call, struct shmemi_team *t);

#endif
