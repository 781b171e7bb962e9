/* Contexts' own workers. A context made with SHMEM_CTX_PRIVATE or
 * SHMEM_CTX_SERIALIZED is never used by two threads at once, so it can
 * have a worker without UCX's lock: threads that each drive their own
 * context then neither contend for the shared worker's lock nor wait for
 * each other's quiet, which completes that context's operations alone.
 *
 * The worker only initiates: its endpoints connect to the peers' answer
 * workers (ucx.h), which a peer progresses in every wait with its shared
 * worker, so it serves the context (tcp and shared memory carry RMA and
 * AMOs as active messages that the target handles), and no address of the
 * context's worker is exchanged. The answers
 * (a get's data, an AMO's old value, a put's acknowledgement) come back
 * to this worker: its operations progress it while they wait, and so do
 * the waits of the runtime (shmemi_ucx_progress) in the context's thread,
 * or in any thread for a serialized context, which is why the workers sit
 * in a table that those waits walk.
 *
 * The worker is made at the context's first operation on another node
 * (rma/ctx.h), not at shmem_ctx_create: a context that only reaches PEs of
 * its node, and every context of a job on one node, costs no worker. When
 * the context is destroyed its worker is quieted and kept, endpoints and
 * keys included, for the next context: a peer's UCX keeps the endpoint it
 * made to answer a worker (over shared memory, with the worker's receive
 * FIFO mapped) until the peer finalizes, so destroying workers would grow
 * every peer's resources with each context: 300 contexts made and destroyed
 * left 300 SysV segments mapped per peer, and ctest -j2 ran the machine out
 * of them (SHMMNI, 4096). Kept workers pass between threads, so every one
 * is made in thread mode serialized (UCX 1.13 takes no lock in single or
 * serialized mode alike). The table has SHMEM_CTX_WORKERS slots; past them,
 * or when UCX cannot make a worker, a context shares the PE's worker,
 * which changes its speed but not its results (the shared worker's quiet
 * completes every operation on it), and SHMEM_DEBUG says so. */
#include <sched.h>
#include <stdlib.h>

#include <shmem.h>

#include "init/config.h"
#include "init/error.h"
#include "init/runtime.h"
#include "ucx.h"

/* A slot's owner: FREE (its worker, if made, waits for a context), TAKEN
 * (being handed out or back), ANY_THREAD (a serialized context's) or the
 * owning thread's token (a private context's). rc, once made, stays until
 * shmem_finalize. */
#define FREE ((uintptr_t)0)
#define TAKEN ((uintptr_t)1)
#define ANY_THREAD ((uintptr_t)2)

/* held is taken by whoever progresses or closes the slot's worker from
 * outside its context's operations, and by a serialized context's
 * operations themselves. */
struct slot {
    _Atomic uintptr_t owner;
    _Atomic int held;
    _Atomic(struct shmemi_remote_ctx *) rc;
};

static struct slot *slots;
static size_t n_slots;
static _Atomic size_t slots_used; /* no slot at or past it was ever taken */
static _Atomic int n_any_thread;  /* slots every thread's waits progress */
static pthread_mutex_t slots_lock = PTHREAD_MUTEX_INITIALIZER;
/* Private contexts this thread made: while none, its waits skip the table. */
static _Thread_local int n_mine;
static _Thread_local char thread_anchor;

static uintptr_t thread_token(void) { return (uintptr_t)&thread_anchor; }

static void hold(struct slot *s)
{
    while (atomic_exchange_explicit(&s->held, 1, memory_order_acquire))
        sched_yield();
}

static void release(struct slot *s) { atomic_store_explicit(&s->held, 0, memory_order_release); }

struct shmemi_ucx_worker *shmemi_ucx_hold_slow(struct shmemi_remote_ctx *rc)
{
    hold(&slots[rc->slot]);
    return &rc->w;
}

void shmemi_ucx_release_slow(struct shmemi_remote_ctx *rc) { release(&slots[rc->slot]); }

void shmemi_ucx_ctx_start(void)
{
    n_slots = shmemi_config.ctx_workers;
    slots = calloc(n_slots ? n_slots : 1, sizeof *slots);
    if (!slots)
        shmemi_fatal("shmem_init", "out of memory for the table of contexts' UCX workers");
    atomic_store(&slots_used, 0);
    atomic_store(&n_any_thread, 0);
}

/* A free slot, preferring one whose worker is made; n_slots if none. */
static size_t take_slot(void)
{
    pthread_mutex_lock(&slots_lock);
    size_t pick = n_slots;
    for (size_t i = 0; i < n_slots; i++) {
        if (atomic_load_explicit(&slots[i].owner, memory_order_relaxed) != FREE)
            continue;
        if (pick == n_slots || atomic_load_explicit(&slots[i].rc, memory_order_relaxed))
            pick = i;
        if (atomic_load_explicit(&slots[i].rc, memory_order_relaxed))
            break;
    }
    if (pick < n_slots) {
        atomic_store_explicit(&slots[pick].owner, TAKEN, memory_order_relaxed);
        if (pick >= atomic_load_explicit(&slots_used, memory_order_relaxed))
            atomic_store_explicit(&slots_used, pick + 1, memory_order_release);
    }
    pthread_mutex_unlock(&slots_lock);
    return pick;
}

static void free_slot(size_t i)
{
    pthread_mutex_lock(&slots_lock);
    atomic_store_explicit(&slots[i].owner, FREE, memory_order_relaxed);
    pthread_mutex_unlock(&slots_lock);
}

static const char *kind(int private)
{
    return private ? "SHMEM_CTX_PRIVATE" : "SHMEM_CTX_SERIALIZED";
}

static struct shmemi_remote_ctx *make(const char *call, int private, size_t i)
{
    struct shmemi_remote_ctx *rc = calloc(1, sizeof *rc);
    _Atomic(ucp_ep_h) *eps = calloc((size_t)shmemi_state.n_pes, sizeof *eps);
    int *made = calloc((size_t)shmemi_state.n_pes, sizeof *made);
    ucp_worker_params_t p = {
        .field_mask = UCP_WORKER_PARAM_FIELD_THREAD_MODE,
        .thread_mode = UCS_THREAD_MODE_SERIALIZED,
    };
    ucs_status_t st = rc && eps && made ? ucp_worker_create(shmemi_ucx.context, &p, &rc->w.worker)
                                : UCS_ERR_NO_MEMORY;
    if (st != UCS_OK) {
        if (shmemi_config.debug)
            shmemi_warn(call, "a %s context shares the PE's UCX worker: "
                        "ucp_worker_create failed (%s); it works as before, only "
                        "slower when threads contend for the shared worker. Fewer "
                        "contexts at once, or a smaller SHMEM_CTX_WORKERS, avoid it",
                        kind(private), ucs_status_string(st));
        free(made);
        free(eps);
        free(rc);
        return NULL;
    }
    rc->w.eps = eps;
    rc->w.made = made;
    shmemi_ucx_batch_init(&rc->w.nbi, &rc->w);
    shmemi_ucx_batch_init(&rc->w.acks, &rc->w);
    /* Served heaps answer the worker that asked. */
    if (shmemi_ucx.served)
        shmemi_ucx_service_handlers(call, rc->w.worker);
    rc->slot = (int)i;
    atomic_store_explicit(&slots[i].rc, rc, memory_order_release);
    return rc;
}

struct shmemi_remote_ctx *shmemi_ucx_ctx_open(const char *call, long options)
{
    if (!(options & (SHMEM_CTX_PRIVATE | SHMEM_CTX_SERIALIZED)) || n_slots == 0)
        return NULL;
    int private = (options & SHMEM_CTX_PRIVATE) != 0;
    size_t i = take_slot();
    if (i == n_slots) {
        if (shmemi_config.debug)
            shmemi_warn(call, "a %s context shares the PE's UCX worker: all %zu "
                        "contexts' workers (SHMEM_CTX_WORKERS) are in use; destroy "
                        "contexts no longer used, or raise SHMEM_CTX_WORKERS",
                        kind(private), n_slots);
        return NULL;
    }
    struct shmemi_remote_ctx *rc = atomic_load_explicit(&slots[i].rc, memory_order_relaxed);
    int kept = rc != NULL;
    if (!rc && !(rc = make(call, private, i))) {
        free_slot(i);
        return NULL;
    }
    rc->private = private;
    if (private) {
        n_mine++;
        atomic_store_explicit(&slots[i].owner, thread_token(), memory_order_release);
    } else {
        atomic_fetch_add_explicit(&n_any_thread, 1, memory_order_relaxed);
        atomic_store_explicit(&slots[i].owner, ANY_THREAD, memory_order_release);
    }
    if (shmemi_config.debug)
        shmemi_warn(call, "a %s context has its own UCX worker (slot %zu of "
                    "SHMEM_CTX_WORKERS=%zu, %s)", kind(private), i, n_slots,
                    kept ? "kept from an earlier context" : "new");
    return rc;
}

/* Called by the context's thread, or at the team's destruction or
 * shmem_finalize for a context the program left alive: held keeps the
 * waits of its thread off the worker meanwhile. The worker stays in its
 * slot, its operations complete. */
void shmemi_ucx_ctx_close(const char *call, struct shmemi_remote_ctx *rc)
{
    struct slot *s = &slots[rc->slot];
    uintptr_t owner = atomic_load_explicit(&s->owner, memory_order_relaxed);
    hold(s);
    atomic_store_explicit(&s->owner, TAKEN, memory_order_relaxed);
    release(s);
    shmemi_ucx_worker_quiet(call, &rc->w);
    if (owner == ANY_THREAD)
        atomic_fetch_sub_explicit(&n_any_thread, 1, memory_order_relaxed);
    else if (owner == thread_token())
        n_mine--;
    free_slot((size_t)rc->slot);
}

int shmemi_ucx_ctx_progress(void)
{
    if (!n_mine && !atomic_load_explicit(&n_any_thread, memory_order_relaxed))
        return 0;
    uintptr_t me = thread_token();
    size_t used = atomic_load_explicit(&slots_used, memory_order_acquire);
    int did = 0;
    for (size_t i = 0; i < used; i++) {
        struct slot *s = &slots[i];
        uintptr_t owner = atomic_load_explicit(&s->owner, memory_order_acquire);
        if (owner != me && owner != ANY_THREAD)
            continue;
        if (atomic_exchange_explicit(&s->held, 1, memory_order_acquire))
            continue;
        /* Again under held, which a context's close takes to hand the
         * slot back: the slot may have changed hands since. */
        owner = atomic_load_explicit(&s->owner, memory_order_acquire);
        if (owner == me || owner == ANY_THREAD)
            did |= ucp_worker_progress(atomic_load(&s->rc)->w.worker) != 0;
        release(s);
    }
    return did;
}

/* Applies f to every kept worker's context, at shmem_finalize (every
 * context gone, so no slot changes hands); whether any f did something. */
static int each_kept(int (*f)(struct shmemi_remote_ctx *rc))
{
    size_t used = atomic_load(&slots_used);
    int did = 0;
    for (size_t i = 0; i < used; i++) {
        struct shmemi_remote_ctx *rc = atomic_load(&slots[i].rc);
        if (rc)
            did |= f(rc);
    }
    return did;
}

/* Keys before their endpoints; the workers stay until every PE has closed
 * its endpoints (ucx_depart.c). */
static int close_eps(struct shmemi_remote_ctx *rc)
{
    shmemi_ucx_rkeys_fini(&rc->w);
    shmemi_ucx_eps_close("shmem_finalize", &rc->w);
    return 0;
}

static int progress(struct shmemi_remote_ctx *rc)
{
    return ucp_worker_progress(rc->w.worker) != 0;
}

static int destroy(struct shmemi_remote_ctx *rc)
{
    ucp_worker_destroy(rc->w.worker);
    free(rc->w.made);
    free(rc->w.eps);
    free(rc);
    return 0;
}

void shmemi_ucx_ctx_close_all(void) { each_kept(close_eps); }

int shmemi_ucx_ctx_progress_kept(void) { return each_kept(progress); }

void shmemi_ucx_ctx_fini(void)
{
    each_kept(destroy);
    free(slots);
    slots = NULL;
    n_slots = 0;
}
