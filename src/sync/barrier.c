/* The team barrier and its entry points: every barrier of the runtime
 * (barrier_all, sync_all, team_sync, the collectives' and the splits')
 * runs on its team's engine (barrier_engine.h). */
#include <shmem.h>
#include <shmemx.h>

#include "init/error.h"
#include "team/team.h"
#include "sync/engine/barrier_engine.h"
#include "sync.h"

/* A team that spans nodes runs the same engine: the dissemination barrier
 * sends its flags to members of other nodes through the transport. */
void shmemi_team_barrier(const char *call, struct shmemi_team *t)
{
    shmemi_quiet();
    shmemi_barrier_run(call, &t->barrier);
}

/* The world barriers inside other collective calls: shmem_init,
 * shmem_finalize and the symmetric allocation routines. */
void shmemi_barrier_world(void)
{
    shmemi_team_barrier("a collective call over SHMEM_TEAM_WORLD (shmem_init, "
                        "shmem_finalize, shmem_malloc or another allocation routine)",
                        &shmemi_team_world);
}

void shmem_barrier_all(void)
{
    shmemi_require_init(__func__);
    shmemi_team_barrier(__func__, &shmemi_team_world);
}

void shmem_sync_all(void)
{
    shmemi_require_init(__func__);
    shmemi_team_barrier(__func__, &shmemi_team_world);
}

int shmemx_team_barrier_engine(shmem_team_t team)
{
    shmemi_require_init(__func__);
    struct shmemi_team *t = shmemi_team_get(__func__, team);
    return t ? t->barrier.engine : -1;
}
