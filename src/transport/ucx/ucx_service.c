/* The heap service: a PE whose data heap UCX cannot register (GPU memory:
 * Debian's UCX has no CUDA support) serves it itself. Peers of other nodes
 * send it active messages (ucx_served.c), and its handlers perform them on
 * its own heap with the same code a node peer's access to its own heap
 * uses: the heap backend's copies (the copy engine for a device heap,
 * memcpy for a host heap) and the local AMO (the library's one-thread
 * kernel on a device heap, a CPU atomic on a host heap). So the one service
 * runs for host heaps in CI (SHMEM_UCX_HEAP_SERVICE=1) and for device heaps
 * on a GPU.
 *
 * Handlers run inside ucp_worker_progress of the PE's shared or answer
 * worker, which every wait of the runtime calls (ucx_sync.c), in whichever
 * thread that is (a user thread, or the device proxy's): the backend's
 * copies and the device AMO make the PE's CUDA context current themselves.
 * A put is acknowledged once it has landed, a get and an AMO answered with
 * their data, through the endpoint UCX hands the handler back to the
 * sending worker (a context's own worker too, which has no published
 * address).
 * Payloads past UCX's eager size come by rendezvous into a bounce buffer,
 * and the put is applied when it has arrived. Answers are sent from inside
 * the handler, which UCP allows (only progress is not). */
#include <stdlib.h>
#include <string.h>

#include "heap/heap.h"
#include "init/config.h"
#include "init/error.h"
#include "rma/amo.h"
#include "ucx_am.h"

#define CALL "heap service"

struct shmemi_am_msg *shmemi_am_msg_new(const char *call, size_t bytes)
{
    struct shmemi_am_msg *m = malloc(sizeof *m + bytes);
    if (!m)
        shmemi_fatal(call, "out of memory for a message of %zu bytes to a served heap",
                     bytes);
    m->b = NULL;
    memset(&m->h, 0, sizeof m->h);
    return m;
}

/* An answer's own completion matters to no one here: its receiver waits
 * for it, and one that cannot arrive (its PE is gone, or UCX cancels it as
 * the worker closes at shmem_finalize) leaves that PE to the job's end. */
static void sent(void *request, ucs_status_t st, void *user)
{
    struct shmemi_am_msg *m = user;
    if (m->b)
        shmemi_ucx_batch_done(m->b, request, st);
    else
        ucp_request_free(request);
    free(m);
}

void shmemi_am_send(const char *call, ucp_ep_h ep, enum shmemi_ucx_am id,
                    struct shmemi_am_msg *m, const void *data, size_t bytes, uint32_t flags,
                    int pe)
{
    ucp_request_param_t p = {
        .op_attr_mask = UCP_OP_ATTR_FIELD_CALLBACK | UCP_OP_ATTR_FIELD_USER_DATA |
                        UCP_OP_ATTR_FIELD_FLAGS,
        .cb.send = sent,
        .user_data = m,
        .flags = flags,
    };
    struct shmemi_ucx_batch *b = m->b;
    ucs_status_ptr_t r = ucp_am_send_nbx(ep, id, &m->h, sizeof m->h, data, bytes, &p);
    if (UCS_PTR_IS_ERR(r))
        shmemi_ucx_fail(call, "ucp_am_send_nbx (to a served heap, or its answer)",
                        UCS_PTR_STATUS(r), pe);
    if (!r)
        free(m);
    else if (b)
        shmemi_ucx_batch_add(b, call, "ucp_am_send_nbx", r, pe);
}

/* This PE's heap at off, for bytes. The initiator checked the range
 * against its heap's size, which is this PE's too: a chunk is mapped on
 * every PE before any PE learns of it (the exposing allgather comes after
 * the mapping), though this PE's size may be counted up only just after,
 * while another thread (the device proxy's) serves. So the bound here is
 * the heap's reserved range: a range past it is the runtime's defect. */
static char *heap_at(uint64_t off, uint64_t bytes)
{
    if (off > shmemi_heap.cap || bytes > shmemi_heap.cap - off)
        shmemi_fatal(CALL, "internal error: a peer named %llu bytes at offset %llu of "
                     "this PE's heap, whose range is %zu bytes", (unsigned long long)bytes,
                     (unsigned long long)off, shmemi_heap.cap);
    return shmemi_heap.base + off;
}

static ucp_ep_h reply_ep(const ucp_am_recv_param_t *param)
{
    if (!(param->recv_attr & UCP_AM_RECV_ATTR_FIELD_REPLY_EP) || !param->reply_ep)
        shmemi_fatal(CALL, "internal error: a request to the heap service came without "
                     "the endpoint to answer on");
    return param->reply_ep;
}

static void answer(ucp_ep_h ep, enum shmemi_ucx_am id, uint64_t token, uint64_t off,
                   struct shmemi_am_msg *m, size_t bytes)
{
    if (!m)
        m = shmemi_am_msg_new(CALL, 0);
    m->h.token = token;
    m->h.off = off;
    shmemi_am_send(CALL, ep, id, m, m->payload, bytes, 0, -1);
}

/* A put that came by rendezvous, in its bounce buffer until it has come. */
struct landing {
    ucp_ep_h ep;
    struct shmemi_am_hdr h;
    size_t bytes;
    char bounce[];
};

static void land(struct landing *l)
{
    shmemi_heap_copy(heap_at(l->h.off, l->bytes), l->bounce, l->bytes);
    answer(l->ep, SHMEMI_AM_ACK, l->h.token, 0, NULL, 0);
    free(l);
}

static void landed(void *request, ucs_status_t st, size_t length, void *user)
{
    (void)length;
    if (st != UCS_OK)
        shmemi_ucx_fail(CALL, "ucp_am_recv_data_nbx (a put's data)", st, -1);
    ucp_request_free(request);
    land(user);
}

static ucs_status_t on_put(void *arg, const void *header, size_t header_length, void *data,
                           size_t length, const ucp_am_recv_param_t *param)
{
    (void)header_length;
    struct shmemi_am_hdr h;
    memcpy(&h, header, sizeof h);
    ucp_ep_h ep = reply_ep(param);
    if (!(param->recv_attr & UCP_AM_RECV_ATTR_FLAG_RNDV)) {
        shmemi_heap_copy(heap_at(h.off, length), data, length);
        answer(ep, SHMEMI_AM_ACK, h.token, 0, NULL, 0);
        return UCS_OK;
    }
    heap_at(h.off, length);
    struct landing *l = malloc(sizeof *l + length);
    if (!l)
        shmemi_fatal(CALL, "out of memory for a bounce buffer of %zu bytes", length);
    l->ep = ep;
    l->h = h;
    l->bytes = length;
    ucp_request_param_t p = {
        .op_attr_mask = UCP_OP_ATTR_FIELD_CALLBACK | UCP_OP_ATTR_FIELD_USER_DATA,
        .cb.recv_am = landed,
        .user_data = l,
    };
    ucs_status_ptr_t r = ucp_am_recv_data_nbx(arg, data, l->bounce, length, &p);
    if (UCS_PTR_IS_ERR(r))
        shmemi_ucx_fail(CALL, "ucp_am_recv_data_nbx (a put's data)", UCS_PTR_STATUS(r), -1);
    if (!r)
        land(l);
    return UCS_INPROGRESS;
}

static ucs_status_t on_get(void *arg, const void *header, size_t header_length, void *data,
                           size_t length, const ucp_am_recv_param_t *param)
{
    (void)arg, (void)header_length, (void)data, (void)length;
    struct shmemi_am_hdr h;
    memcpy(&h, header, sizeof h);
    struct shmemi_am_msg *m = shmemi_am_msg_new(CALL, h.bytes);
    shmemi_heap_copy(m->payload, heap_at(h.off, h.bytes), h.bytes);
    /* The REPLY's off places the data in the initiator's buffer. */
    answer(reply_ep(param), SHMEMI_AM_REPLY, h.token, h.value, m, h.bytes);
    return UCS_OK;
}

/* The local AMO on this PE's own word: a CPU atomic, or the device AMO
 * kernel on a device heap (rma/amo.h decides, as for a node peer). */
static uint64_t local_amo(const struct shmemi_am_hdr *h)
{
    char *word = heap_at(h->off, h->bytes);
    return shmemi_amo(CALL, SHMEM_CTX_DEFAULT, (enum shmemi_amo_op)h->op, word, h->bytes,
                      h->value, h->cond, shmemi_state.my_pe);
}

static ucs_status_t on_amo(void *arg, const void *header, size_t header_length, void *data,
                           size_t length, const ucp_am_recv_param_t *param)
{
    (void)arg, (void)header_length, (void)data, (void)length;
    struct shmemi_am_hdr h;
    memcpy(&h, header, sizeof h);
    struct shmemi_am_msg *m = shmemi_am_msg_new(CALL, sizeof(uint64_t));
    uint64_t old = local_amo(&h);
    memcpy(m->payload, &old, sizeof old);
    answer(reply_ep(param), SHMEMI_AM_REPLY, h.token, 0, m, sizeof old);
    return UCS_OK;
}

static ucs_status_t on_amo_post(void *arg, const void *header, size_t header_length,
                                void *data, size_t length, const ucp_am_recv_param_t *param)
{
    (void)arg, (void)header_length, (void)data, (void)length;
    struct shmemi_am_hdr h;
    memcpy(&h, header, sizeof h);
    local_amo(&h);
    answer(reply_ep(param), SHMEMI_AM_ACK, h.token, 0, NULL, 0);
    return UCS_OK;
}

/* ---- the initiator's side of the answers ---- */

static ucs_status_t on_ack(void *arg, const void *header, size_t header_length, void *data,
                           size_t length, const ucp_am_recv_param_t *param)
{
    (void)arg, (void)header_length, (void)data, (void)length, (void)param;
    struct shmemi_am_hdr h;
    memcpy(&h, header, sizeof h);
    shmemi_ucx_batch_end((struct shmemi_ucx_batch *)(uintptr_t)h.token, UCS_OK);
    return UCS_OK;
}

static void replied(void *request, ucs_status_t st, size_t length, void *user)
{
    (void)length;
    ucp_request_free(request);
    shmemi_ucx_batch_end(&((struct shmemi_ucx_reply *)user)->b, st);
}

static ucs_status_t on_reply(void *arg, const void *header, size_t header_length, void *data,
                             size_t length, const ucp_am_recv_param_t *param)
{
    (void)header_length;
    struct shmemi_am_hdr h;
    memcpy(&h, header, sizeof h);
    struct shmemi_ucx_reply *r = (struct shmemi_ucx_reply *)(uintptr_t)h.token;
    char *dst = r->dst + h.off;
    if (!(param->recv_attr & UCP_AM_RECV_ATTR_FLAG_RNDV)) {
        memcpy(dst, data, length);
        shmemi_ucx_batch_end(&r->b, UCS_OK);
        return UCS_OK;
    }
    ucp_request_param_t p = {
        .op_attr_mask = UCP_OP_ATTR_FIELD_CALLBACK | UCP_OP_ATTR_FIELD_USER_DATA,
        .cb.recv_am = replied,
        .user_data = r,
    };
    ucs_status_ptr_t s = ucp_am_recv_data_nbx(arg, data, dst, length, &p);
    if (UCS_PTR_IS_ERR(s))
        shmemi_ucx_batch_end(&r->b, UCS_PTR_STATUS(s));
    else if (!s)
        shmemi_ucx_batch_end(&r->b, UCS_OK);
    return UCS_INPROGRESS;
}

static const ucp_am_recv_callback_t handlers[SHMEMI_AM_COUNT] = {
    [SHMEMI_AM_PUT] = on_put,   [SHMEMI_AM_GET] = on_get,     [SHMEMI_AM_AMO] = on_amo,
    [SHMEMI_AM_AMO_POST] = on_amo_post, [SHMEMI_AM_ACK] = on_ack, [SHMEMI_AM_REPLY] = on_reply,
};

void shmemi_ucx_service_handlers(const char *call, ucp_worker_h worker)
{
    for (unsigned id = SHMEMI_AM_PUT; id < SHMEMI_AM_COUNT; id++) {
        ucp_am_handler_param_t p = {
            .field_mask = UCP_AM_HANDLER_PARAM_FIELD_ID | UCP_AM_HANDLER_PARAM_FIELD_CB |
                          UCP_AM_HANDLER_PARAM_FIELD_ARG,
            .id = id,
            .cb = handlers[id],
            .arg = worker,
        };
        ucs_status_t st = ucp_worker_set_am_recv_handler(worker, &p);
        if (st != UCS_OK)
            shmemi_ucx_fail(call, "ucp_worker_set_am_recv_handler (the heap service)", st, -1);
    }
}

/* A device heap is served: UCX cannot register it. SHMEM_UCX_HEAP_SERVICE
 * serves a host heap too, which is how CI tests the service. */
void shmemi_ucx_service_exchange(void)
{
    int n = shmemi_state.n_pes;
    uint64_t mine = shmemi_heap.kind == SHMEMI_HEAP_DEVICE || shmemi_config.ucx_heap_service;
    uint64_t *all = calloc((size_t)n, sizeof *all);
    if (!all)
        shmemi_fatal("shmem_init", "out of memory for the PEs' heap service flags");
    if (shmemi_state.boot.allgather(&mine, all, sizeof mine) != 0)
        shmemi_fatal("shmem_init", "the bootstrap allgather of the PEs' heap service "
                     "flags failed");
    if (mine && shmemi_config.debug)
        shmemi_warn("shmem_init", "this PE serves its symmetric heap to other nodes itself "
                    "(the heap service: %s)", shmemi_heap.kind == SHMEMI_HEAP_DEVICE
                    ? "GPU memory, which UCX cannot reach here" : "SHMEM_UCX_HEAP_SERVICE=1");
    int any = 0;
    for (int pe = 0; pe < n; pe++)
        any |= all[pe] != 0;
    if (any) {
        shmemi_ucx.served = malloc((size_t)n);
        if (!shmemi_ucx.served)
            shmemi_fatal("shmem_init", "out of memory for the PEs' heap service flags");
        for (int pe = 0; pe < n; pe++)
            shmemi_ucx.served[pe] = all[pe] != 0;
    }
    free(all);
}
