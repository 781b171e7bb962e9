/* The UCX transport: one UCP context and worker per PE (RMA and 32/64-bit
 * AMO features), the control slot and every data heap chunk registered,
 * their remote keys and the workers' addresses exchanged through the
 * bootstrap, and an endpoint to a peer made at its first use. */
#ifndef SHMEMI_UCX_H
#define SHMEMI_UCX_H

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include <ucp/api/ucp.h>

#include "../transport.h"

/* The heap doubles as it grows, so its chunks stay few. */
#define SHMEMI_UCX_MAX_CHUNKS 64

/* A registered piece of a segment. A peer's key is unpacked on the first
 * access to that peer (it needs the endpoint). */
struct shmemi_ucx_chunk {
    size_t off, bytes;  /* within the segment */
    ucp_mem_h memh;
    size_t packed_len;  /* bytes per PE in packed */
    char *packed;       /* [n_pes]: every PE's packed key */
    _Atomic(ucp_rkey_h) *rkeys; /* [n_pes] */
};

struct shmemi_ucx_seg {
    char *base;            /* this PE's copy */
    size_t bytes;          /* registered so far */
    uint64_t *remote_base; /* [n_pes]: each PE's copy */
    int n_chunks;
    struct shmemi_ucx_chunk chunks[SHMEMI_UCX_MAX_CHUNKS];
};

/* Operations whose requests are counted, freed by their callback and
 * waited for (progressing the worker) by shmemi_ucx_batch_wait: those of one
 * blocking call, or the worker's non-blocking ones (shmemi_ucx.nbi). */
struct shmemi_ucx_batch {
    _Atomic size_t pending;
    _Atomic ucs_status_t status;
    ucp_request_param_t param;
};

struct shmemi_ucx {
    ucp_context_h context;
    ucp_worker_h worker;
    size_t addr_len;           /* bytes per PE in addrs */
    char *addrs;               /* [n_pes]: every PE's worker address */
    _Atomic(ucp_ep_h) *eps;    /* [n_pes]: NULL until first used */
    pthread_mutex_t lock;      /* making endpoints and unpacking keys */
    struct shmemi_ucx_batch nbi; /* _nbi transfers not yet complete */
    /* The program's puts issued, and how many of the first ones the last
     * worker flush completed (ucx_sync.c). */
    _Atomic uint64_t puts_issued, puts_flushed;
    struct shmemi_ucx_seg segs[SHMEMI_SEG_COUNT];
};

extern struct shmemi_ucx shmemi_ucx;

/* After a put or posted AMO of the program's is issued: quiet flushes
 * (ucx_sync.c). */
static inline void shmemi_ucx_count_put(void)
{
    atomic_fetch_add_explicit(&shmemi_ucx.puts_issued, 1, memory_order_release);
}

/* ucx_start.c: context, worker, address exchange; the transport. shared:
 * another thread of the library calls it too. */
const struct shmemi_transport *shmemi_ucx_start(int shared);

/* ucx_check.c: ends the job naming the PE, the UCX call that failed on
 * peer pe (-1: none), its status and what to try. */
_Noreturn void shmemi_ucx_fail(const char *call, const char *what, ucs_status_t st, int pe);
void shmemi_ucx_batch_init(struct shmemi_ucx_batch *b);
void shmemi_ucx_batch_add(struct shmemi_ucx_batch *b, const char *call, const char *what,
                          ucs_status_ptr_t req, int pe);
/* A completion callback's part for a request counted in b. */
void shmemi_ucx_batch_done(struct shmemi_ucx_batch *b, void *request, ucs_status_t st);
/* Progresses the worker until at most most requests of b are pending. */
void shmemi_ucx_batch_drain(struct shmemi_ucx_batch *b, size_t most);
/* Until none is; then ends the job if one of them failed. */
void shmemi_ucx_batch_wait(struct shmemi_ucx_batch *b, const char *call, const char *what,
                           int pe);

/* ucx_ep.c: the endpoint to pe, made on first use; closing them all. */
ucp_ep_h shmemi_ucx_ep(const char *call, int pe);
void shmemi_ucx_eps_close(void);

/* ucx_mem.c: registration, key exchange, and where a symmetric address
 * lies on pe: the remote address, the key, and how many bytes from there
 * the key covers. */
void shmemi_ucx_expose(const char *call, enum shmemi_segment seg, void *addr, size_t bytes);
size_t shmemi_ucx_locate(const char *call, const void *sym, size_t bytes, int pe,
                         uint64_t *raddr, ucp_rkey_h *rkey);
void shmemi_ucx_mem_fini(void);

/* ucx_rma.c, ucx_amo.c, ucx_sync.c: the operations of the transport. */
void shmemi_ucx_put(const char *call, void *sym, const void *src, size_t bytes, int pe);
void shmemi_ucx_get(const char *call, void *dst, const void *sym, size_t bytes, int pe);
void shmemi_ucx_put_rows(const char *call, char *sym, size_t dpitch, const char *src,
                         size_t spitch, size_t width, size_t n, int pe);
void shmemi_ucx_get_rows(const char *call, char *dst, size_t dpitch, const char *sym,
                         size_t spitch, size_t width, size_t n, int pe);
/* Before a request joins the nbi batch: waits while too many are in it. */
void shmemi_ucx_nbi_room(void);
void shmemi_ucx_put_nbi(const char *call, void *sym, const void *src, size_t bytes, int pe);
void shmemi_ucx_put_internal(const char *call, void *sym, const void *src, size_t bytes,
                             int pe);
void shmemi_ucx_get_nbi(const char *call, void *dst, const void *sym, size_t bytes, int pe);
uint64_t shmemi_ucx_amo(const char *call, enum shmemi_amo_op op, const void *sym,
                        size_t size, uint64_t value, uint64_t cond, int pe);
void shmemi_ucx_amo_post(const char *call, enum shmemi_amo_op op, const void *sym,
                         size_t size, uint64_t value, int pe);
/* ucx_notify.c: the barriers' flags as active messages (transport.h's
 * notify), and the handler that stores them, set up with the worker. */
#define SHMEMI_UCX_AM_NOTIFY 0
void shmemi_ucx_notify_init(void);
void shmemi_ucx_notify(const char *call, _Atomic uint32_t *w, uint32_t v, int pe);
void shmemi_ucx_fence(void);
void shmemi_ucx_quiet(void);
int shmemi_ucx_progress(void);

#endif
