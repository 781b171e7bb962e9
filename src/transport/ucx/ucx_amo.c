/* AMOs on a word of another node. UCP has add, and, or, xor, swap and
 * compare-swap on 32- and 64-bit words, which is every operation of
 * shmemi_amo: a fetch is an or with 0 and a set a swap whose old value is
 * dropped, so that both stay atomic with respect to the other AMOs on the
 * word (a get or put of it would not be). Every type of the AMO tables is a
 * 4- or 8-byte word by then (rma/amo.h passes float and double as their
 * bits, and the specification has no arithmetic on them).
 *
 * shmemi_ucx_amo fetches and waits: shmemi_amo returns the old value.
 * shmemi_ucx_amo_post does not wait and asks for no callback: UCX 1.16
 * reports a posted AMO complete at once and frees any request it made
 * (under callgrind the callback of a posted add never ran), and
 * the worker flush that quiet makes, counted as a put's, completes the
 * operation, as UCX's own ucp_atomic_post leaves it to. Its operand lives
 * on the stack: UCX takes it during the call, as ucp_atomic_post relies
 * on, passing the address of its own argument: allocating it until a
 * callback would add a malloc and a free to every posted AMO (measured:
 * bench/results/2026-11-27-ucx-draws.md). A word of a served heap is its
 * PE's service's (ucx_served.c). */
#include "ucx.h"

static ucp_atomic_op_t opcode(enum shmemi_amo_op op)
{
    switch (op) {
    case SHMEMI_AMO_FETCH:
    case SHMEMI_AMO_OR:
        return UCP_ATOMIC_OP_OR;
    case SHMEMI_AMO_SET:
    case SHMEMI_AMO_SWAP:
        return UCP_ATOMIC_OP_SWAP;
    case SHMEMI_AMO_CSWAP:
        return UCP_ATOMIC_OP_CSWAP;
    case SHMEMI_AMO_ADD:
        return UCP_ATOMIC_OP_ADD;
    case SHMEMI_AMO_AND:
        return UCP_ATOMIC_OP_AND;
    case SHMEMI_AMO_XOR:
        return UCP_ATOMIC_OP_XOR;
    }
    __builtin_unreachable();
}

uint64_t shmemi_ucx_amo(const char *call, struct shmemi_remote_ctx *rc, enum shmemi_amo_op op,
                        const void *sym, size_t size, uint64_t value, uint64_t cond, int pe)
{
    if (shmemi_ucx_served(sym, pe)) {
        uint64_t old = shmemi_ucx_served_amo(call, shmemi_ucx_hold(rc), op, sym, size, value,
                                             cond, pe);
        shmemi_ucx_release(rc);
        return old;
    }
    if (op == SHMEMI_AMO_FETCH)
        value = 0;
    /* Compare-swap compares with the operand and stores the reply buffer's
     * value, which it then overwrites with the old word. */
    uint64_t operand = op == SHMEMI_AMO_CSWAP ? cond : value;
    uint64_t reply = op == SHMEMI_AMO_CSWAP ? value : 0;
    union {
        uint32_t w32;
        uint64_t w64;
    } in, out;
    if (size == sizeof(uint32_t))
        in.w32 = (uint32_t)operand, out.w32 = (uint32_t)reply;
    else
        in.w64 = operand, out.w64 = reply;

    struct shmemi_ucx_worker *w = shmemi_ucx_hold(rc);
    uint64_t raddr;
    ucp_rkey_h rkey;
    shmemi_ucx_locate(call, w, sym, size, pe, &raddr, &rkey);
    ucp_ep_h ep = shmemi_ucx_ep(call, w, pe);
    struct shmemi_ucx_batch b;
    shmemi_ucx_batch_init(&b, w);
    b.param.op_attr_mask |= UCP_OP_ATTR_FIELD_DATATYPE | UCP_OP_ATTR_FIELD_REPLY_BUFFER;
    b.param.datatype = ucp_dt_make_contig(size);
    b.param.reply_buffer = &out;
    shmemi_ucx_batch_add(&b, call, "ucp_atomic_op_nbx",
                         ucp_atomic_op_nbx(ep, opcode(op), &in, 1, raddr, rkey, &b.param), pe);
    shmemi_ucx_batch_wait(&b, call, "ucp_atomic_op_nbx", pe);
    shmemi_ucx_release(rc);
    if (op == SHMEMI_AMO_SET)
        return 0;
    return size == sizeof(uint32_t) ? out.w32 : out.w64;
}

void shmemi_ucx_amo_post(const char *call, struct shmemi_remote_ctx *rc,
                         enum shmemi_amo_op op, const void *sym, size_t size, uint64_t value,
                         int pe)
{
    struct shmemi_ucx_worker *w = shmemi_ucx_hold(rc);
    if (shmemi_ucx_served(sym, pe)) {
        shmemi_ucx_served_amo_post(call, w, op, sym, size, value, pe);
        shmemi_ucx_release(rc);
        return;
    }
    /* On UCX 1.13 over tcp, a job of 3 or more PEs on nodes of one whose
     * first operation on an endpoint was a posted AMO died in UCX's
     * progress (a segmentation fault, or an assertion on a wireup message
     * in the endpoint's pending queue) in 7 runs of 10; with a fetching
     * AMO or a put first, and posted AMOs after either, none of 12 did
     * (test/vnode_amo_post.c). So an AMO that makes its endpoint waits for
     * its answer, once per worker and peer. */
    if (__builtin_expect(atomic_load_explicit(&w->eps[pe], memory_order_acquire) == NULL, 0)) {
        shmemi_ucx_release(rc);
        shmemi_ucx_amo(call, rc, op, sym, size, value, 0, pe);
        return;
    }
    uint64_t raddr;
    ucp_rkey_h rkey;
    shmemi_ucx_locate(call, w, sym, size, pe, &raddr, &rkey);
    ucp_ep_h ep = shmemi_ucx_ep(call, w, pe);
    union {
        uint32_t w32;
        uint64_t w64;
    } in;
    if (size == sizeof(uint32_t))
        in.w32 = (uint32_t)value;
    else
        in.w64 = value;
    ucp_request_param_t param = {
        .op_attr_mask = UCP_OP_ATTR_FIELD_DATATYPE,
        .datatype = ucp_dt_make_contig(size),
    };
    ucs_status_ptr_t r = ucp_atomic_op_nbx(ep, opcode(op), &in, 1, raddr, rkey, &param);
    if (UCS_PTR_IS_ERR(r))
        shmemi_ucx_fail(call, "ucp_atomic_op_nbx", UCS_PTR_STATUS(r), pe);
    if (r)
        ucp_request_free(r);
    shmemi_ucx_count_put(w);
    shmemi_ucx_release(rc);
}
