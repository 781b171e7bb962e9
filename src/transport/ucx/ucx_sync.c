/* Ordering, completion and progress on the UCX path.
 *
 * Progress: over some transports (tcp, and shared memory for memory UCX did
 * not allocate itself, which the heap is) UCX carries RMA and AMOs as
 * active messages that the TARGET's worker must handle. Every wait of the
 * runtime (wait_until/test loops, barriers, locks, the collectives' waits)
 * runs shmemi_spin_step, which progresses the worker, and so does every
 * blocking UCX operation while it waits. We chose this over a progress
 * thread: a thread would need UCX's multi-threaded worker mode, a lock on
 * every operation even in single-threaded programs, and a core of its own
 * (CI has 2 for up to 4 PEs); and a PE that computes without calling the
 * library delays its peers' operations but cannot deadlock them, since a
 * peer that waits for it does so inside a library call that will progress
 * once it reaches one. */
#include "ucx.h"

/* A context's worker only initiates, so only its own thread's waits (or,
 * for a serialized context, any thread's) need to move it on: a blocking
 * put whose last bytes over tcp wait in UCX for the socket to drain is
 * still delivered while its thread waits for the answer. */
int shmemi_ucx_progress(void)
{
    return shmemi_ucx_serve() | shmemi_ucx_ctx_progress();
}

/* Where ucp_worker_fence only orders, UCP keeps operations after it behind
 * those before it, which is shmem_fence's guarantee (here for every peer at
 * once); not active messages: puts to served heaps are completed instead
 * (ucx_served.c). From UCX 1.14 the fence may instead flush the worker and
 * wait, progressing that worker alone (UCX_FENCE_MODE=strong, which auto
 * picks with the protocols 1.16 enables by default). A peer answers a
 * context's worker from its answer worker, which a PE blocked in such a
 * fence does not progress: two PEs fencing contexts at once hung for ever
 * (vnode_ctx_tcp on UCX 1.16). There the fence is a quiet, whose wait
 * progresses every worker peers need and which skips when no put is
 * outstanding. */
void shmemi_ucx_fence(const char *call, struct shmemi_remote_ctx *rc)
{
    if (!shmemi_ucx.weak_fence) {
        shmemi_ucx_quiet(call, rc);
        return;
    }
    struct shmemi_ucx_worker *w = shmemi_ucx_hold(rc);
    shmemi_ucx_batch_wait(&w->acks, call, "a put to a served heap", -1);
    ucs_status_t st = ucp_worker_fence(w->worker);
    shmemi_ucx_release(rc);
    if (st != UCS_OK)
        shmemi_ucx_fail(call, "ucp_worker_fence", st, -1);
}

/* The _nbi transfers' own completion first: the flush alone may miss a
 * get's data (ucx_rma.c says when); and served heaps' acknowledgements
 * of the puts sent them (ucx_served.c). Then a flush of w, unless no put of
 * the program's was issued on w since the last one began: AMOs and
 * blocking gets are complete when they return, and the runtime's own puts
 * (barrier flags) need no completion, so a barrier after a barrier does not
 * wait a round trip for the acknowledgement of the last one's flags. With
 * threads, a quiet skips only when a flush that began after its thread's
 * last put has ended.
 *
 * The worker, not each endpoint: on UCX 1.16 over tcp a put and a flush of
 * its endpoint take two round trips, a put and a worker flush one, as
 * OSHMEM's quiet does (UCX 1.13 takes two either way; measured:
 * bench/results/2026-11-26-ucx-1.16-vs-oshmem.md). A worker flush also
 * waits on the endpoints UCX made in that worker to answer peers' workers.
 * For the shared worker those answer peers' shared workers, which their
 * PEs' waits progress; the peers' contexts' workers, which only their own
 * threads progress, connect to the answer worker instead (ucx.h): when they
 * connected here, two PEs in shmem_quiet, each waiting for the other's
 * context worker, hung (vnode_ctx, UCX_TLS=tcp,self). A context's worker
 * answers nobody. */
void shmemi_ucx_worker_quiet(const char *call, struct shmemi_ucx_worker *w)
{
    shmemi_ucx_batch_wait(&w->nbi, call, "a non-blocking put or get", -1);
    shmemi_ucx_batch_wait(&w->acks, call, "a put to a served heap", -1);
    uint64_t issued = atomic_load_explicit(&w->puts_issued, memory_order_acquire);
    if (atomic_load_explicit(&w->puts_flushed, memory_order_acquire) >= issued)
        return;
    struct shmemi_ucx_batch b;
    shmemi_ucx_batch_init(&b, w);
    shmemi_ucx_batch_add(&b, call, "ucp_worker_flush_nbx",
                         ucp_worker_flush_nbx(w->worker, &b.param), -1);
    shmemi_ucx_batch_wait(&b, call, "ucp_worker_flush_nbx", -1);
    uint64_t done = atomic_load_explicit(&w->puts_flushed, memory_order_relaxed);
    while (done < issued &&
           !atomic_compare_exchange_weak_explicit(&w->puts_flushed, &done, issued,
                                                  memory_order_release, memory_order_relaxed))
        ;
}

void shmemi_ucx_quiet(const char *call, struct shmemi_remote_ctx *rc)
{
    shmemi_ucx_worker_quiet(call, shmemi_ucx_hold(rc));
    shmemi_ucx_release(rc);
}
