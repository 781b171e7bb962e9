/* A put between PEs of a node is a store (or memcpy, which may use
 * non-temporal stores for large sizes): a full fence both orders and
 * completes them, for fence and quiet alike. On a device heap a put is a
 * copy-engine transfer; those run in order, and quiet waits for them. To
 * other nodes, the transport orders (fence) or completes (quiet) what this
 * PE sent. */
#include <stdatomic.h>

#include <shmem.h>

#include "device/proxy/proxy.h"
#include "heap/heap.h"
#include "rma/ctx.h"
#include "transport/transport.h"
#include "sync.h"

/* Quiet also completes what this PE's kernels handed to the device proxy:
 * a program that synchronizes with its kernels and then calls a barrier
 * expects their puts to be there, as puts on the node are. */
void shmemi_quiet(void)
{
    shmemi_heap_quiet();
    atomic_thread_fence(memory_order_seq_cst);
    if (shmemi_remote) {
        shmemi_proxy_quiet();
        shmemi_remote->quiet("shmem_quiet", NULL);
    }
}

/* A context with resources of its own in the transport completes those
 * alone; one that has not reached another node yet has nothing there. The
 * others share the default context's. */
void shmemi_ctx_quiet(const char *call, shmem_ctx_t ctx)
{
    if (!ctx->remote && !ctx->remote_pending) {
        shmemi_quiet();
        return;
    }
    shmemi_heap_quiet();
    atomic_thread_fence(memory_order_seq_cst);
    if (ctx->remote)
        shmemi_remote->quiet(call, ctx->remote);
}

static void fence(const char *call, shmem_ctx_t ctx)
{
    shmemi_heap_quiet();
    atomic_thread_fence(memory_order_seq_cst);
    if (shmemi_remote && !ctx->remote_pending)
        shmemi_remote->fence(call, ctx->remote);
}

/* OpenSHMEM 1.5: on SHMEM_CTX_INVALID, fence and quiet do nothing. A PE
 * outside a team gets that context from shmem_team_create_ctx, and programs
 * then complete it like any other, without asking which it got. */
void shmem_ctx_fence(shmem_ctx_t ctx)
{
    if (ctx == SHMEM_CTX_INVALID)
        return;
    shmemi_ctx_check(__func__, ctx);
    fence(__func__, ctx);
}

void shmem_ctx_quiet(shmem_ctx_t ctx)
{
    if (ctx == SHMEM_CTX_INVALID)
        return;
    shmemi_ctx_check(__func__, ctx);
    shmemi_ctx_quiet(__func__, ctx);
}

void shmem_fence(void) { fence(__func__, SHMEM_CTX_DEFAULT); }

void shmem_quiet(void) { shmemi_quiet(); }
