/* Which team holds each scratch slot on this PE. Slots are not handed out
 * in call order, as symmetric memory is: a split over a sub-team is not
 * made by every PE, so the members of a new team agree on a slot free on
 * all of them (team_split.c) from the bitmaps this table gives. The table
 * also turns a handle into its team (shmemi_team_get), without the lock:
 * a slot's owner is stored after the owner's handle is set. */
#include <stdlib.h>
#include <string.h>

#include "init/config.h"
#include "init/error.h"
#include "team.h"

struct shmemi_team *_Atomic *shmemi_team_owner; /* [teams_max] */
size_t shmemi_team_n_slots;
/* The serial number of the next team made; survives a re-initialisation,
 * so that no handle of the previous run names a team of this one. */
static uint32_t next_serial = SHMEMI_TEAM_FIRST_SERIAL;
/* Splits and destroys of different teams may run in different threads at
 * once (the specification forbids that only for the same parent team). */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

void shmemi_team_table_init(void)
{
    shmemi_team_n_slots = shmemi_config.teams_max;
    shmemi_team_owner = calloc(shmemi_team_n_slots, sizeof *shmemi_team_owner);
    if (!shmemi_team_owner)
        shmemi_fatal("shmem_init", "no memory for the table of %zu teams "
                     "(SHMEM_TEAMS_MAX); lower SHMEM_TEAMS_MAX", shmemi_team_n_slots);
}

void shmemi_team_table_fini(void)
{
    for (size_t s = 0; s < shmemi_team_n_slots; s++) {
        struct shmemi_team *t = atomic_load(&shmemi_team_owner[s]);
        if (t)
            shmemi_team_free(NULL, t);
    }
    free(shmemi_team_owner);
    shmemi_team_owner = NULL;
    shmemi_team_n_slots = 0;
}

int shmemi_team_table_claim(int slot, struct shmemi_team *t)
{
    pthread_mutex_lock(&lock);
    int free_now = atomic_load(&shmemi_team_owner[slot]) == NULL;
    if (free_now) {
        if (!t->predefined) {
            t->handle = SHMEMI_TEAM_HANDLE(next_serial, slot);
            /* After 2^32 teams: the oldest handles are long gone. */
            if (++next_serial == 0)
                next_serial = SHMEMI_TEAM_FIRST_SERIAL;
        }
        atomic_store_explicit(&shmemi_team_owner[slot], t, memory_order_release);
    }
    pthread_mutex_unlock(&lock);
    return free_now ? 0 : -1;
}

void shmemi_team_table_release(int slot)
{
    pthread_mutex_lock(&lock);
    atomic_store(&shmemi_team_owner[slot], NULL);
    pthread_mutex_unlock(&lock);
}

_Noreturn void shmemi_team_bad_handle(const char *call, shmem_team_t team)
{
    uintptr_t h = (uintptr_t)team;
    uint32_t serial = (uint32_t)(h >> 32);
    size_t slot = (size_t)(uint32_t)h - 1;
    pthread_mutex_lock(&lock);
    int was_team = slot < shmemi_team_n_slots && serial >= SHMEMI_TEAM_FIRST_SERIAL &&
                   serial < next_serial;
    pthread_mutex_unlock(&lock);
    if (was_team)
        shmemi_fatal(call, "the team handle %p is of a team that was destroyed "
                     "(shmem_team_destroy); a destroyed team's handle may not be "
                     "used again: pass a live team, or SHMEM_TEAM_INVALID",
                     (void *)team);
    shmemi_fatal(call, "%p is not a team handle of this PE: no split returned it "
                 "(an uninitialised or overwritten shmem_team_t?); pass a team "
                 "returned by shmem_team_split_strided or shmem_team_split_2d, a "
                 "predefined team, or SHMEM_TEAM_INVALID", (void *)team);
}

size_t shmemi_team_map_words(void) { return (shmemi_team_n_slots + 63) / 64; }

void shmemi_team_free_map(uint64_t *map)
{
    memset(map, 0, shmemi_team_map_words() * sizeof *map);
    pthread_mutex_lock(&lock);
    for (size_t s = 0; s < shmemi_team_n_slots; s++)
        if (!atomic_load(&shmemi_team_owner[s]))
            map[s / 64] |= (uint64_t)1 << (s % 64);
    pthread_mutex_unlock(&lock);
}
