#include "../init/error.h"
#include "team.h"

int shmem_team_my_pe(shmem_team_t team)
{
    shmemi_require_init(__func__);
    return team ? team->my_index : -1;
}

int shmem_team_n_pes(shmem_team_t team)
{
    shmemi_require_init(__func__);
    return team ? team->size : -1;
}

void shmem_team_sync(shmem_team_t team)
{
    shmemi_require_init(__func__);
    if (team)
        shmemi_team_barrier(team);
}
