/* The initiator's side of the heap service (ucx_service.c): puts, gets
 * and AMOs on the data heap of a PE that serves it, as active messages to
 * that PE's shared worker, in pieces of at most SHMEMI_AM_PIECE bytes.
 *
 * Completion: a put's sends complete locally (its source may be reused)
 * in the caller's batch; the target acknowledges each piece once it has
 * landed, counted in the worker's acks batch, which quiet and fence wait
 * for (ucx_sync.c): fence is a quiet for these puts, which the
 * specification allows, since UCP does not order active messages after a
 * fence. A get or a fetching AMO waits for its reply; a posted AMO is
 * acknowledged like a put. A get or fetching AMO first waits for the
 * acknowledgements of the worker's puts: a put that came by rendezvous
 * lands only once the target has pulled its data, and a get sent after it
 * must not read the heap before that. Every wait progresses the worker and watches
 * for a job that ended (shmemi_ucx_batch_drain), so a target that dies
 * leaves no initiator hanging. */
#include "ucx_am.h"

static uint64_t heap_off(const void *sym)
{
    return (uint64_t)((const char *)sym - shmemi_ucx.segs[SHMEMI_SEG_DATA].base);
}

void shmemi_ucx_served_put(const char *call, struct shmemi_ucx_worker *w,
                           struct shmemi_ucx_batch *b, const void *sym, const char *src,
                           size_t bytes, int pe)
{
    ucp_ep_h ep = shmemi_ucx_ep(call, w, pe);
    uint64_t off = heap_off(sym);
    while (bytes) {
        size_t n = bytes < SHMEMI_AM_PIECE ? bytes : SHMEMI_AM_PIECE;
        struct shmemi_am_msg *m = shmemi_am_msg_new(call, 0);
        m->b = b;
        m->h.off = off;
        m->h.token = (uint64_t)(uintptr_t)&w->acks;
        /* Counted before it is sent: the acknowledgement may come first. */
        atomic_fetch_add_explicit(&w->acks.pending, 1, memory_order_relaxed);
        shmemi_am_send(call, ep, SHMEMI_AM_PUT, m, src, n, UCP_AM_SEND_FLAG_REPLY, pe);
        off += n, src += n, bytes -= n;
    }
}

void shmemi_ucx_served_get(const char *call, struct shmemi_ucx_worker *w, char *dst,
                           const void *sym, size_t bytes, int pe)
{
    shmemi_ucx_batch_wait(&w->acks, call, "a put to a served heap", -1);
    ucp_ep_h ep = shmemi_ucx_ep(call, w, pe);
    struct shmemi_ucx_reply r = {.dst = dst};
    shmemi_ucx_batch_init(&r.b, w);
    uint64_t off = heap_off(sym);
    for (size_t at = 0; at < bytes; at += SHMEMI_AM_PIECE) {
        struct shmemi_am_msg *m = shmemi_am_msg_new(call, 0);
        m->b = &r.b;
        m->h.off = off + at;
        m->h.bytes = bytes - at < SHMEMI_AM_PIECE ? bytes - at : SHMEMI_AM_PIECE;
        m->h.value = at;
        m->h.token = (uint64_t)(uintptr_t)&r;
        atomic_fetch_add_explicit(&r.b.pending, 1, memory_order_relaxed);
        shmemi_am_send(call, ep, SHMEMI_AM_GET, m, NULL, 0, UCP_AM_SEND_FLAG_REPLY, pe);
    }
    shmemi_ucx_batch_wait(&r.b, call, "a get from a served heap", pe);
}

static struct shmemi_am_msg *amo_msg(const char *call, enum shmemi_amo_op op,
                                     const void *sym, size_t size, uint64_t value,
                                     uint64_t cond)
{
    struct shmemi_am_msg *m = shmemi_am_msg_new(call, 0);
    m->h.off = heap_off(sym);
    m->h.bytes = size;
    m->h.op = (uint32_t)op;
    m->h.value = value;
    m->h.cond = cond;
    return m;
}

uint64_t shmemi_ucx_served_amo(const char *call, struct shmemi_ucx_worker *w,
                               enum shmemi_amo_op op, const void *sym, size_t size,
                               uint64_t value, uint64_t cond, int pe)
{
    shmemi_ucx_batch_wait(&w->acks, call, "a put to a served heap", -1);
    uint64_t old = 0;
    struct shmemi_ucx_reply r = {.dst = (char *)&old};
    shmemi_ucx_batch_init(&r.b, w);
    struct shmemi_am_msg *m = amo_msg(call, op, sym, size, value, cond);
    m->b = &r.b;
    m->h.token = (uint64_t)(uintptr_t)&r;
    atomic_fetch_add_explicit(&r.b.pending, 1, memory_order_relaxed);
    shmemi_am_send(call, shmemi_ucx_ep(call, w, pe), SHMEMI_AM_AMO, m, NULL, 0,
                   UCP_AM_SEND_FLAG_REPLY, pe);
    shmemi_ucx_batch_wait(&r.b, call, "an AMO on a served heap", pe);
    return old;
}

void shmemi_ucx_served_amo_post(const char *call, struct shmemi_ucx_worker *w,
                                enum shmemi_amo_op op, const void *sym, size_t size,
                                uint64_t value, int pe)
{
    shmemi_ucx_nbi_room(w, call, pe);
    struct shmemi_am_msg *m = amo_msg(call, op, sym, size, value, 0);
    m->b = &w->nbi;
    m->h.token = (uint64_t)(uintptr_t)&w->acks;
    atomic_fetch_add_explicit(&w->acks.pending, 1, memory_order_relaxed);
    shmemi_am_send(call, shmemi_ucx_ep(call, w, pe), SHMEMI_AM_AMO_POST, m, NULL, 0,
                   UCP_AM_SEND_FLAG_REPLY, pe);
}
