/* Destroying a team, and freeing what a team holds. */
#include <stdlib.h>

#include "init/error.h"
#include "device/device_state.h"
#include "rma/ctx.h"
#include "team.h"

void shmemi_team_free(const char *call, struct shmemi_team *t)
{
    shmemi_ctx_release_all(call, t);
    if (t->predefined)
        return;
    shmemi_barrier_detach(&t->barrier);
    if (t->slot >= 0) {
        shmemi_device_team_remove(t);
        shmemi_team_table_release(t->slot);
    }
    pthread_mutex_destroy(&t->ctx_lock);
    free(t);
}

void shmem_team_destroy(shmem_team_t team)
{
    shmemi_require_init(__func__);
    struct shmemi_team *t = shmemi_team_get(__func__, team);
    if (!t)
        return;
    if (t->predefined)
        shmemi_fatal(__func__, "%s is a predefined team and cannot be destroyed; "
                     "destroy only teams made by shmem_team_split_strided or "
                     "shmem_team_split_2d",
                     t == &shmemi_team_world ? "SHMEM_TEAM_WORLD"
                                             : "SHMEM_TEAM_SHARED (SHMEMX_TEAM_NODE)");
    /* Once its slots are free a later split may give them to another
     * team: every member must be done with them first. */
    shmemi_team_barrier(__func__, t);
    shmemi_team_free(__func__, t);
}
