/* The scratch slots and the two teams every job has. */
#include <stdlib.h>
#include <string.h>

#include "device/device_state.h"
#include "init/config.h"
#include "init/error.h"
#include "team.h"

struct shmemi_team shmemi_team_world;
static struct shmemi_team team_shared;
shmem_team_t SHMEM_TEAM_WORLD = SHMEMI_TEAM_WORLD_HANDLE;
shmem_team_t SHMEM_TEAM_SHARED = SHMEMI_TEAM_SHARED_HANDLE;
/* shmemx.h: the node's PEs are exactly those that share memory. */
shmem_team_t SHMEMX_TEAM_NODE = SHMEMI_TEAM_SHARED_HANDLE;

static char *slots;      /* symmetric: teams_max slots of slot_bytes */
static size_t slot_bytes;
static size_t work_bytes;

size_t shmemi_team_work_bytes(void) { return work_bytes; }

struct shmemi_team_scratch *shmemi_team_slot(int slot)
{
    return (struct shmemi_team_scratch *)(slots + (size_t)slot * slot_bytes);
}

void shmemi_team_setup(struct shmemi_team *t, int start, int stride, int size)
{
    t->handle = SHMEM_TEAM_INVALID;
    t->start = start;
    t->stride = size > 1 ? stride : 1;
    t->size = size;
    t->my_index = shmemi_team_index(t, shmemi_state.my_pe);
    t->slot = -1;
    t->scratch = NULL;
    t->barrier = (struct shmemi_barrier_desc){.engine = SHMEMX_BARRIER_ENGINE_DISSEMINATION,
                                              .slot = -1};
    t->config = (shmem_team_config_t){.num_contexts = 0};
    t->predefined = 0;
    pthread_mutex_init(&t->ctx_lock, NULL);
    t->ctxs = t->spare_ctxs = t->reserved = NULL;
}

/* Gives t scratch slot `slot` and the dissemination barrier on its flags. */
static void place(struct shmemi_team *t, int slot)
{
    t->slot = slot;
    t->scratch = shmemi_team_slot(slot);
    shmemi_barrier_desc_init(&t->barrier, t->start, t->stride, t->size,
                             &t->scratch->entered, t->scratch->work + work_bytes);
}

void shmemi_team_adopt(struct shmemi_team *t, int slot, int hw_slot, uint32_t hw_seq)
{
    /* The slot's previous team ended with a barrier, so no member writes
     * it any more; its flags and work data must not reach the new one:
     * cleared flags hold 0, which no barrier stores. */
    memset(shmemi_team_slot(slot), 0, slot_bytes);
    place(t, slot);
    shmemi_barrier_attach(&t->barrier, hw_slot, hw_seq);
    shmemi_device_team_add(t);
}

/* The team scratch lives in the control window, which the heap sets up
 * before the teams: it asks for this many bytes. */
size_t shmemi_team_ctrl_bytes(void)
{
    size_t n = shmemi_config.teams_max;
    shmemi_barrier_configure();
    /* Room for a word per PE (sizes and offsets exchanged by collect and
     * alltoalls) and a few KiB more for small collectives; a split needs a
     * slot bitmap and six words. */
    size_t need = (size_t)shmemi_state.n_pes * 16 + 8192;
    size_t split = (n / 64 + 1) * 8 + 48;
    work_bytes = ((need > split ? need : split) + 63) & ~(size_t)63;
    slot_bytes = (sizeof(struct shmemi_team_scratch) + work_bytes +
                  shmemi_barrier_flag_bytes() + 4095) & ~(size_t)4095;
    if (n < 2 || n > (SIZE_MAX >> 8) / slot_bytes || n > INT32_MAX)
        shmemi_fatal("shmem_init", "SHMEM_TEAMS_MAX=%zu: need at least 2 (world "
                     "and shared) and at most %zu", n, (SIZE_MAX >> 8) / slot_bytes);
    /* The barrier provider's region follows the slots. */
    return n * slot_bytes + shmemi_barrier_ctrl_bytes();
}

void shmemi_team_init(void)
{
    slots = shmemi_heap_ctrl_area();
    shmemi_team_table_init();
    shmemi_barrier_init(slots + shmemi_config.teams_max * slot_bytes);

    /* Fresh control memory is zero, and a peer may already be in the first
     * barrier: the predefined teams' slots are taken without clearing. */
    shmemi_team_setup(&shmemi_team_world, 0, 1, shmemi_state.n_pes);
    /* The PEs of a node are not an arithmetic progression in general (for
     * example round-robin placement); when they are not, SHMEM_TEAM_SHARED
     * is this PE alone, which the specification allows. */
    int first = shmemi_state.local_pes[0], n_local = shmemi_state.n_local;
    int stride = n_local > 1 ? shmemi_state.local_pes[1] - first : 1;
    for (int i = 0; i < n_local; i++)
        if (shmemi_state.local_pes[i] != first + i * stride)
            first = shmemi_state.my_pe, stride = 1, n_local = 1;
    shmemi_team_setup(&team_shared, first, stride, n_local);
    struct shmemi_team *predefined[] = {&shmemi_team_world, &team_shared};
    shmem_team_t handles[] = {SHMEMI_TEAM_WORLD_HANDLE, SHMEMI_TEAM_SHARED_HANDLE};
    for (int slot = 0; slot < 2; slot++) {
        struct shmemi_team *t = predefined[slot];
        t->predefined = 1;
        t->handle = handles[slot];
        place(t, slot);
        shmemi_team_table_claim(slot, t);
    }
    /* Provider slots: every PE makes the same calls. The shared team gets
     * one only when every PE's shared team is the world's PE set (else the
     * PEs of other nodes would want the same slot for theirs). */
    int hw = shmemi_barrier_predefined(&shmemi_team_world.barrier, 0);
    if (hw && shmemi_state.n_local == shmemi_state.n_pes)
        shmemi_barrier_predefined(&team_shared.barrier, 1);
}

void shmemi_team_fini(void)
{
    /* Past the last barrier: the provider stops before the teams go, and
     * takes its slots with it. */
    shmemi_barrier_fini();
    shmemi_team_table_fini();
    pthread_mutex_destroy(&shmemi_team_world.ctx_lock);
    pthread_mutex_destroy(&team_shared.ctx_lock);
    slots = NULL;
}
