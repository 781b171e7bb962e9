/* Registered memory and remote keys (unpacked per worker). A segment (the control slot, the data
 * heap) is registered chunk by chunk as the heap grows; every PE's chunks
 * are the same offsets and sizes, since growth is collective, so an offset
 * names the same chunk everywhere and only the segment's base address
 * differs from PE to PE. */
#include <stdlib.h>
#include <string.h>

#include "init/error.h"
#include "init/runtime.h"
#include "ucx.h"

static void *xcalloc(const char *call, size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size);
    if (!p)
        shmemi_fatal(call, "out of memory for the UCX remote keys");
    return p;
}

static void allgather(const char *call, const void *in, void *out, size_t len)
{
    if (shmemi_state.boot.allgather(in, out, len) != 0)
        shmemi_fatal(call, "the bootstrap allgather of UCX remote keys failed");
}

/* This PE's data heap, when it serves it (ucx_service.c), is not
 * registered: UCX could not register GPU memory, and no peer uses a key
 * of it. Its chunks are still exposed with the others, an empty key each,
 * since exposing is collective and the other PEs' keys travel with it. */
static int served_here(enum shmemi_segment seg)
{
    return seg == SHMEMI_SEG_DATA && shmemi_ucx.served &&
           shmemi_ucx.served[shmemi_state.my_pe];
}

static void *register_chunk(const char *call, struct shmemi_ucx_chunk *c, void *addr,
                            size_t bytes, size_t *key_len)
{
    ucp_mem_map_params_t mp = {
        .field_mask = UCP_MEM_MAP_PARAM_FIELD_ADDRESS | UCP_MEM_MAP_PARAM_FIELD_LENGTH,
        .address = addr,
        .length = bytes,
    };
    ucs_status_t st = ucp_mem_map(shmemi_ucx.context, &mp, &c->memh);
    if (st != UCS_OK)
        shmemi_ucx_fail(call, "ucp_mem_map (registering the symmetric heap)", st, -1);
    void *key;
    st = ucp_rkey_pack(shmemi_ucx.context, c->memh, &key, key_len);
    if (st != UCS_OK)
        shmemi_ucx_fail(call, "ucp_rkey_pack", st, -1);
    return key;
}

struct chunk_card {
    uint64_t addr;
    uint64_t packed_len;
};

void shmemi_ucx_expose(const char *call, enum shmemi_segment seg, void *addr, size_t bytes)
{
    struct shmemi_ucx_seg *s = &shmemi_ucx.segs[seg];
    int n = shmemi_state.n_pes;
    if (s->n_chunks == SHMEMI_UCX_MAX_CHUNKS)
        shmemi_fatal(call, "the symmetric heap grew %d times, more than the UCX "
                     "transport registers; set a larger SHMEM_SYMMETRIC_SIZE",
                     SHMEMI_UCX_MAX_CHUNKS);
    if (s->n_chunks == 0)
        s->base = addr;
    struct shmemi_ucx_chunk *c = &s->chunks[s->n_chunks];
    c->off = (size_t)((char *)addr - s->base);
    c->bytes = bytes;

    void *key = NULL;
    size_t key_len = 0;
    c->memh = NULL;
    if (!served_here(seg) && bytes)
        key = register_chunk(call, c, addr, bytes, &key_len);

    /* Keys differ in length from PE to PE: lengths first, then every key
     * padded to the longest. */
    struct chunk_card mine = {(uint64_t)(uintptr_t)addr, key_len};
    struct chunk_card *all = xcalloc(call, (size_t)n, sizeof *all);
    allgather(call, &mine, all, sizeof mine);
    if (s->n_chunks == 0) {
        s->remote_base = xcalloc(call, (size_t)n, sizeof *s->remote_base);
        for (int pe = 0; pe < n; pe++)
            s->remote_base[pe] = all[pe].addr;
    }
    c->packed_len = 1; /* the bootstrap gathers no empty blobs */
    for (int pe = 0; pe < n; pe++)
        if (all[pe].packed_len > c->packed_len)
            c->packed_len = all[pe].packed_len;
    free(all);
    char *padded = xcalloc(call, 1, c->packed_len);
    if (key) {
        memcpy(padded, key, key_len);
        ucp_rkey_buffer_release(key);
    }
    c->packed = xcalloc(call, (size_t)n, c->packed_len);
    allgather(call, padded, c->packed, c->packed_len);
    free(padded);
    shmemi_ucx.shared.rkeys[seg][s->n_chunks] =
        xcalloc(call, (size_t)n, sizeof **shmemi_ucx.shared.rkeys[seg]);
    s->bytes = c->off + bytes;
    s->n_chunks++;
}

/* A context's worker is used by one thread at a time: its arrays are made
 * here without a lock. */
ucp_rkey_h shmemi_ucx_rkey_make(const char *call, struct shmemi_ucx_worker *w, int seg, int i,
                                int pe)
{
    _Atomic(ucp_rkey_h) *keys = w->rkeys[seg][i];
    if (!keys)
        keys = w->rkeys[seg][i] = xcalloc(call, (size_t)shmemi_state.n_pes, sizeof *keys);
    struct shmemi_ucx_chunk *c = &shmemi_ucx.segs[seg].chunks[i];
    ucp_ep_h ep = shmemi_ucx_ep(call, w, pe);
    pthread_mutex_lock(&shmemi_ucx.lock);
    ucp_rkey_h k = atomic_load_explicit(&keys[pe], memory_order_relaxed);
    if (!k) {
        ucs_status_t st = ucp_ep_rkey_unpack(ep, c->packed + (size_t)pe * c->packed_len, &k);
        if (st != UCS_OK)
            shmemi_ucx_fail(call, "ucp_ep_rkey_unpack", st, pe);
        atomic_store_explicit(&keys[pe], k, memory_order_release);
    }
    pthread_mutex_unlock(&shmemi_ucx.lock);
    return k;
}

void shmemi_ucx_unregistered(const char *call, const void *sym)
{
    shmemi_fatal(call, "internal error: %p is in no memory registered with UCX", sym);
}

size_t shmemi_ucx_locate_cold(const char *call, struct shmemi_ucx_worker *w, const void *sym,
                              size_t bytes, int pe, uint64_t *raddr, ucp_rkey_h *rkey)
{
    size_t n;
    if (!shmemi_ucx_locate_in(call, w, SHMEMI_SEG_CTRL, sym, bytes, pe, raddr, rkey, &n) &&
        !shmemi_ucx_locate_in(call, w, SHMEMI_SEG_STATIC, sym, bytes, pe, raddr, rkey, &n))
        shmemi_ucx_unregistered(call, sym);
    return n;
}

void shmemi_ucx_rkeys_fini(struct shmemi_ucx_worker *w)
{
    for (int seg = 0; seg < SHMEMI_SEG_COUNT; seg++)
        for (int i = 0; i < SHMEMI_UCX_MAX_CHUNKS; i++) {
            _Atomic(ucp_rkey_h) *keys = w->rkeys[seg][i];
            if (!keys)
                continue;
            for (int pe = 0; pe < shmemi_state.n_pes; pe++)
                if (keys[pe])
                    ucp_rkey_destroy(keys[pe]);
            free(keys);
            w->rkeys[seg][i] = NULL;
        }
}

void shmemi_ucx_mem_fini(void)
{
    for (int seg = 0; seg < SHMEMI_SEG_COUNT; seg++) {
        struct shmemi_ucx_seg *s = &shmemi_ucx.segs[seg];
        for (int i = 0; i < s->n_chunks; i++) {
            struct shmemi_ucx_chunk *c = &s->chunks[i];
            ucs_status_t st = c->memh ? ucp_mem_unmap(shmemi_ucx.context, c->memh) : UCS_OK;
            if (st != UCS_OK)
                shmemi_ucx_fail("shmem_finalize", "ucp_mem_unmap", st, -1);
            free(c->packed);
        }
        free(s->remote_base);
        memset(s, 0, sizeof *s);
    }
}
