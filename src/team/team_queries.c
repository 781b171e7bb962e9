/* What a team handle tells: its PEs, their numbers elsewhere, its
 * configuration; and its barrier (shmem_team_ptr is with shmem_ptr, in
 * rma/accessible.c). */
#include <stdatomic.h>

#include "init/error.h"
#include "team.h"

int shmem_team_my_pe(shmem_team_t team)
{
    shmemi_require_init(__func__);
    struct shmemi_team *t = shmemi_team_get(__func__, team);
    return t ? t->my_index : -1;
}

int shmem_team_n_pes(shmem_team_t team)
{
    shmemi_require_init(__func__);
    struct shmemi_team *t = shmemi_team_get(__func__, team);
    return t ? t->size : -1;
}

int shmem_team_translate_pe(shmem_team_t src_team, int src_pe, shmem_team_t dest_team)
{
    shmemi_require_init(__func__);
    struct shmemi_team *src = shmemi_team_get(__func__, src_team);
    struct shmemi_team *dest = shmemi_team_get(__func__, dest_team);
    if (!src || !dest || src_pe < 0 || src_pe >= src->size)
        return -1;
    return shmemi_team_index(dest, shmemi_team_pe(src, src_pe));
}

int shmem_team_get_config(shmem_team_t team, long config_mask, shmem_team_config_t *config)
{
    shmemi_require_init(__func__);
    struct shmemi_team *t = shmemi_team_get(__func__, team);
    if (!t)
        return -1;
    if (config_mask && !config)
        shmemi_fatal(__func__, "config is NULL; pass the structure to fill in");
    if (config_mask & SHMEM_TEAM_NUM_CONTEXTS)
        config->num_contexts = t->config.num_contexts;
    return 0;
}

/* OpenSHMEM leaves a sync of SHMEM_TEAM_INVALID undefined; it returns
 * nonzero here, as the team collectives do. A PE outside a split gets
 * SHMEM_TEAM_INVALID, and one that syncs on it synchronises with nobody
 * while it believes otherwise: it hears so, once. */
int shmem_team_sync(shmem_team_t team)
{
    shmemi_require_init(__func__);
    struct shmemi_team *t = shmemi_team_get(__func__, team);
    if (!t) {
        static atomic_flag told = ATOMIC_FLAG_INIT;
        if (!atomic_flag_test_and_set(&told))
            shmemi_warn(__func__, "SHMEM_TEAM_INVALID is no team: this PE synchronised "
                        "with no other and the call returns -1 (a PE outside a split's "
                        "new team receives SHMEM_TEAM_INVALID; call shmem_team_sync "
                        "only on teams this PE is a member of); said once");
        return -1;
    }
    shmemi_team_barrier(__func__, t);
    return 0;
}
