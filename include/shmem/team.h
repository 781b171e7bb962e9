/* Teams (OpenSHMEM 1.5 section 9.4, with 1.6's shmem_team_ptr and its
 * negative and zero strides for shmem_team_split_strided). */
#ifndef SHMEM_TEAM_H
#define SHMEM_TEAM_H

#include <shmem/api.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A handle, not a pointer the program may follow: the library checks it at
 * every call, so that a destroyed team's handle is reported. */
typedef struct shmemi_team_handle *shmem_team_t;

extern shmem_team_t SHMEM_TEAM_WORLD;
extern shmem_team_t SHMEM_TEAM_SHARED;
#define SHMEM_TEAM_INVALID ((shmem_team_t)0)

/* What a split is asked to provide for the new team; a field counts only
 * when its bit is in the mask passed along with the structure. */
typedef struct {
    int num_contexts; /* contexts to reserve for shmem_team_create_ctx */
} shmem_team_config_t;

#define SHMEM_TEAM_NUM_CONTEXTS (1L << 0)

int SHMEMI_NAME(_team_my_pe)(shmem_team_t team) SHMEMI_SYMBOL(_team_my_pe);
int SHMEMI_NAME(_team_n_pes)(shmem_team_t team) SHMEMI_SYMBOL(_team_n_pes);
int shmem_team_get_config(shmem_team_t team, long config_mask,
                          shmem_team_config_t *config);
int SHMEMI_NAME(_team_translate_pe)(shmem_team_t src_team, int src_pe,
                                    shmem_team_t dest_team)
        SHMEMI_SYMBOL(_team_translate_pe);
int shmem_team_split_strided(shmem_team_t parent_team, int start, int stride,
                             int size, const shmem_team_config_t *config,
                             long config_mask, shmem_team_t *new_team);
int shmem_team_split_2d(shmem_team_t parent_team, int xrange,
                        const shmem_team_config_t *xaxis_config,
                        long xaxis_mask, shmem_team_t *xaxis_team,
                        const shmem_team_config_t *yaxis_config,
                        long yaxis_mask, shmem_team_t *yaxis_team);
void shmem_team_destroy(shmem_team_t team);
int SHMEMI_NAME(_team_sync)(shmem_team_t team) SHMEMI_SYMBOL(_team_sync);
void *shmem_team_ptr(shmem_team_t team, const void *dest, int pe);

#ifdef __cplusplus
}
#endif

#endif
