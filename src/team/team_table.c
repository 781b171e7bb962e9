/* Which team holds each scratch slot on this PE. Slots are not handed out
 * in call order, as symmetric memory is: a split over a sub-team is not
 * made by every PE, so the members of a new team agree on a slot free on
 * all of them (team_split.c) from the bitmaps this table gives. */
#include <stdlib.h>
#include <string.h>

#include "../init/config.h"
#include "../init/error.h"
#include "team.h"

static struct shmemi_team **owner; /* [teams_max] */
static size_t n_slots;
/* Splits and destroys of different teams may run in different threads at
 * once (the specification forbids that only for the same parent team). */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

void shmemi_team_table_init(void)
{
    n_slots = shmemi_config.teams_max;
    owner = calloc(n_slots, sizeof *owner);
    if (!owner)
        shmemi_fatal("shmem_init", "no memory for the table of %zu teams "
                     "(SHMEM_TEAMS_MAX); lower SHMEM_TEAMS_MAX", n_slots);
}

void shmemi_team_table_fini(void)
{
    for (size_t s = 0; s < n_slots; s++)
        if (owner[s])
            shmemi_team_free(NULL, owner[s]);
    free(owner);
    owner = NULL;
    n_slots = 0;
}

int shmemi_team_table_claim(int slot, struct shmemi_team *t)
{
    pthread_mutex_lock(&lock);
    int free_now = owner[slot] == NULL;
    if (free_now)
        owner[slot] = t;
    pthread_mutex_unlock(&lock);
    return free_now ? 0 : -1;
}

void shmemi_team_table_release(int slot)
{
    pthread_mutex_lock(&lock);
    owner[slot] = NULL;
    pthread_mutex_unlock(&lock);
}

size_t shmemi_team_map_words(void) { return (n_slots + 63) / 64; }

void shmemi_team_free_map(uint64_t *map)
{
    memset(map, 0, shmemi_team_map_words() * sizeof *map);
    pthread_mutex_lock(&lock);
    for (size_t s = 0; s < n_slots; s++)
        if (!owner[s])
            map[s / 64] |= (uint64_t)1 << (s % 64);
    pthread_mutex_unlock(&lock);
}
