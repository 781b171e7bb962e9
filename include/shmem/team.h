/* Teams (OpenSHMEM 1.5 section 9.4). */
#ifndef SHMEM_TEAM_H
#define SHMEM_TEAM_H

#ifdef __cplusplus
extern "C" {
#endif

typedef struct shmemi_team *shmem_team_t;

extern shmem_team_t SHMEM_TEAM_WORLD;
extern shmem_team_t SHMEM_TEAM_SHARED;
#define SHMEM_TEAM_INVALID ((shmem_team_t)0)

int shmem_team_my_pe(shmem_team_t team);
int shmem_team_n_pes(shmem_team_t team);
void shmem_team_sync(shmem_team_t team);

#ifdef __cplusplus
}
#endif

#endif
