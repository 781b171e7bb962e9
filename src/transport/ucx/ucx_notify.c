/* The barriers' flags to other nodes, as UCP active messages. Over every
 * transport that cannot write the heap by itself (tcp; shared memory that
 * UCX did not allocate, which the heap is) UCX emulates a put as an active
 * message that the target acknowledges with a message of its own: two
 * messages for one word, and over tcp two sends on each side of a barrier.
 * Ours is one message, whose handler stores the word, run by the target's
 * progress as the emulated put's was: the target of a flag waits for it in
 * a barrier, which progresses the worker (ucx_sync.c).
 *
 * The handler only raises a word (a later sequence number already there
 * stays), so flags stay right even if two of them to one word, of
 * successive barriers, were delivered out of order. */
#include <string.h>

#include "init/error.h"
#include "ucx.h"

struct notify_msg {
    uint64_t off;  /* in the segment */
    uint32_t seg;  /* enum shmemi_segment */
    uint32_t value;
};

static ucs_status_t on_notify(void *arg, const void *header, size_t header_length, void *data,
                              size_t length, const ucp_am_recv_param_t *param)
{
    (void)arg, (void)header_length, (void)data, (void)length, (void)param;
    struct notify_msg m; /* the header, which UCX need not align */
    memcpy(&m, header, sizeof m);
    _Atomic uint32_t *w = (_Atomic uint32_t *)(shmemi_ucx.segs[m.seg].base + m.off);
    uint32_t old = atomic_load_explicit(w, memory_order_relaxed);
    if (old == 0 || (int32_t)(m.value - old) > 0)
        atomic_store_explicit(w, m.value, memory_order_release);
    return UCS_OK;
}

void shmemi_ucx_notify_init(void)
{
    ucp_am_handler_param_t p = {
        .field_mask = UCP_AM_HANDLER_PARAM_FIELD_ID | UCP_AM_HANDLER_PARAM_FIELD_FLAGS |
                      UCP_AM_HANDLER_PARAM_FIELD_CB,
        .id = SHMEMI_UCX_AM_NOTIFY,
        .flags = UCP_AM_FLAG_WHOLE_MSG,
        .cb = on_notify,
    };
    ucs_status_t st = ucp_worker_set_am_recv_handler(shmemi_ucx.shared.worker, &p);
    if (st != UCS_OK)
        shmemi_ucx_fail("shmem_init", "ucp_worker_set_am_recv_handler", st, -1);
}

void shmemi_ucx_notify(const char *call, _Atomic uint32_t *w, uint32_t v, int pe)
{
    struct notify_msg m = {.seg = SHMEMI_SEG_COUNT, .value = v};
    for (int seg = 0; seg < SHMEMI_SEG_COUNT; seg++) {
        size_t off;
        if (shmemi_ucx_in_seg(seg, w, &off)) {
            m.off = off;
            m.seg = (uint32_t)seg;
            break;
        }
    }
    if (m.seg == SHMEMI_SEG_COUNT)
        shmemi_ucx_unregistered(call, (void *)w);
    struct shmemi_ucx_batch b;
    shmemi_ucx_batch_init(&b, &shmemi_ucx.shared);
    b.param.op_attr_mask |= UCP_OP_ATTR_FIELD_FLAGS;
    b.param.flags = UCP_AM_SEND_FLAG_EAGER;
    /* The message is read from m until the request completes. */
    ucp_ep_h ep = shmemi_ucx_ep(call, &shmemi_ucx.shared, pe);
    shmemi_ucx_batch_add(&b, call, "ucp_am_send_nbx",
                         ucp_am_send_nbx(ep, SHMEMI_UCX_AM_NOTIFY, &m, sizeof m, NULL, 0,
                                         &b.param),
                         pe);
    shmemi_ucx_batch_wait(&b, call, "ucp_am_send_nbx", pe);
}
