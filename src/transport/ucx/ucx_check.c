/* Every UCX status is checked, and every blocking operation waits the same
 * way: by progressing its worker until its requests complete. */

#include "heap/heap.h"
#include "init/error.h"
#include "init/runtime.h"
#include "sync/engine/spin.h"
#include "ucx.h"

_Noreturn void shmemi_ucx_fail(const char *call, const char *what, ucs_status_t st, int pe)
{
    char peer[48] = "";
    if (pe >= 0)
        snprintf(peer, sizeof peer, " (peer PE %d, pid %d)", pe, shmemi_state.pids[pe]);
    shmemi_fatal(call, "UCX %s failed%s: %s. Check that the peer is alive and "
                 "reachable from this host; UCX_LOG_LEVEL=info shows the "
                 "transports UCX chose, and UCX_TLS restricts them (for example "
                 "UCX_TLS=tcp,self)",
                 what, peer, ucs_status_string(st));
}

/* Runs in whichever thread progresses the worker: the counter is released
 * last, since the waiter's batch may go as soon as it reads 0. Inline in
 * the callback, which every request of an _nbi loop ends with. */
static inline void end(struct shmemi_ucx_batch *b, ucs_status_t st)
{
    if (__builtin_expect(st != UCS_OK, 0))
        atomic_store_explicit(&b->status, st, memory_order_relaxed);
    atomic_fetch_sub_explicit(&b->pending, 1, memory_order_release);
}

void shmemi_ucx_batch_end(struct shmemi_ucx_batch *b, ucs_status_t st)
{
    end(b, st);
}

void shmemi_ucx_batch_done(struct shmemi_ucx_batch *b, void *request, ucs_status_t st)
{
    ucp_request_free(request);
    end(b, st);
}

static void done(void *request, ucs_status_t st, void *user)
{
    ucp_request_free(request);
    end(user, st);
}

void shmemi_ucx_batch_init(struct shmemi_ucx_batch *b, struct shmemi_ucx_worker *w)
{
    b->w = w;
    atomic_init(&b->pending, 0);
    atomic_init(&b->status, UCS_OK);
    /* UCX reads only the fields the mask names: zeroing the rest of the
     * parameters was half of this, twice in a blocking put and quiet. */
    b->param.op_attr_mask = UCP_OP_ATTR_FIELD_CALLBACK | UCP_OP_ATTR_FIELD_USER_DATA;
    b->param.cb.send = done;
    b->param.user_data = b;
}

/* Out of line: the wait's loop keeps no report's buffers on its stack. */
__attribute__((noinline, cold)) static _Noreturn void stuck(const char *call, const char *what,
                                                            int pe, double waited)
{
    char peer[32] = "";
    if (pe >= 0)
        snprintf(peer, sizeof peer, " to PE %d", pe);
    shmemi_fatal(call, "waited %.0f s for %s%s to complete: the peer has "
                 "not made progress for it (UCX needs the target's help "
                 "on this path, and a PE that stays out of the library, "
                 "computing, sleeping or hung, holds it up; "
                 "SHMEM_BARRIER_TIMEOUT sets how long to wait before this "
                 "report)", waited, what, peer);
}

void shmemi_ucx_batch_drain(struct shmemi_ucx_batch *b, size_t most, const char *call,
                            const char *what, int pe)
{
    /* As in every wait of the runtime (sync/engine/spin.h): yield the core once
     * spinning stops paying, since the peer that must answer may need it.
     * On a context's worker, the serving ones too: a peer waiting here for
     * this PE's answer (over tcp, to a get of its own) would wait for ever.
     * And, as there, watch for a job that ended: a served heap's answer
     * (ucx_served.c) never comes from a PE that died. Under SHMEM_DEBUG,
     * a wait past SHMEM_BARRIER_TIMEOUT is reported, as in a barrier: where
     * UCX needs the target's help (active messages, transports that emulate
     * RMA), a target that stays out of the library holds the wait up.
     * b's worker first, and the others only when the wait goes on: over
     * shared memory the first progress of a blocking put's worker is what
     * copies its data (cma), and the answer worker's idle progress was a
     * tenth of our library's own instructions in a put and quiet. While b's
     * worker moves, the others are progressed on one turn in 16 only (which
     * still serves peers within microseconds): a quiet after 64 puts over
     * shared memory moves one put a turn, and progressing the idle answer
     * worker on every such turn called ucp_worker_progress twice as often
     * as OSHMEM does (measured: bench/results/2026-11-27-ucx-draws.md). */
    ucp_worker_h w = b->w->worker;
    int own = w != shmemi_ucx.shared.worker;
    struct shmemi_spin_timer timer = {0};
    unsigned turns = 0;
    while (atomic_load_explicit(&b->pending, memory_order_acquire) > most) {
        shmemi_abort_poll();
        int moved = ucp_worker_progress(w) != 0;
        if (atomic_load_explicit(&b->pending, memory_order_acquire) <= most)
            break;
        if (moved && (++turns & 15) != 0) {
            timer.polls = 0;
            continue;
        }
        moved |= own ? shmemi_ucx_serve() : ucp_worker_progress(shmemi_ucx.answer) != 0;
        if (moved)
            timer.polls = 0;
        else
            shmemi_spin_idle(&timer.polls);
        double waited = shmemi_config.debug ? shmemi_spin_waited(&timer) : 0;
        if (waited > 0)
            stuck(call, what, pe, waited);
    }
}
