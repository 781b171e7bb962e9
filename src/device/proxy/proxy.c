/* The device proxy's host thread: it executes the requests of the ring
 * (include/shmem/internal/proxy_ring.h) in ticket order through the transport, and
 * progresses the transport between them.
 *
 * In order, because ordering then costs nothing: a put posted after another
 * by the same thread is executed after it, a fence request needs only the
 * transport's fence, and a quiet request the transport's quiet, once every
 * earlier ticket is done. One thread, because a PE's kernels share one
 * ring and UCX worker; a ticket taken but not yet posted holds up the ones
 * after it only until its writer gets the slot and fills it.
 *
 * The thread also progresses the worker while there is nothing to do:
 * over shared memory and tcp, UCX performs other PEs' operations on this
 * PE's heap with this PE's worker, and while kernels run the main thread
 * usually waits in CUDA, not in the library (src/transport/ucx/ucx_sync.c
 * relies on the waits of the library to progress). */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "heap/heap.h"
#include "init/config.h"
#include "init/error.h"
#include "sync/engine/spin.h"
#include "transport/transport.h"
#include "device/device_state.h"
#include "proxy.h"

_Static_assert(sizeof(struct shmemi_proxy_slot) == 512, "a slot is 512 bytes");
#define SHMEMI_SAME_AMO(X)                                                    \
    _Static_assert((int)SHMEMI_PROXY_AMO_##X == (int)SHMEMI_AMO_##X, #X);
SHMEMI_SAME_AMO(FETCH)
SHMEMI_SAME_AMO(SET)
SHMEMI_SAME_AMO(SWAP)
SHMEMI_SAME_AMO(CSWAP)
SHMEMI_SAME_AMO(ADD)
SHMEMI_SAME_AMO(AND)
SHMEMI_SAME_AMO(OR)
SHMEMI_SAME_AMO(XOR)
#undef SHMEMI_SAME_AMO

/* The ring's first 64 bytes hold the quieted word, on a line of its own. */
#define HEADER 64

/* How long the ring stays dry before the thread completes what it executed
 * (see serve). Chosen, not measured on a GPU: longer than the gaps of a
 * kernel thread's stream of requests (each claims a ticket and polls its
 * slot across PCIe: a few microseconds), short next to a kernel's work
 * between bursts. bench/device_proxy.cu's p_stream and p_quiet show both
 * sides of it. */
#define DRY_NS 20000

static struct {
    int running, on_gpu;
    void *ring;                       /* what was allocated */
    struct shmemi_proxy_slot *slots;  /* the host's view */
    unsigned long long mask;
    unsigned long long *quieted;      /* the host's view */
    unsigned long long *ticket;       /* the requesters' view */
    _Atomic unsigned long long next;  /* the next ticket to execute */
    _Atomic unsigned long long want;  /* what a host quiet waits for */
    _Atomic int stop;
    pthread_t thread;
} px;

int shmemi_proxy_wanted(void)
{
    if (shmemi_state.n_local == shmemi_state.n_pes)
        return 0;
    return shmemi_heap.kind != SHMEMI_HEAP_HOST || shmemi_config.proxy_host;
}

static unsigned long long load(const unsigned long long *p)
{
    return __atomic_load_n(p, __ATOMIC_ACQUIRE);
}

static void store(unsigned long long *p, unsigned long long v)
{
    __atomic_store_n(p, v, __ATOMIC_RELEASE);
}

static const char *const op_call[] = {
    [SHMEMI_PROXY_PUT] = "a kernel's put (device proxy)",
    [SHMEMI_PROXY_GET] = "a kernel's get (device proxy)",
    [SHMEMI_PROXY_AMO] = "a kernel's atomic (device proxy)",
    [SHMEMI_PROXY_PUT_SIGNAL] = "a kernel's put-with-signal (device proxy)",
    [SHMEMI_PROXY_FENCE] = "a kernel's shmem_fence (device proxy)",
    [SHMEMI_PROXY_QUIET] = "a kernel's shmem_quiet (device proxy)",
};

/* A request comes from a kernel, which checks nothing: a bad one ends the
 * job here, naming what was wrong, rather than handing UCX an address it
 * would fault on. */
static void check_target(const char *call, const struct shmemi_proxy_slot *s, const void *sym,
                         size_t bytes)
{
    if (s->pe < 0 || s->pe >= shmemi_state.n_pes || shmemi_state.local_index[s->pe] >= 0)
        shmemi_fatal(call, "PE %d is not a PE of another node (the job has %d PEs)", s->pe,
                     shmemi_state.n_pes);
    if (!shmemi_heap_contains(sym, bytes))
        shmemi_fatal(call, "%zu bytes at %p on PE %d are not in the symmetric heap (a "
                     "kernel named memory that shmem_malloc did not return)", bytes, sym, s->pe);
}

/* Completes every request executed so far (next of them) and says so to
 * the requesters; *quieted counts the tickets the last quiet covered. */
static void quiet_now(unsigned long long next, unsigned long long *quieted)
{
    shmemi_remote->quiet("device proxy (shmem_quiet)", NULL);
    *quieted = next;
    store(px.quieted, next);
}

/* Executes request t. A fence or quiet with nothing executed since the
 * last quiet has nothing to order or complete: a kernel whose every
 * thread calls shmem_quiet costs one flush, not one per thread. */
static void execute(struct shmemi_proxy_slot *s, unsigned long long t,
                    unsigned long long *quieted)
{
    unsigned op = s->op & SHMEMI_PROXY_OP_MASK;
    if (op < SHMEMI_PROXY_PUT || op > SHMEMI_PROXY_QUIET)
        shmemi_fatal("device proxy", "request %llu has no known operation (%u): the ring "
                     "was overwritten", t, s->op);
    const char *call = op_call[op];
    void *sym = (void *)(uintptr_t)s->addr;
    size_t bytes = s->bytes;
    if ((op == SHMEMI_PROXY_PUT || op == SHMEMI_PROXY_GET || op == SHMEMI_PROXY_PUT_SIGNAL) &&
        bytes > SHMEMI_PROXY_DATA)
        shmemi_fatal(call, "a request of %zu bytes (a slot holds %d)", bytes, SHMEMI_PROXY_DATA);
    switch (op) {
    case SHMEMI_PROXY_PUT:
        check_target(call, s, sym, bytes);
        shmemi_remote->put(call, NULL, sym, s->data, bytes, s->pe);
        break;
    case SHMEMI_PROXY_GET:
        check_target(call, s, sym, bytes);
        shmemi_remote->get(call, NULL, s->data, sym, bytes, s->pe);
        break;
    case SHMEMI_PROXY_AMO:
        if ((bytes != 4 && bytes != 8) || s->amo > SHMEMI_PROXY_AMO_XOR)
            shmemi_fatal(call, "an AMO on a %zu-byte word (operation %u)", bytes, s->amo);
        check_target(call, s, sym, bytes);
        s->result = shmemi_remote->amo(call, NULL, (enum shmemi_amo_op)s->amo, sym, bytes,
                                       s->value, s->cond, s->pe);
        break;
    case SHMEMI_PROXY_PUT_SIGNAL: {
        void *sig = (void *)(uintptr_t)s->sig_addr;
        check_target(call, s, sig, sizeof(uint64_t));
        if (bytes) {
            check_target(call, s, sym, bytes);
            shmemi_remote->put(call, NULL, sym, s->data, bytes, s->pe);
        }
        /* The data (this request's and the earlier slots') first. */
        shmemi_remote->fence(call, NULL);
        shmemi_remote->amo(call, NULL,
                           s->amo == SHMEMI_PROXY_AMO_ADD ? SHMEMI_AMO_ADD : SHMEMI_AMO_SET,
                           sig, sizeof(uint64_t), s->value, 0, s->pe);
        break;
    }
    case SHMEMI_PROXY_FENCE:
        if (*quieted < t)
            shmemi_remote->fence(call, NULL);
        break;
    case SHMEMI_PROXY_QUIET:
        if (*quieted < t)
            shmemi_remote->quiet(call, NULL);
        *quieted = t + 1;
        store(px.quieted, t + 1);
        break;
    }
    /* The transport is done with the slot (its calls block until their
     * buffers may be reused): it goes back to the requester or the ring. */
    store(&s->seq, s->op & SHMEMI_PROXY_WAIT ? SHMEMI_PROXY_DONE(t)
                                             : SHMEMI_PROXY_FREE(t + px.mask + 1));
}

static uint64_t now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static void *serve(void *arg)
{
    (void)arg;
    shmemi_runtime_thread = 1;
    unsigned long long next = 0, quieted = 0;
    size_t idle = 0;
    uint64_t dry_since = 0;
    for (;;) {
        struct shmemi_proxy_slot *s = &px.slots[next & px.mask];
        if (load(&s->seq) == SHMEMI_PROXY_POSTED(next)) {
            execute(s, next, &quieted);
            atomic_store_explicit(&px.next, ++next, memory_order_release);
            /* A host quiet waits for what was posted when it began; under
             * a steady stream of requests the ring never runs dry. */
            unsigned long long want = atomic_load_explicit(&px.want, memory_order_acquire);
            if (want > quieted && next >= want)
                quiet_now(next, &quieted);
            idle = 0;
            dry_since = 0;
            continue;
        }
        /* Dry for a while: complete what was executed, so that a kernel's
         * quiet finds nothing left to wait for. Not at once: a flush in
         * every gap of a stream of requests would slow the stream. */
        if (quieted < next) {
            uint64_t t = now_ns();
            if (!dry_since)
                dry_since = t;
            else if (t - dry_since >= DRY_NS || atomic_load(&px.stop))
                quiet_now(next, &quieted);
        } else if (atomic_load_explicit(&px.stop, memory_order_acquire)) {
            break;
        }
        shmemi_abort_poll();
        shmemi_remote->progress();
        shmemi_spin_idle(&idle);
    }
    return NULL;
}

/* A power of two, so that a ticket's slot is a mask away. */
static unsigned long long slots_wanted(void)
{
    size_t n = shmemi_config.proxy_slots;
    if (n < 2 || n > ((size_t)1 << 20) || (n & (n - 1)))
        shmemi_fatal("shmem_init", "SHMEM_PROXY_SLOTS=%zu is not a power of two from 2 to "
                     "1048576", n);
    return n;
}

/* The ring and the ticket; returns the ring's address for the requesters. */
static char *make_ring(size_t bytes)
{
#ifdef SHMEM_HAVE_CUDA
    if (shmemi_heap.kind != SHMEMI_HEAP_HOST) {
        void *view;
        px.on_gpu = 1;
        px.ring = shmemi_cuda_proxy_ring(bytes, &view);
        px.ticket = shmemi_cuda_proxy_ticket();
        return view;
    }
#endif
    /* SHMEM_PROXY_HOST: the requesters are host threads (tests). */
    px.ring = aligned_alloc(4096, (bytes + 4095) & ~(size_t)4095);
    px.ticket = calloc(1, sizeof *px.ticket);
    if (!px.ring || !px.ticket)
        shmemi_fatal("shmem_init", "out of memory for the device proxy's ring");
    return px.ring;
}

static void free_ring(void)
{
#ifdef SHMEM_HAVE_CUDA
    if (px.on_gpu) {
        shmemi_cuda_proxy_free(px.ring, px.ticket);
        return;
    }
#endif
    free(px.ring);
    free(px.ticket);
}

void shmemi_proxy_start(void)
{
    if (!shmemi_remote || !shmemi_proxy_wanted())
        return;
    unsigned long long n = slots_wanted();
    size_t bytes = HEADER + n * sizeof(struct shmemi_proxy_slot);
    char *kernel_ring = make_ring(bytes);
    memset(px.ring, 0, bytes);
    px.quieted = px.ring;
    px.slots = (struct shmemi_proxy_slot *)((char *)px.ring + HEADER);
    px.mask = n - 1;
    for (unsigned long long i = 0; i < n; i++)
        px.slots[i].seq = SHMEMI_PROXY_FREE(i);
    atomic_store(&px.next, 0);
    atomic_store(&px.want, 0);
    atomic_store(&px.stop, 0);
    int rc = pthread_create(&px.thread, NULL, serve, NULL);
    if (rc != 0)
        shmemi_fatal("shmem_init", "cannot start the device proxy's thread: %s", strerror(rc));
    px.running = 1;

    struct shmemi_device_state *st = shmemi_device_state_host();
    st->proxy = (struct shmemi_proxy_channel){
        .ticket = px.ticket,
        .slots = (struct shmemi_proxy_slot *)(kernel_ring + HEADER),
        .quieted = (const unsigned long long *)kernel_ring,
        .mask = px.mask,
    };
    shmemi_device_publish();
    if (shmemi_config.debug)
        shmemi_warn("shmem_init", "kernels reach the PEs of other nodes through the device "
                    "proxy (a ring of %llu slots in %s memory)", n,
                    px.on_gpu ? "pinned" : "host");
}

int shmemi_proxy_running(void) { return px.running; }

void shmemi_proxy_quiet(void)
{
    if (!px.running)
        return;
    /* Every request posted by now: the executed ones and those waiting in
     * order after them. */
    unsigned long long n = atomic_load_explicit(&px.next, memory_order_acquire);
    while (load(&px.slots[n & px.mask].seq) == SHMEMI_PROXY_POSTED(n))
        n++;
    unsigned long long w = atomic_load(&px.want);
    while (w < n && !atomic_compare_exchange_weak(&px.want, &w, n))
        ;
    size_t polls = 0;
    while (load(px.quieted) < n)
        shmemi_spin_step(&polls);
}

void shmemi_proxy_stop(void)
{
    if (!px.running)
        return;
    atomic_store_explicit(&px.stop, 1, memory_order_release);
    int rc = pthread_join(px.thread, NULL);
    if (rc != 0)
        shmemi_fatal("shmem_finalize", "cannot join the device proxy's thread: %s",
                     strerror(rc));
    shmemi_device_state_host()->proxy = (struct shmemi_proxy_channel){0};
    shmemi_device_publish();
    free_ring();
    memset(&px, 0, sizeof px);
}
