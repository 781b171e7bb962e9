/* Puts and gets. A transfer may cross from one heap chunk into the next
 * (the allocator hands out space across a growth), and each chunk has its
 * own key: a transfer is one operation per chunk it touches. */
#include "ucx.h"

static void put_span(struct shmemi_ucx_batch *b, const char *call, ucp_ep_h ep, char *sym,
                     const char *src, size_t bytes, int pe)
{
    while (bytes) {
        uint64_t raddr;
        ucp_rkey_h rkey;
        size_t n = shmemi_ucx_locate(call, sym, bytes, pe, &raddr, &rkey);
        shmemi_ucx_batch_add(b, call, "ucp_put_nbx",
                             ucp_put_nbx(ep, src, n, raddr, rkey, &b->param), pe);
        sym += n, src += n, bytes -= n;
    }
}

static void get_span(struct shmemi_ucx_batch *b, const char *call, ucp_ep_h ep, char *dst,
                     const char *sym, size_t bytes, int pe)
{
    while (bytes) {
        uint64_t raddr;
        ucp_rkey_h rkey;
        size_t n = shmemi_ucx_locate(call, sym, bytes, pe, &raddr, &rkey);
        shmemi_ucx_batch_add(b, call, "ucp_get_nbx",
                             ucp_get_nbx(ep, dst, n, raddr, rkey, &b->param), pe);
        sym += n, dst += n, bytes -= n;
    }
}

void shmemi_ucx_put(const char *call, void *sym, const void *src, size_t bytes, int pe)
{
    struct shmemi_ucx_batch b;
    shmemi_ucx_batch_init(&b);
    put_span(&b, call, shmemi_ucx_ep(call, pe), sym, src, bytes, pe);
    shmemi_ucx_batch_wait(&b, call, "ucp_put_nbx", pe);
}

void shmemi_ucx_get(const char *call, void *dst, const void *sym, size_t bytes, int pe)
{
    struct shmemi_ucx_batch b;
    shmemi_ucx_batch_init(&b);
    get_span(&b, call, shmemi_ucx_ep(call, pe), dst, sym, bytes, pe);
    shmemi_ucx_batch_wait(&b, call, "ucp_get_nbx", pe);
}

/* UCP's RMA takes contiguous buffers only: a row is an operation. Rows go
 * out ROWS_IN_FLIGHT at a time, so a long strided transfer does not hold a
 * request per element. */
#define ROWS_IN_FLIGHT 256

void shmemi_ucx_put_rows(const char *call, char *sym, size_t dpitch, const char *src,
                         size_t spitch, size_t width, size_t n, int pe)
{
    struct shmemi_ucx_batch b;
    shmemi_ucx_batch_init(&b);
    ucp_ep_h ep = shmemi_ucx_ep(call, pe);
    for (size_t i = 0; i < n; i++) {
        put_span(&b, call, ep, sym + i * dpitch, src + i * spitch, width, pe);
        if (i % ROWS_IN_FLIGHT == ROWS_IN_FLIGHT - 1)
            shmemi_ucx_batch_wait(&b, call, "ucp_put_nbx", pe);
    }
    shmemi_ucx_batch_wait(&b, call, "ucp_put_nbx", pe);
}

void shmemi_ucx_get_rows(const char *call, char *dst, size_t dpitch, const char *sym,
                         size_t spitch, size_t width, size_t n, int pe)
{
    struct shmemi_ucx_batch b;
    shmemi_ucx_batch_init(&b);
    ucp_ep_h ep = shmemi_ucx_ep(call, pe);
    for (size_t i = 0; i < n; i++) {
        get_span(&b, call, ep, dst + i * dpitch, sym + i * spitch, width, pe);
        if (i % ROWS_IN_FLIGHT == ROWS_IN_FLIGHT - 1)
            shmemi_ucx_batch_wait(&b, call, "ucp_get_nbx", pe);
    }
    shmemi_ucx_batch_wait(&b, call, "ucp_get_nbx", pe);
}
