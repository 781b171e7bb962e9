/* The UCX transport: one UCP context per PE (RMA, 32/64-bit AMO and active
 * message features) with a shared worker and an answer worker, the control
 * slot and every data heap chunk registered, their remote keys and the
 * workers' addresses exchanged through the bootstrap, and an endpoint to a
 * peer made at its first use; a private or serialized context gets a
 * worker of its own (ucx_ctx.c). */
#ifndef SHMEMI_UCX_H
#define SHMEMI_UCX_H

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include <ucp/api/ucp.h>

#include "heap/heap.h"
#include "transport/transport.h"

/* The heap doubles as it grows, so its chunks stay few. */
#define SHMEMI_UCX_MAX_CHUNKS 64

/* A registered piece of a segment. A peer's key is unpacked, for each
 * worker, on that worker's first access to the peer's piece (it needs the
 * worker's endpoint). */
struct shmemi_ucx_chunk {
    size_t off, bytes;  /* within the segment */
    ucp_mem_h memh;
    size_t packed_len;  /* bytes per PE in packed */
    char *packed;       /* [n_pes]: every PE's packed key */
};

struct shmemi_ucx_seg {
    char *base;            /* this PE's copy */
    size_t bytes;          /* registered so far */
    uint64_t *remote_base; /* [n_pes]: each PE's copy */
    int n_chunks;
    struct shmemi_ucx_chunk chunks[SHMEMI_UCX_MAX_CHUNKS];
};

struct shmemi_ucx_worker;

/* Operations whose requests are counted, freed by their callback and
 * waited for (progressing their worker) by shmemi_ucx_batch_wait: those of
 * one blocking call, or a worker's non-blocking ones (its nbi). */
struct shmemi_ucx_batch {
    _Atomic size_t pending;
    _Atomic ucs_status_t status;
    ucp_request_param_t param;
    struct shmemi_ucx_worker *w;
};

/* A worker and what was made for it: endpoints to the peers (their shared
 * workers, or for a context's worker their answer workers), and the peers'
 * keys unpacked for those endpoints (UCX ties a key to an endpoint). The
 * PE's shared worker (shmemi_ucx.shared) serves the default context, the
 * runtime, the contexts without a worker of their own, and the peers'
 * shared workers' operations on this PE; a context's worker (ucx_ctx.c)
 * only initiates. */
struct shmemi_ucx_worker {
    ucp_worker_h worker;
    _Atomic(ucp_ep_h) *eps;    /* [n_pes]: NULL until first used */
    int *made;                 /* [n_pes]: the PEs of eps made, in order */
    _Atomic int n_made;
    /* [n_pes] per chunk: the shared worker's made as the chunk is exposed,
     * a context's at its first use of the chunk. */
    _Atomic(ucp_rkey_h) *rkeys[SHMEMI_SEG_COUNT][SHMEMI_UCX_MAX_CHUNKS];
    struct shmemi_ucx_batch nbi; /* _nbi transfers not yet complete */
    /* The program's puts issued, and how many of the first ones the last
     * worker flush completed (ucx_sync.c). */
    _Atomic uint64_t puts_issued, puts_flushed;
    /* Puts and posted AMOs sent to served heaps (ucx_served.c) that their
     * targets have not yet acknowledged: quiet and fence wait for none. */
    struct shmemi_ucx_batch acks;
};

struct shmemi_ucx {
    ucp_context_h context;
    struct shmemi_ucx_worker shared;
    /* Answers the peers' contexts' workers, which connect to it rather
     * than to the shared worker: the endpoints UCX makes to answer them
     * then live here, and a flush of the shared worker (quiet) never waits
     * on a context's worker that only its own thread progresses. Every
     * wait of the runtime progresses it with the shared worker
     * (shmemi_ucx_serve). */
    ucp_worker_h answer;
    size_t addr_len;           /* bytes per worker address in addrs */
    char *addrs;               /* [n_pes][2]: every PE's shared, then answer, worker address */
    pthread_mutex_t lock;      /* making endpoints and unpacking keys */
    struct shmemi_ucx_seg segs[SHMEMI_SEG_COUNT];
    /* [n_pes]: whether each PE's data heap is served (ucx_service.c)
     * rather than registered; NULL when no PE's is. */
    unsigned char *served;
    /* Whether ucp_worker_fence only orders, never waiting (ucx_sync.c). */
    int weak_fence;
};

/* A context's own worker, in slot of the table that the waits of the
 * runtime progress (ucx_ctx.c); kept there for later contexts. */
struct shmemi_remote_ctx {
    struct shmemi_ucx_worker w;
    int slot;
    int private; /* its context's SHMEM_CTX_PRIVATE: one thread uses it */
};

extern struct shmemi_ucx shmemi_ucx;

/* Progresses the workers peers' operations on this PE arrive at; whether
 * either did something. */
static inline int shmemi_ucx_serve(void)
{
    return (ucp_worker_progress(shmemi_ucx.shared.worker) != 0) |
           (ucp_worker_progress(shmemi_ucx.answer) != 0);
}

/* Whether sym, on pe, is in a data heap that pe serves itself. */
static inline int shmemi_ucx_served(const void *sym, int pe)
{
    const struct shmemi_ucx_seg *s = &shmemi_ucx.segs[SHMEMI_SEG_DATA];
    return __builtin_expect(shmemi_ucx.served != NULL, 0) && shmemi_ucx.served[pe] &&
           (size_t)((const char *)sym - s->base) < s->bytes;
}

/* After a put or posted AMO of the program's is issued on w: quiet
 * flushes (ucx_sync.c). */
static inline void shmemi_ucx_count_put(struct shmemi_ucx_worker *w)
{
    atomic_fetch_add_explicit(&w->puts_issued, 1, memory_order_release);
}

/* The worker of rc (NULL: the shared one), held for an operation: a
 * context shared by threads one at a time (SHMEM_CTX_SERIALIZED alone) is
 * also progressed by other threads' waits, which hold it meanwhile. */
struct shmemi_ucx_worker *shmemi_ucx_hold_slow(struct shmemi_remote_ctx *rc);
void shmemi_ucx_release_slow(struct shmemi_remote_ctx *rc);

static inline struct shmemi_ucx_worker *shmemi_ucx_hold(struct shmemi_remote_ctx *rc)
{
    if (__builtin_expect(!rc, 1))
        return &shmemi_ucx.shared;
    if (rc->private)
        return &rc->w;
    return shmemi_ucx_hold_slow(rc);
}

static inline void shmemi_ucx_release(struct shmemi_remote_ctx *rc)
{
    if (rc && !rc->private)
        shmemi_ucx_release_slow(rc);
}

/* ucx_start.c: context, worker, address exchange; the transport. shared:
 * another thread of the library calls it too. */
const struct shmemi_transport *shmemi_ucx_start(int shared);

/* ucx_check.c: ends the job naming the PE, the UCX call that failed on
 * peer pe (-1: none), its status and what to try. */
_Noreturn void shmemi_ucx_fail(const char *call, const char *what, ucs_status_t st, int pe);
/* A batch of requests on w. */
void shmemi_ucx_batch_init(struct shmemi_ucx_batch *b, struct shmemi_ucx_worker *w);

/* Counts req, what a UCX call returned, in b (none when it completed at
 * once). Inline: every transfer of a small _nbi loop pays it. */
static inline void shmemi_ucx_batch_add(struct shmemi_ucx_batch *b, const char *call,
                                        const char *what, ucs_status_ptr_t req, int pe)
{
    if (__builtin_expect(UCS_PTR_IS_ERR(req), 0))
        shmemi_ucx_fail(call, what, UCS_PTR_STATUS(req), pe);
    if (req)
        atomic_fetch_add_explicit(&b->pending, 1, memory_order_relaxed);
}
/* A completion callback's part for a request counted in b. */
void shmemi_ucx_batch_done(struct shmemi_ucx_batch *b, void *request, ucs_status_t st);
/* The end of something counted in b that is no request of b's worker (a
 * reply or acknowledgement from a served heap). */
void shmemi_ucx_batch_end(struct shmemi_ucx_batch *b, ucs_status_t st);
/* Progresses b's worker (and the serving ones, shmemi_ucx_serve, whose
 * peers may be waiting for this PE) until at most most requests of b are
 * pending; call, what and pe (or -1) name the wait in the report of one
 * that never ends. */
void shmemi_ucx_batch_drain(struct shmemi_ucx_batch *b, size_t most, const char *call,
                            const char *what, int pe);
/* Until none is; then ends the job if one of them failed. Inline: most
 * waits find nothing pending (a quiet's for the _nbi batch and for the
 * acknowledgements), and calling the drain for them took a third of our
 * library's own instructions in an 8-byte put and quiet (callgrind). */
static inline void shmemi_ucx_batch_wait(struct shmemi_ucx_batch *b, const char *call,
                                         const char *what, int pe)
{
    if (atomic_load_explicit(&b->pending, memory_order_acquire))
        shmemi_ucx_batch_drain(b, 0, call, what, pe);
    ucs_status_t st = atomic_load_explicit(&b->status, memory_order_relaxed);
    if (__builtin_expect(st != UCS_OK, 0))
        shmemi_ucx_fail(call, what, st, pe);
}

/* ucx_ep.c: w's endpoint to pe, made on first use (ep_make; ep inline
 * finds one made); closing them all. */
ucp_ep_h shmemi_ucx_ep_make(const char *call, struct shmemi_ucx_worker *w, int pe);
void shmemi_ucx_eps_close(const char *call, struct shmemi_ucx_worker *w);

static inline ucp_ep_h shmemi_ucx_ep(const char *call, struct shmemi_ucx_worker *w, int pe)
{
    ucp_ep_h ep = atomic_load_explicit(&w->eps[pe], memory_order_acquire);
    if (__builtin_expect(ep != NULL, 1))
        return ep;
    return shmemi_ucx_ep_make(call, w, pe);
}
/* ucx_mem.c: registration, key exchange, and where a symmetric address
 * lies on pe (locate, inline below): the remote address, the key, and how
 * many bytes from there the key covers. rkey_make unpacks w's key of chunk
 * i of seg on pe at its first use; unregistered ends the job. */
void shmemi_ucx_expose(const char *call, enum shmemi_segment seg, void *addr, size_t bytes);
ucp_rkey_h shmemi_ucx_rkey_make(const char *call, struct shmemi_ucx_worker *w, int seg, int i,
                                int pe);
_Noreturn void shmemi_ucx_unregistered(const char *call, const void *sym);

/* Whether p lies in segment seg, at *off from its base. */
static inline int shmemi_ucx_in_seg(int seg, const void *p, size_t *off)
{
    *off = (size_t)((const char *)p - shmemi_ucx.segs[seg].base);
    return *off < shmemi_ucx.segs[seg].bytes;
}

/* The chunk of s that holds offset off (within s->bytes). */
static inline int shmemi_ucx_chunk_at(const struct shmemi_ucx_seg *s, size_t off)
{
    int i = s->n_chunks - 1;
    while (s->chunks[i].off > off)
        i--;
    return i;
}

/* The memory handle of this PE's registered data heap chunk that holds
 * all of [p, p + bytes), or NULL. Named in an operation's parameters, it
 * spares UCX finding the local buffer's registration on every operation:
 * a lookup in its registration cache (a lock and a page-table walk), or,
 * where UCX runs without the cache (its memory hooks off, as under
 * valgrind), a registration and its release, there a fifth of all the
 * instructions of an 8-byte put and quiet over shared memory. */
static inline ucp_mem_h shmemi_ucx_local_memh(const void *p, size_t bytes)
{
    const struct shmemi_ucx_seg *s = &shmemi_ucx.segs[SHMEMI_SEG_DATA];
    size_t off;
    if (!shmemi_ucx_in_seg(SHMEMI_SEG_DATA, p, &off))
        return NULL;
    const struct shmemi_ucx_chunk *c = &s->chunks[shmemi_ucx_chunk_at(s, off)];
    return off + bytes <= c->off + c->bytes ? c->memh : NULL;
}

/* Whether sym lies in segment seg (a constant where inlined, which spares
 * the address arithmetic of an index); if so, locate's answer in *n. */
static inline int shmemi_ucx_locate_in(const char *call, struct shmemi_ucx_worker *w, int seg,
                                       const void *sym, size_t bytes, int pe, uint64_t *raddr,
                                       ucp_rkey_h *rkey, size_t *n)
{
    const struct shmemi_ucx_seg *s = &shmemi_ucx.segs[seg];
    size_t off;
    if (!shmemi_ucx_in_seg(seg, sym, &off))
        return 0;
    int i = shmemi_ucx_chunk_at(s, off);
    _Atomic(ucp_rkey_h) *keys = w->rkeys[seg][i];
    ucp_rkey_h k = keys ? atomic_load_explicit(&keys[pe], memory_order_acquire) : NULL;
    *rkey = __builtin_expect(k != NULL, 1) ? k : shmemi_ucx_rkey_make(call, w, seg, i, pe);
    *raddr = s->remote_base[pe] + off;
    size_t left = s->chunks[i].off + s->chunks[i].bytes - off;
    *n = bytes < left ? bytes : left;
    return 1;
}

/* The data heap inline, where most of the program's transfers are; the
 * control segment (the runtime's own words) and the program's global
 * variables out of line (ucx_mem.c). Compiled as one function with all,
 * locate was called, not inlined, in every put. */
size_t shmemi_ucx_locate_cold(const char *call, struct shmemi_ucx_worker *w, const void *sym,
                              size_t bytes, int pe, uint64_t *raddr, ucp_rkey_h *rkey);

static inline __attribute__((always_inline)) size_t
shmemi_ucx_locate(const char *call, struct shmemi_ucx_worker *w, const void *sym, size_t bytes,
                  int pe, uint64_t *raddr, ucp_rkey_h *rkey)
{
    size_t n;
    if (__builtin_expect(shmemi_ucx_locate_in(call, w, SHMEMI_SEG_DATA, sym, bytes, pe, raddr,
                                              rkey, &n),
                         1))
        return n;
    return shmemi_ucx_locate_cold(call, w, sym, bytes, pe, raddr, rkey);
}
/* Destroys the keys unpacked for w. */
void shmemi_ucx_rkeys_fini(struct shmemi_ucx_worker *w);
void shmemi_ucx_mem_fini(void);

/* ucx_service.c: the heap service's active messages (the target's
 * handlers, and the initiator's for replies), registered on a worker. */
void shmemi_ucx_service_handlers(const char *call, ucp_worker_h worker);
/* Whether this PE serves its data heap; collective: every PE learns every
 * PE's answer (shmemi_ucx.served). Before the UCP context is made. */
void shmemi_ucx_service_exchange(void);

/* ucx_served.c: the initiator's side, on a served pe's data heap; local
 * memory is host memory. A put counts its sends in b (local completion)
 * and its acknowledgement in w->acks; a get and an AMO wait for their
 * replies. */
void shmemi_ucx_served_put(const char *call, struct shmemi_ucx_worker *w,
                           struct shmemi_ucx_batch *b, const void *sym, const char *src,
                           size_t bytes, int pe);
void shmemi_ucx_served_get(const char *call, struct shmemi_ucx_worker *w, char *dst,
                           const void *sym, size_t bytes, int pe);
uint64_t shmemi_ucx_served_amo(const char *call, struct shmemi_ucx_worker *w,
                               enum shmemi_amo_op op, const void *sym, size_t size,
                               uint64_t value, uint64_t cond, int pe);
void shmemi_ucx_served_amo_post(const char *call, struct shmemi_ucx_worker *w,
                                enum shmemi_amo_op op, const void *sym, size_t size,
                                uint64_t value, int pe);

/* ucx_stage.c: whether UCX cannot touch local memory [p, p+bytes) itself
 * (GPU memory: this UCX has no CUDA support; _slow tells, inline below
 * answers at once for a host heap), and the transfers that pass such memory
 * through host memory. */
int shmemi_ucx_local_on_gpu_slow(const void *p, size_t bytes);

static inline int shmemi_ucx_local_on_gpu(const void *p, size_t bytes)
{
#ifdef SHMEM_HAVE_CUDA
    /* Without a GPU in use (a host heap) no memory of the process is GPU
     * memory the library could copy. */
    if (__builtin_expect(shmemi_heap.backend == &shmemi_host_backend, 1))
        return 0;
    return shmemi_ucx_local_on_gpu_slow(p, bytes);
#else
    (void)p, (void)bytes;
    return 0;
#endif
}
void shmemi_ucx_staged(const char *call, struct shmemi_remote_ctx *rc, enum shmemi_dir d,
                       char *local, size_t lpitch, const char *sym, size_t spitch, size_t width,
                       size_t n, int pe);

/* ucx_ctx.c: contexts' own workers, and the table of them; close
 * completes a context's operations and keeps its worker for the next. */
struct shmemi_remote_ctx *shmemi_ucx_ctx_open(const char *call, long options);
void shmemi_ucx_ctx_close(const char *call, struct shmemi_remote_ctx *rc);
/* Progresses the contexts' workers that the calling thread may. */
int shmemi_ucx_ctx_progress(void);
void shmemi_ucx_ctx_start(void);
/* At shmem_finalize, every context gone: close_all closes the kept
 * workers' endpoints, progress_kept progresses them all whoever owned
 * them, and fini destroys them, before the shared worker goes. */
void shmemi_ucx_ctx_close_all(void);
int shmemi_ucx_ctx_progress_kept(void);
void shmemi_ucx_ctx_fini(void);

/* ucx_depart.c: progresses the workers until every PE has closed its
 * endpoints, so that none is destroyed while a peer's close needs it. */
void shmemi_ucx_depart(void);

/* ucx_rma.c, ucx_amo.c, ucx_sync.c: the operations of the transport. xfer
 * is the blocking put or get behind the others: n rows of width bytes
 * between local memory and sym on pe, lpitch and spitch bytes apart. */
void shmemi_ucx_xfer(const char *call, struct shmemi_remote_ctx *rc, enum shmemi_dir d,
                     char *local, size_t lpitch, const char *sym, size_t spitch, size_t width,
                     size_t n, int pe);
void shmemi_ucx_put(const char *call, struct shmemi_remote_ctx *rc, void *sym,
                    const void *src, size_t bytes, int pe);
void shmemi_ucx_get(const char *call, struct shmemi_remote_ctx *rc, void *dst,
                    const void *sym, size_t bytes, int pe);
void shmemi_ucx_put_rows(const char *call, struct shmemi_remote_ctx *rc, char *sym,
                         size_t dpitch, const char *src, size_t spitch, size_t width,
                         size_t n, int pe);
void shmemi_ucx_get_rows(const char *call, struct shmemi_remote_ctx *rc, char *dst,
                         size_t dpitch, const char *sym, size_t spitch, size_t width,
                         size_t n, int pe);
/* Before a request joins w's nbi batch: waits while too many are in it.
 * A program may issue any number of _nbi transfers (and posted AMOs)
 * between quiets: past SHMEMI_UCX_NBI_IN_FLIGHT requests on a worker, each
 * new one first waits for the oldest ones to drain, so that UCX's request
 * pool stays bounded. */
#define SHMEMI_UCX_NBI_IN_FLIGHT 4096

static inline void shmemi_ucx_nbi_room(struct shmemi_ucx_worker *w, const char *call, int pe)
{
    struct shmemi_ucx_batch *b = &w->nbi;
    if (__builtin_expect(atomic_load_explicit(&b->pending, memory_order_relaxed) >=
                             SHMEMI_UCX_NBI_IN_FLIGHT,
                         0))
        shmemi_ucx_batch_drain(b, SHMEMI_UCX_NBI_IN_FLIGHT / 2, call,
                               "earlier non-blocking operations", pe);
}
void shmemi_ucx_put_nbi(const char *call, struct shmemi_remote_ctx *rc, void *sym,
                        const void *src, size_t bytes, int pe);
void shmemi_ucx_put_internal(const char *call, void *sym, const void *src, size_t bytes,
                             int pe);
void shmemi_ucx_get_nbi(const char *call, struct shmemi_remote_ctx *rc, void *dst,
                        const void *sym, size_t bytes, int pe);
uint64_t shmemi_ucx_amo(const char *call, struct shmemi_remote_ctx *rc, enum shmemi_amo_op op,
                        const void *sym, size_t size, uint64_t value, uint64_t cond, int pe);
void shmemi_ucx_amo_post(const char *call, struct shmemi_remote_ctx *rc,
                         enum shmemi_amo_op op, const void *sym, size_t size, uint64_t value,
                         int pe);
void shmemi_ucx_fence(const char *call, struct shmemi_remote_ctx *rc);
void shmemi_ucx_quiet(const char *call, struct shmemi_remote_ctx *rc);
/* Completes w's operations (quiet's work, on a held worker). */
void shmemi_ucx_worker_quiet(const char *call, struct shmemi_ucx_worker *w);
/* ucx_notify.c: the barriers' flags as active messages (transport.h's
 * notify), and the handler that stores them, set up with the worker. */
#define SHMEMI_UCX_AM_NOTIFY 0
void shmemi_ucx_notify_init(void);
void shmemi_ucx_notify(const char *call, _Atomic uint32_t *w, uint32_t v, int pe);
int shmemi_ucx_progress(void);

#endif
