/* Creating and destroying contexts, and the default one (world numbering,
 * no options). What each option means here is in ctx.h. */
#include <stdlib.h>

#include "init/config.h"
#include "sync/sync.h"
#include "ctx.h"

static struct shmemi_ctx default_ctx = {.options = 0, .team = &shmemi_team_world};
shmem_ctx_t SHMEM_CTX_DEFAULT = &default_ctx;

#define KNOWN_OPTIONS (SHMEM_CTX_SERIALIZED | SHMEM_CTX_PRIVATE | SHMEM_CTX_NOSTORE)

void shmemi_ctx_bad(const char *call, shmem_ctx_t ctx, int pe)
{
    if (!ctx)
        shmemi_fatal(call, "the context is SHMEM_CTX_INVALID (did shmem_ctx_create "
                     "or shmem_team_create_ctx fail?)");
    shmemi_fatal(call, "PE %d is not a valid PE number of the context's team, "
                 "which has PEs 0 to %d", pe, ctx->team->size - 1);
}

void shmemi_ctx_check_owner(const char *call, shmem_ctx_t ctx)
{
    if (!pthread_equal(ctx->owner, pthread_self()))
        shmemi_fatal(call, "the context was created with SHMEM_CTX_PRIVATE by "
                     "another thread, and only that thread may use or destroy it; "
                     "create a context in each thread, or a shareable one");
}

static void push(struct shmemi_ctx **list, struct shmemi_ctx *c)
{
    c->prev = NULL;
    c->next = *list;
    if (*list)
        (*list)->prev = c;
    *list = c;
}

static void unlink_ctx(struct shmemi_ctx **list, struct shmemi_ctx *c)
{
    if (c->prev)
        c->prev->next = c->next;
    else
        *list = c->next;
    if (c->next)
        c->next->prev = c->prev;
}

int shmemi_ctx_reserve(struct shmemi_team *t, int n)
{
    if (n == 0)
        return 0;
    t->reserved = calloc((size_t)n, sizeof *t->reserved);
    if (!t->reserved)
        return -1;
    for (int i = 0; i < n; i++) {
        t->reserved[i].pooled = 1;
        push(&t->spare_ctxs, &t->reserved[i]);
    }
    return 0;
}

struct shmemi_remote_ctx *shmemi_ctx_remote_open(const char *call, shmem_ctx_t ctx)
{
    ctx->remote = shmemi_remote->ctx_open(call, ctx->options);
    ctx->remote_pending = 0;
    return ctx->remote;
}

/* Completes c's operations on other nodes and gives back the transport's
 * part; the team's lock may be held. */
static void close_remote(const char *call, struct shmemi_ctx *c)
{
    if (c->remote)
        shmemi_remote->ctx_close(call, c->remote);
    c->remote = NULL;
    c->remote_pending = 0;
}

void shmemi_ctx_release_all(const char *call, struct shmemi_team *t)
{
    int private_left = 0;
    pthread_mutex_lock(&t->ctx_lock);
    while (t->ctxs) {
        struct shmemi_ctx *c = t->ctxs;
        private_left += (c->options & SHMEM_CTX_PRIVATE) != 0;
        close_remote(call ? call : "shmem_finalize", c);
        unlink_ctx(&t->ctxs, c);
        if (!c->pooled)
            free(c);
    }
    t->spare_ctxs = NULL;
    free(t->reserved);
    t->reserved = NULL;
    pthread_mutex_unlock(&t->ctx_lock);
    if (call && private_left)
        shmemi_warn(call, "%d context(s) made with SHMEM_CTX_PRIVATE from this team "
                    "are still alive and are destroyed with it; destroy private "
                    "contexts, in the threads that made them, before their team",
                    private_left);
}

static int create(const char *call, struct shmemi_team *team, long options,
                  shmem_ctx_t *ctx)
{
    shmemi_require_init(call);
    if (!ctx)
        shmemi_fatal(call, "ctx is NULL; pass the address of a shmem_ctx_t to "
                     "receive the context");
    *ctx = SHMEM_CTX_INVALID;
    if (!team)
        return -1;
    if (options & ~KNOWN_OPTIONS) {
        shmemi_warn(call, "options %#lx has bits that name no context option; "
                    "combine SHMEM_CTX_SERIALIZED, SHMEM_CTX_PRIVATE and "
                    "SHMEM_CTX_NOSTORE, or pass 0", options);
        return -1;
    }
    pthread_mutex_lock(&team->ctx_lock);
    struct shmemi_ctx *c = team->spare_ctxs;
    if (c)
        unlink_ctx(&team->spare_ctxs, c);
    else if ((c = malloc(sizeof *c)))
        c->pooled = 0;
    if (c) {
        c->options = options;
        c->team = team;
        c->remote = NULL;
        c->remote_pending = (options & (SHMEM_CTX_PRIVATE | SHMEM_CTX_SERIALIZED)) != 0;
        c->owner = pthread_self();
        c->check_owner = (options & SHMEM_CTX_PRIVATE) && shmemi_config.debug;
        push(&team->ctxs, c);
    }
    pthread_mutex_unlock(&team->ctx_lock);
    if (!c)
        return -1;
    *ctx = c;
    return 0;
}

int shmem_ctx_create(long options, shmem_ctx_t *ctx)
{
    return create(__func__, &shmemi_team_world, options, ctx);
}

int shmem_team_create_ctx(shmem_team_t team, long options, shmem_ctx_t *ctx)
{
    shmemi_require_init(__func__);
    return create(__func__, shmemi_team_get(__func__, team), options, ctx);
}

void shmem_ctx_destroy(shmem_ctx_t ctx)
{
    shmemi_require_init(__func__);
    if (ctx == SHMEM_CTX_INVALID)
        return;
    if (ctx == SHMEM_CTX_DEFAULT)
        shmemi_fatal(__func__, "SHMEM_CTX_DEFAULT cannot be destroyed; destroy only "
                     "contexts made by shmem_ctx_create or shmem_team_create_ctx");
    if (ctx->options & SHMEM_CTX_PRIVATE)
        shmemi_ctx_check_owner(__func__, ctx);
    shmemi_ctx_quiet(__func__, ctx);
    close_remote(__func__, ctx);
    struct shmemi_team *t = ctx->team;
    int pooled = ctx->pooled;
    pthread_mutex_lock(&t->ctx_lock);
    unlink_ctx(&t->ctxs, ctx);
    if (pooled)
        push(&t->spare_ctxs, ctx);
    pthread_mutex_unlock(&t->ctx_lock);
    if (!pooled)
        free(ctx);
}

int shmem_ctx_get_team(shmem_ctx_t ctx, shmem_team_t *team)
{
    shmemi_require_init(__func__);
    if (!team)
        shmemi_fatal(__func__, "team is NULL; pass the address of a shmem_team_t to "
                     "receive the team");
    if (ctx == SHMEM_CTX_INVALID) {
        *team = SHMEM_TEAM_INVALID;
        return -1;
    }
    *team = ctx->team->handle;
    return 0;
}
