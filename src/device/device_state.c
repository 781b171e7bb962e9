/* The state kernels use, and the translation units that want a copy. The
 * local-index table and the team table with the teams' barrier flags live
 * in the symmetric heap, taken right after it is made, so every PE has
 * them at the same offset. */
#include <shmem/internal/device_state.h>

#include <stddef.h>
#include <stdlib.h>

#include "heap/alloc.h"
#include "heap/heap.h"
#include "init/error.h"
#include "cuda/device_report.h"
#include "device_state.h"

static struct shmemi_device_state state;
static void (**updates)(const struct shmemi_device_state *);
static size_t n_updates;

struct shmemi_device_state *shmemi_device_state_host(void) { return &state; }

void shmemi_device_publish(void)
{
    for (size_t i = 0; i < n_updates; i++)
        updates[i](&state);
}

void shmemi_device_register_abi(unsigned version, size_t state_bytes,
                                void (*update)(const struct shmemi_device_state *))
{
    if (version != SHMEMI_DEVICE_ABI_VERSION || state_bytes != sizeof state)
        shmemi_fatal("shmem device code",
                     "this program's CUDA code was compiled against the headers of device "
                     "ABI version %u (a device state of %zu bytes), but this libshmem is "
                     "version %u (%zu bytes): rebuild the program against the headers "
                     "installed with this library", version, state_bytes,
                     SHMEMI_DEVICE_ABI_VERSION, sizeof state);
    void *grown = realloc(updates, (n_updates + 1) * sizeof *updates);
    if (!grown)
        shmemi_fatal("shmem_init", "out of memory registering a CUDA module");
    updates = grown;
    updates[n_updates++] = update;
    if (state.ready)
        update(&state);
}

static char *ctrl_view;

void *shmemi_device_ctrl_view(const void *host)
{
    return ctrl_view + ((const char *)host - shmemi_heap.ctrl);
}

static size_t round_up(size_t n) { return (n + 127) & ~(size_t)127; }

size_t shmemi_device_state_bytes(void)
{
    /* Allocation rounds blocks to 128 bytes: leave room for that too. */
    return shmemi_device_teams_bytes() + round_up((size_t)shmemi_state.n_pes * sizeof(int)) + 128;
}

void shmemi_device_state_init(void)
{
    if (shmemi_heap.kind == SHMEMI_HEAP_HOST)
        return;
    int n = shmemi_state.n_pes;
    size_t teams = shmemi_device_teams_bytes();
    size_t bytes = teams + round_up((size_t)n * sizeof(int)), off;
    if (shmemi_alloc_take(bytes, 128, &off) != 0)
        shmemi_fatal("shmem_init", "no room in the symmetric heap for the device state");
    char *block = shmemi_heap.base + off;
    shmemi_heap_copy(block + teams, shmemi_state.local_index, (size_t)n * sizeof(int));
    shmemi_heap_quiet();

    state.window = shmemi_heap.window;
    state.stride = shmemi_heap.stride;
    state.my_pe = shmemi_state.my_pe;
    state.n_pes = n;
    state.my_local = shmemi_state.my_local;
    state.n_local = shmemi_state.n_local;
    state.local_index = (const int *)(block + teams);
    state.local_base = shmemi_state.local_pes[0];
    for (int i = 1; i < shmemi_state.n_local; i++)
        if (shmemi_state.local_pes[i] != state.local_base + i)
            state.local_base = -1;
    state.atomics = shmemi_heap.backend->device_atomics;
    /* Kernels reach this PE's control slot: its header's abort_pending word
     * is their abort flag (the PE that ends the job sets it, see
     * src/node/liveness.c), and a barrier provider's words are there. */
    ctrl_view = shmemi_heap.backend->host_view(shmemi_heap.ctrl, shmemi_heap.ctrl_size);
    struct shmemi_heap_header *h = shmemi_heap_header_of(shmemi_state.my_local);
    state.abort_flag = (const volatile int *)shmemi_device_ctrl_view(&h->abort_pending);
    state.report = shmemi_device_ctrl_view(&h->report);
    shmemi_device_report_start(&h->report);
    shmemi_device_teams_init(block);
    state.ready = 1;
    shmemi_device_publish();
}

void shmemi_device_state_fini(void)
{
    if (!state.ready)
        return;
    shmemi_device_report_stop();
    shmemi_device_teams_fini();
    ctrl_view = NULL;
    state = (struct shmemi_device_state){0};
    shmemi_device_publish();
}
