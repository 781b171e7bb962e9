/* Endpoints are made on first use: a job of N PEs where each talks to a few
 * others must not pay for N connections per PE at shmem_init. The shared
 * worker's endpoints connect to the peer's shared worker, a context's
 * worker's to the peer's answer worker (ucx.h says why); a PE serves its
 * peers by progressing those two. */
#include "init/config.h"
#include "init/error.h"
#include "init/runtime.h"
#include "ucx.h"

ucp_ep_h shmemi_ucx_ep_make(const char *call, struct shmemi_ucx_worker *w, int pe)
{
    pthread_mutex_lock(&shmemi_ucx.lock);
    ucp_ep_h ep = atomic_load_explicit(&w->eps[pe], memory_order_relaxed);
    if (!ep) {
        ucp_ep_params_t p = {
            .field_mask = UCP_EP_PARAM_FIELD_REMOTE_ADDRESS,
            .address = (const ucp_address_t *)(shmemi_ucx.addrs +
                                               ((size_t)pe * 2 + (w != &shmemi_ucx.shared)) *
                                                   shmemi_ucx.addr_len),
        };
        ucs_status_t st = ucp_ep_create(w->worker, &p, &ep);
        if (st != UCS_OK)
            shmemi_ucx_fail(call, "ucp_ep_create", st, pe);
        atomic_store_explicit(&w->eps[pe], ep, memory_order_release);
        int n = atomic_load_explicit(&w->n_made, memory_order_relaxed);
        w->made[n] = pe;
        atomic_store_explicit(&w->n_made, n + 1, memory_order_release);
    }
    pthread_mutex_unlock(&shmemi_ucx.lock);
    return ep;
}

/* Whether a close failed only because the peer went first: after the last
 * barrier it may destroy its workers and leave at any time, and over tcp
 * this PE's endpoint to it then reports the connection reset, gone, or
 * timed out, at once or later (about one 4-PE run of vnode_nbi or vnode_ctx
 * in three, once contexts had workers of their own). */
static int peer_gone(ucs_status_t st)
{
    return st == UCS_ERR_CONNECTION_RESET || st == UCS_ERR_NOT_CONNECTED ||
           st == UCS_ERR_ENDPOINT_TIMEOUT;
}

/* At shmem_finalize, after the last barrier, with every operation of w
 * complete (a context's worker was quieted when its context went; the
 * shared one before the barrier): a flushing close sends out what the
 * endpoints still hold (a flag of that barrier may be in UCX's buffers),
 * which a peer that has not left the barrier waits for; a peer that is
 * gone needed nothing more, and SHMEM_DEBUG says so. */
void shmemi_ucx_eps_close(const char *call, struct shmemi_ucx_worker *w)
{
    struct shmemi_ucx_batch b;
    shmemi_ucx_batch_init(&b, w);
    int n = atomic_load_explicit(&w->n_made, memory_order_acquire);
    for (int i = 0; i < n; i++) {
        int pe = w->made[i];
        ucp_ep_h ep = atomic_load(&w->eps[pe]);
        ucs_status_ptr_t req = ucp_ep_close_nbx(ep, &b.param);
        ucs_status_t ok = UCS_OK;
        if (UCS_PTR_IS_ERR(req) && peer_gone(UCS_PTR_STATUS(req)))
            atomic_compare_exchange_strong(&b.status, &ok, UCS_PTR_STATUS(req));
        else
            shmemi_ucx_batch_add(&b, call, "ucp_ep_close_nbx", req, pe);
        atomic_store(&w->eps[pe], NULL);
    }
    atomic_store(&w->n_made, 0);
    shmemi_ucx_batch_drain(&b, 0, call, "ucp_ep_close_nbx", -1);
    ucs_status_t st = atomic_load_explicit(&b.status, memory_order_relaxed);
    if (st != UCS_OK && !peer_gone(st))
        shmemi_ucx_fail(call, "ucp_ep_close_nbx", st, -1);
    if (st != UCS_OK && shmemi_config.debug)
        shmemi_warn(call, "closing UCX endpoints: %s (a peer that finished first; "
                    "nothing was lost)", ucs_status_string(st));
}
