/* Puts and gets. A transfer may cross from one heap chunk into the next
 * (the allocator hands out space across a growth), and each chunk has its
 * own key: a transfer is one operation per chunk it touches. Puts and gets
 * differ only in the call made for each piece.
 *
 * A blocking transfer counts its requests in a batch of its own and waits
 * for them; a non-blocking one counts them in its worker's nbi batch, whose
 * callback frees each request as it completes, and quiet waits for that
 * batch before it flushes. The count is needed: with each request freed
 * at once and the flush alone to complete them, UCX 1.13's worker flush
 * returned, in about one 4-PE run of vnode_nbi in five, before a software-
 * emulated get (an active message the target answers) had its data here. */
#include "ucx.h"

static const char *const op_name[] = {[SHMEMI_PUT] = "ucp_put_nbx", [SHMEMI_GET] = "ucp_get_nbx"};

/* The steps of a transfer are inlined into each entry point, so that a
 * contiguous put or get (one row of one operation, the constants below)
 * compiles to that operation alone: as calls of up to ten arguments they
 * were a fifth of our library's instructions in a put and quiet over UCX
 * (callgrind), where OSHMEM's whole layer takes about 260. */
#define STEP static inline __attribute__((always_inline))

/* One operation of n bytes, within one chunk of the target's heap; its
 * local buffer named by its memory handle where it lies in the heap (the
 * batch's parameters copied only then). */
STEP ucs_status_ptr_t op(ucp_ep_h ep, enum shmemi_dir d, char *local, size_t n, uint64_t raddr,
                         ucp_rkey_h rkey, const ucp_request_param_t *param)
{
    ucp_request_param_t p;
    ucp_mem_h memh = shmemi_ucx_local_memh(local, n);
    if (memh) {
        p = *param;
        p.op_attr_mask |= UCP_OP_ATTR_FIELD_MEMH;
        p.memh = memh;
        param = &p;
    }
    return d == SHMEMI_PUT ? ucp_put_nbx(ep, local, n, raddr, rkey, param)
                           : ucp_get_nbx(ep, local, n, raddr, rkey, param);
}

/* bytes between local memory and sym on pe, in one operation per chunk. */
STEP void span(struct shmemi_ucx_batch *b, const char *call, ucp_ep_h ep, enum shmemi_dir d,
               char *local, const char *sym, size_t bytes, int pe)
{
    while (bytes) {
        uint64_t raddr;
        ucp_rkey_h rkey;
        size_t n = shmemi_ucx_locate(call, b->w, sym, bytes, pe, &raddr, &rkey);
        shmemi_ucx_batch_add(b, call, op_name[d], op(ep, d, local, n, raddr, rkey, &b->param),
                             pe);
        sym += n, local += n, bytes -= n;
    }
}

/* UCP's RMA takes contiguous buffers only: a row is an operation. Rows go
 * out ROWS_IN_FLIGHT at a time, so a long strided transfer does not hold a
 * request per element. A contiguous transfer is one row. A row of a served
 * heap is a message to its PE's service (ucx_served.c). Returns whether
 * the rows were served: their puts then complete by acknowledgement, not
 * by the flush that counted puts ask of quiet. */
#define ROWS_IN_FLIGHT 256

STEP int rows(struct shmemi_ucx_worker *w, const char *call, enum shmemi_dir d, char *local,
              size_t lpitch, const char *sym, size_t spitch, size_t width, size_t n, int pe)
{
    struct shmemi_ucx_batch b;
    shmemi_ucx_batch_init(&b, w);
    int served = shmemi_ucx_served(sym, pe);
    ucp_ep_h ep = served ? NULL : shmemi_ucx_ep(call, w, pe);
    for (size_t i = 0; i < n; i++) {
        char *l = local + i * lpitch;
        const char *s = sym + i * spitch;
        if (!served)
            span(&b, call, ep, d, l, s, width, pe);
        else if (d == SHMEMI_PUT)
            shmemi_ucx_served_put(call, w, &b, s, l, width, pe);
        else
            shmemi_ucx_served_get(call, w, l, s, width, pe);
        if (i % ROWS_IN_FLIGHT == ROWS_IN_FLIGHT - 1)
            shmemi_ucx_batch_wait(&b, call, op_name[d], pe);
    }
    shmemi_ucx_batch_wait(&b, call, op_name[d], pe);
    return served;
}

/* local is writable for puts too: UCP reads a put's source without writing
 * it. */
STEP void xfer(const char *call, struct shmemi_remote_ctx *rc, enum shmemi_dir d, char *local,
               size_t lpitch, const char *sym, size_t spitch, size_t width, size_t n, int pe)
{
    if (shmemi_ucx_local_on_gpu(local, width)) {
        shmemi_ucx_staged(call, rc, d, local, lpitch, sym, spitch, width, n, pe);
        return;
    }
    struct shmemi_ucx_worker *w = shmemi_ucx_hold(rc);
    if (!rows(w, call, d, local, lpitch, sym, spitch, width, n, pe) && d == SHMEMI_PUT)
        shmemi_ucx_count_put(w);
    shmemi_ucx_release(rc);
}

void shmemi_ucx_xfer(const char *call, struct shmemi_remote_ctx *rc, enum shmemi_dir d,
                     char *local, size_t lpitch, const char *sym, size_t spitch, size_t width,
                     size_t n, int pe)
{
    xfer(call, rc, d, local, lpitch, sym, spitch, width, n, pe);
}

void shmemi_ucx_put(const char *call, struct shmemi_remote_ctx *rc, void *sym,
                    const void *src, size_t bytes, int pe)
{
    xfer(call, rc, SHMEMI_PUT, (char *)src, 0, sym, 0, bytes, 1, pe);
}

void shmemi_ucx_put_internal(const char *call, void *sym, const void *src, size_t bytes,
                             int pe)
{
    rows(&shmemi_ucx.shared, call, SHMEMI_PUT, (char *)src, 0, sym, 0, bytes, 1, pe);
}

void shmemi_ucx_get(const char *call, struct shmemi_remote_ctx *rc, void *dst,
                    const void *sym, size_t bytes, int pe)
{
    xfer(call, rc, SHMEMI_GET, dst, 0, sym, 0, bytes, 1, pe);
}

void shmemi_ucx_put_rows(const char *call, struct shmemi_remote_ctx *rc, char *sym,
                         size_t dpitch, const char *src, size_t spitch, size_t width,
                         size_t n, int pe)
{
    shmemi_ucx_xfer(call, rc, SHMEMI_PUT, (char *)src, spitch, sym, dpitch, width, n, pe);
}

void shmemi_ucx_get_rows(const char *call, struct shmemi_remote_ctx *rc, char *dst,
                         size_t dpitch, const char *sym, size_t spitch, size_t width,
                         size_t n, int pe)
{
    shmemi_ucx_xfer(call, rc, SHMEMI_GET, dst, dpitch, sym, spitch, width, n, pe);
}

/* An _nbi transfer within one chunk, the common case, is one operation
 * with nothing kept across the UCX call but what a failure reports; one
 * that crosses chunks takes span's loop. */
static void nbi_ops(struct shmemi_ucx_worker *w, const char *call, enum shmemi_dir d,
                    char *local, const char *sym, size_t bytes, int pe)
{
    struct shmemi_ucx_batch *b = &w->nbi;
    ucp_ep_h ep = shmemi_ucx_ep(call, w, pe);
    uint64_t raddr;
    ucp_rkey_h rkey;
    if (__builtin_expect(shmemi_ucx_locate(call, w, sym, bytes, pe, &raddr, &rkey) < bytes, 0)) {
        span(b, call, ep, d, local, sym, bytes, pe);
        return;
    }
    shmemi_ucx_batch_add(b, call, op_name[d], op(ep, d, local, bytes, raddr, rkey, &b->param),
                         pe);
}

/* Through a bounce buffer or to a served heap's get, an _nbi transfer is
 * a blocking one, which the specification allows; a put to a served heap
 * joins the nbi batch like any other. */
static void nbi(const char *call, struct shmemi_remote_ctx *rc, enum shmemi_dir d, char *local,
                const char *sym, size_t bytes, int pe)
{
    int served = shmemi_ucx_served(sym, pe);
    if (shmemi_ucx_local_on_gpu(local, bytes) || (served && d == SHMEMI_GET)) {
        shmemi_ucx_xfer(call, rc, d, local, 0, sym, 0, bytes, 1, pe);
        return;
    }
    struct shmemi_ucx_worker *w = shmemi_ucx_hold(rc);
    shmemi_ucx_nbi_room(w, call, pe);
    if (served) {
        shmemi_ucx_served_put(call, w, &w->nbi, sym, local, bytes, pe);
    } else {
        nbi_ops(w, call, d, local, sym, bytes, pe);
        if (d == SHMEMI_PUT)
            shmemi_ucx_count_put(w);
    }
    shmemi_ucx_release(rc);
}

void shmemi_ucx_put_nbi(const char *call, struct shmemi_remote_ctx *rc, void *sym,
                        const void *src, size_t bytes, int pe)
{
    nbi(call, rc, SHMEMI_PUT, (char *)src, sym, bytes, pe);
}

void shmemi_ucx_get_nbi(const char *call, struct shmemi_remote_ctx *rc, void *dst,
                        const void *sym, size_t bytes, int pe)
{
    nbi(call, rc, SHMEMI_GET, dst, sym, bytes, pe);
}
