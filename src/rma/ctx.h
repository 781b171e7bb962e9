/* Contexts inside the runtime. A context made from a team numbers PEs
 * within that team, so every context routine first turns its PE argument
 * into a world PE.
 *
 * Between PEs of a node every operation is issued in the calling thread,
 * so a context carries no queue and no per-operation state: it is a team
 * and options, and, for PEs of other nodes, the transport's part of it
 * (remote). Concurrent use of a shareable context is therefore safe, and
 * the options restrict use without changing what the runtime does:
 *   SHMEM_CTX_SERIALIZED: to other nodes, the context gets a UCX worker of
 *     its own, without UCX's lock (transport/ucx/ucx_ctx.c).
 *   SHMEM_CTX_PRIVATE: the creating thread alone may use and destroy it;
 *     destroying it from another thread is an error, and under SHMEM_DEBUG
 *     so is any use. To other nodes, as SERIALIZED.
 *   SHMEM_CTX_NOSTORE: quiet and fence need not cover the application's
 *     own stores, but they must still complete the context's puts, which
 *     are stores into the peer window (or copy-engine transfers on a
 *     device heap): the same fence and wait, so they are unchanged. */
#ifndef SHMEMI_CTX_H
#define SHMEMI_CTX_H

#include <pthread.h>

#include <shmem.h>

#include "init/error.h"
#include "team/team.h"
#include "transport/transport.h"

struct shmemi_ctx {
    long options;
    struct shmemi_team *team;
    /* The transport's part, made at the first operation on another node
     * when remote_pending is set; NULL: the PE's shared resources. */
    struct shmemi_remote_ctx *remote;
    int remote_pending;
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

struct shmemi_remote_ctx *shmemi_ctx_remote_open(const char *call, shmem_ctx_t ctx);

/* What the transport's operations on ctx take (ctx is valid: checked, or
 * the runtime's SHMEM_CTX_DEFAULT). The first call on a context that may
 * have resources of its own makes them, in the calling thread: not at
 * shmem_ctx_create, so that a context that only reaches PEs of its node,
 * and every context of a job on one node, costs nothing. */
static inline struct shmemi_remote_ctx *shmemi_ctx_remote(const char *call, shmem_ctx_t ctx)
{
    if (__builtin_expect(!ctx->remote_pending, 1))
        return ctx->remote;
    return shmemi_ctx_remote_open(call, ctx);
}

/* Completes ctx's operations (shmem_ctx_quiet). */
void shmemi_ctx_quiet(const char *call, shmem_ctx_t ctx);

/* Sets aside n contexts for t (its config.num_contexts), so that creating
 * that many cannot fail: 0, or -1 when memory is short. */
int shmemi_ctx_reserve(struct shmemi_team *t, int n);
/* Frees every context of t. A private one still alive is the application's
 * error: `call` names the routine in the warning, or is NULL for none. */
void shmemi_ctx_release_all(const char *call, struct shmemi_team *t);

#endif
