#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "init/config.h"
#include "init/error.h"
#include "transport/transport.h"
#include "alloc.h"
#include "heap.h"

struct shmemi_heap shmemi_heap;

/* Saturating: a size that no address space holds stays SIZE_MAX, which
 * shmemi_heap_init refuses, rather than wrapping to a small one. */
static size_t round_up(size_t v, size_t a)
{
    return v > SIZE_MAX - (a - 1) ? SIZE_MAX : (v + a - 1) / a * a;
}

static size_t add(size_t a, size_t b) { return a > SIZE_MAX - b ? SIZE_MAX : a + b; }

/* Every node PE's fd of the memory being shared, by local index. */
static int *exchange(const char *call, int fd)
{
    int *fds = malloc(sizeof(int) * (size_t)shmemi_state.n_local);
    if (!fds)
        shmemi_fatal(call, "out of host memory for the heap's handles");
    shmemi_links_exchange_fd(call, fd, fds);
    return fds;
}

/* Adds a chunk of `bytes` at the end of every PE's slot: this PE makes its
 * memory, the node's PEs trade handles and, when every PE has made its
 * own, each maps them all. 0; or -1 on every PE, with *short_pe the world
 * number of the first PE that could not make its memory, after each PE
 * has let go of what it made. */
static int add_chunk(const char *call, size_t bytes, int *short_pe)
{
    int fd = shmemi_heap.backend->create(bytes);
    int *fds = exchange(call, fd);
    *short_pe = -1;
    for (int i = 0; i < shmemi_state.n_local && *short_pe < 0; i++)
        if (fds[i] < 0)
            *short_pe = shmemi_state.local_pes[i];
    for (int i = 0; i < shmemi_state.n_local; i++) {
        if (fds[i] < 0)
            continue;
        if (*short_pe < 0)
            shmemi_heap.backend->map(shmemi_heap.window + (size_t)i * shmemi_heap.stride +
                                         shmemi_heap.size,
                                     bytes, fds[i]);
        close(fds[i]);
    }
    free(fds);
    if (*short_pe >= 0) {
        /* PEs of other nodes cannot see this node's shortage, and would
         * grow without it. */
        if (shmemi_remote)
            shmemi_fatal(call, "PE %d had no %s memory for %zu more bytes of symmetric "
                         "heap, and other nodes' PEs grow theirs without waiting: "
                         "the heap would stop being symmetric; raise the memory "
                         "available or allocate less",
                         *short_pe, shmemi_heap.backend->name, bytes);
        if (fd >= 0 && shmemi_heap.backend->discard)
            shmemi_heap.backend->discard();
        return -1;
    }
    if (shmemi_remote)
        shmemi_remote->expose(call, SHMEMI_SEG_DATA, shmemi_heap.base + shmemi_heap.size,
                              bytes);
    shmemi_heap.size += bytes;
    return 0;
}

static size_t heap_cap(size_t initial, size_t default_cap, size_t reserve)
{
    if (shmemi_config.symmetric_size_max)
        return add(shmemi_config.symmetric_size_max, reserve);
    if (getenv("SHMEM_SYMMETRIC_SIZE"))
        return initial;
    return default_cap > initial ? default_cap : initial;
}

void shmemi_heap_init(size_t ctrl_bytes, size_t data_reserve)
{
    size_t default_cap = shmemi_heap.cap; /* as the backend's choice set it */
    size_t gran = shmemi_heap.backend->granularity;
    if (gran < shmemi_host_backend.granularity)
        gran = shmemi_host_backend.granularity;
    /* Below a page no heap is meant: most likely a size in other units
     * (SHMEM_SYMMETRIC_SIZE=1 for 1G), which rounding up to a whole chunk
     * would hide. */
    const char *asked = getenv("SHMEM_SYMMETRIC_SIZE");
    if (asked && shmemi_config.symmetric_size < 4096)
        shmemi_fatal("shmem_init", "SHMEM_SYMMETRIC_SIZE=%s is too small for a "
                     "symmetric heap: sizes count bytes, with the suffixes K, M, G "
                     "and T (512M, 2G); ask for 4K or more, or unset it (the heap "
                     "then starts at 32M and grows on demand)", asked);
    /* The runtime's own symmetric data comes on top, so the user gets all
     * of SHMEM_SYMMETRIC_SIZE. */
    size_t initial = round_up(add(shmemi_config.symmetric_size, data_reserve), gran);
    shmemi_heap.cap = round_up(heap_cap(initial, default_cap, data_reserve), gran);
    if (asked && !shmemi_config.symmetric_size_max && shmemi_config.symmetric_size < gran &&
        shmemi_state.my_pe == 0)
        shmemi_warn("shmem_init", "SHMEM_SYMMETRIC_SIZE=%s is less than one chunk "
                    "of the heap (%zu bytes): the heap, fixed as "
                    "SHMEM_SYMMETRIC_SIZE_MAX is not set, is whole chunks and has "
                    "room for %zu bytes", asked, gran, initial - data_reserve);
    if (shmemi_heap.cap < initial)
        shmemi_fatal("shmem_init", "SHMEM_SYMMETRIC_SIZE_MAX (%zu) is below "
                     "SHMEM_SYMMETRIC_SIZE (%zu)", shmemi_heap.cap, initial);
    shmemi_heap.ctrl_size = round_up(SHMEMI_CTRL_HEADER + ctrl_bytes, 4096);
    shmemi_heap.stride = round_up(shmemi_heap.cap > shmemi_heap.ctrl_size
                                      ? shmemi_heap.cap : shmemi_heap.ctrl_size,
                                  SHMEMI_HEAP_SLOT_ALIGN);
    size_t span;
    if (__builtin_mul_overflow(shmemi_heap.stride, (size_t)shmemi_state.n_local, &span) ||
        span > SIZE_MAX / 2)
        shmemi_fatal("shmem_init", "the node's %d PEs cannot each have a symmetric heap "
                     "of up to %zu bytes: more than the address space holds; lower "
                     "SHMEM_SYMMETRIC_SIZE_MAX (or SHMEM_SYMMETRIC_SIZE)",
                     shmemi_state.n_local, shmemi_heap.cap);
    size_t slot = (size_t)shmemi_state.my_local * shmemi_heap.stride;

    /* Control window: this PE's slot, then every node peer's. */
    shmemi_heap.ctrl_window = shmemi_host_backend.reserve(span);
    shmemi_heap.ctrl = shmemi_heap.ctrl_window + slot;
    int ctrl_fd = shmemi_memfd_create("shmem-ctrl", shmemi_heap.ctrl_size);
    shmemi_host_backend.map(shmemi_heap.ctrl, shmemi_heap.ctrl_size, ctrl_fd);
    struct shmemi_heap_header *h = shmemi_heap_header_of(shmemi_state.my_local);
    h->pid = (int)getpid();
    atomic_store(&h->state, SHMEMI_PE_RUNNING);
    shmemi_links_open();
    shmemi_node_links_open();
    int *fds = exchange("shmem_init", ctrl_fd);
    for (int i = 0; i < shmemi_state.n_local; i++) {
        if (i != shmemi_state.my_local)
            shmemi_host_backend.map(shmemi_heap.ctrl_window + (size_t)i * shmemi_heap.stride,
                                    shmemi_heap.ctrl_size, fds[i]);
        close(fds[i]);
    }
    free(fds);
    shmemi_liveness_start();
    /* A data heap in GPU memory, which this build's UCX (Debian's) cannot
     * reach, is served to other nodes by its PE (transport/ucx/ucx_service.c). */
    if (shmemi_remote)
        shmemi_remote->expose("shmem_init", SHMEMI_SEG_CTRL, shmemi_heap.ctrl,
                              shmemi_heap.ctrl_size);
    shmemi_statics_share();

    /* Data window, with its first chunk. */
    shmemi_heap.window = shmemi_heap.backend->reserve(span);
    shmemi_heap.base = shmemi_heap.window + slot;
    shmemi_heap.size = 0;
    int short_pe;
    if (add_chunk("shmem_init", initial, &short_pe) != 0)
        shmemi_fatal("shmem_init", "PE %d could not make the first %zu bytes of its "
                     "symmetric heap (%s memory; see its message); lower "
                     "SHMEM_SYMMETRIC_SIZE", short_pe, initial, shmemi_heap.backend->name);
    shmemi_alloc_init(0, shmemi_heap.size);
}

int shmemi_heap_grow(size_t bytes, int *short_pe)
{
    size_t gran = shmemi_heap.backend->granularity;
    size_t room = shmemi_heap.cap - shmemi_heap.size;
    *short_pe = -1;
    /* cap is a multiple of gran, so rounding what fits cannot wrap. */
    if (bytes > room)
        return -1;
    size_t need = round_up(bytes, gran);
    if (need > room)
        return -1;
    /* Doubling keeps the number of chunks (and of collective growths)
     * logarithmic in the final size; where the memory for the double is
     * not there, what was asked for may still be. Every PE knows both
     * outcomes, so all take the same path. */
    size_t add = shmemi_heap.size > need ? round_up(shmemi_heap.size, gran) : need;
    if (add > room)
        add = need;
    size_t old = shmemi_heap.size;
    if (add_chunk("shmem_malloc", add, short_pe) != 0 &&
        (add == need || add_chunk("shmem_malloc", need, short_pe) != 0))
        return -1;
    shmemi_alloc_extend(old, shmemi_heap.size);
    return 0;
}

void shmemi_heap_finalize(void)
{
    atomic_store(&shmemi_heap_header_of(shmemi_state.my_local)->state,
                 SHMEMI_PE_FINALIZED);
    shmemi_liveness_stop();
    shmemi_links_close();
    shmemi_node_links_close();
    shmemi_alloc_fini();
    shmemi_statics_release();
    shmemi_heap.backend->release();
    if (shmemi_heap.backend != &shmemi_host_backend)
        shmemi_host_backend.release();
    shmemi_heap_release_device();
    memset(&shmemi_heap, 0, sizeof shmemi_heap);
}
