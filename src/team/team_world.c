/* The scratch slots and the two teams every job has. */
#include <stdlib.h>

#include "../init/config.h"
#include "../init/error.h"
#include "team.h"

struct shmemi_team shmemi_team_world;
static struct shmemi_team team_shared;
shmem_team_t SHMEM_TEAM_WORLD = &shmemi_team_world;
shmem_team_t SHMEM_TEAM_SHARED = &team_shared;

static char *slots;      /* symmetric: teams_max slots of slot_bytes */
static size_t slot_bytes;
static size_t work_bytes;

size_t shmemi_team_work_bytes(void) { return work_bytes; }

struct shmemi_team_scratch *shmemi_team_slot(int slot)
{
    return (struct shmemi_team_scratch *)(slots + (size_t)slot * slot_bytes);
}

static void set_team(struct shmemi_team *t, int start, int stride, int size, int slot)
{
    t->start = start;
    t->stride = stride;
    t->size = size;
    t->my_index = shmemi_team_index(t, shmemi_state.my_pe);
    t->slot = slot;
    t->scratch = shmemi_team_slot(slot);
    t->barrier_epoch = 0;
}

/* The team scratch lives in the control window, which the heap sets up
 * before the teams: it asks for this many bytes. */
size_t shmemi_team_ctrl_bytes(void)
{
    /* Room for a word per PE (sizes and offsets exchanged by collect and
     * alltoalls) and a few KiB more for small collectives. */
    work_bytes = ((size_t)shmemi_state.n_pes * 16 + 8192 + 63) & ~(size_t)63;
    slot_bytes = (sizeof(struct shmemi_team_scratch) + work_bytes + 4095) & ~(size_t)4095;
    size_t n = shmemi_config.teams_max;
    if (n < 2 || n > (SIZE_MAX >> 8) / slot_bytes)
        shmemi_fatal("shmem_init", "SHMEM_TEAMS_MAX=%zu: need at least 2 (world "
                     "and shared) and at most %zu", n, (SIZE_MAX >> 8) / slot_bytes);
    return n * slot_bytes;
}

void shmemi_team_init(void)
{
    slots = shmemi_heap_ctrl_area();

    set_team(&shmemi_team_world, 0, 1, shmemi_state.n_pes, 0);
    /* The PEs of a node are not an arithmetic progression in general (for
     * example round-robin placement); when they are not, SHMEM_TEAM_SHARED
     * is this PE alone, which the specification allows. */
    int first = shmemi_state.local_pes[0], n_local = shmemi_state.n_local;
    int stride = n_local > 1 ? shmemi_state.local_pes[1] - first : 1;
    for (int i = 0; i < n_local; i++)
        if (shmemi_state.local_pes[i] != first + i * stride)
            first = shmemi_state.my_pe, stride = 1, n_local = 1;
    set_team(&team_shared, first, stride, n_local, 1);
}

void shmemi_team_fini(void) { slots = NULL; }
