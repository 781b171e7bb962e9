/* A put between PEs of a node is a store (or memcpy, which may use
 * non-temporal stores for large sizes): a full fence both orders and
 * completes them, for fence and quiet alike. On a device heap a put is a
 * copy-engine transfer; those run in order, and quiet waits for them. To
 * other nodes, the transport orders (fence) or completes (quiet) what this
 * PE sent. */
#include <stdatomic.h>

#include <shmem.h>

#include "../device/proxy.h"
#include "../heap/heap.h"
#include "../rma/ctx.h"
#include "../transport/transport.h"
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
        shmemi_remote->quiet();
    }
}

static void fence(void)
{
    shmemi_heap_quiet();
    atomic_thread_fence(memory_order_seq_cst);
    if (shmemi_remote)
        shmemi_remote->fence();
}

void shmem_ctx_fence(shmem_ctx_t ctx)
{
    shmemi_ctx_check(__func__, ctx);
    fence();
}

void shmem_ctx_quiet(shmem_ctx_t ctx)
{
    shmemi_ctx_check(__func__, ctx);
    shmemi_quiet();
}

void shmem_fence(void) { fence(); }

void shmem_quiet(void) { shmemi_quiet(); }
