/* Teams in kernels: a handle is looked up in the library's team table (in
 * GPU memory, so the lookup is a load or two that caches keep); the
 * queries, translation and team_sync follow. SHMEM_TEAM_WORLD names the
 * world team in device code too. */
#ifndef SHMEM_DEVICE_TEAM_H
#define SHMEM_DEVICE_TEAM_H

#include <stdint.h>

#include <shmem/team.h>
#include <shmem/internal/device_state.h>
#include <shmem/device/core.h>
#include <shmem/device/sync.h>

/* The entry of team, or NULL for SHMEM_TEAM_INVALID and for a handle that
 * is not a team of this PE (destroyed, or never made). */
__device__ inline const struct shmemi_device_team *shmemi_dev_team(shmem_team_t team)
{
    unsigned long long h = (unsigned long long)(uintptr_t)team;
    if (h == 0 || !shmemi_dstate.ready)
        return (const struct shmemi_device_team *)0;
    if (h == shmemi_dstate.world.handle)
        return &shmemi_dstate.world;
    unsigned mask = shmemi_dstate.team_mask;
    for (unsigned i = shmemi_team_hash(h) & mask;; i = (i + 1) & mask) {
        unsigned long long k = shmemi_dstate.teams[i].handle;
        if (k == h)
            return shmemi_dstate.teams + i;
        if (k == 0)
            return (const struct shmemi_device_team *)0;
    }
}

SHMEMI_HD int shmem_team_my_pe(shmem_team_t team)
{
    SHMEMI_BOTH(return shmemi_host_team_my_pe(team),
                const struct shmemi_device_team *t = shmemi_dev_team(team);
                return t ? t->my_index : -1);
}

SHMEMI_HD int shmem_team_n_pes(shmem_team_t team)
{
    SHMEMI_BOTH(return shmemi_host_team_n_pes(team),
                const struct shmemi_device_team *t = shmemi_dev_team(team);
                return t ? t->size : -1);
}

SHMEMI_HD int shmem_team_translate_pe(shmem_team_t src_team, int src_pe, shmem_team_t dest_team)
{
    SHMEMI_BOTH(return shmemi_host_team_translate_pe(src_team, src_pe, dest_team),
                const struct shmemi_device_team *s = shmemi_dev_team(src_team);
                const struct shmemi_device_team *d = shmemi_dev_team(dest_team);
                if (!s || !d || src_pe < 0 || src_pe >= s->size) return -1;
                int pe = s->start + src_pe * s->stride;
                int off = pe - d->start;
                if (off % d->stride) return -1;
                int i = off / d->stride;
                return i >= 0 && i < d->size ? i : -1);
}

SHMEMI_HD int shmem_team_sync(shmem_team_t team)
{
    SHMEMI_BOTH(return shmemi_host_team_sync(team),
                const struct shmemi_device_team *t = shmemi_dev_team(team);
                if (!t) return -1;
                shmemi_dev_team_barrier(t);
                return 0);
}

/* In device code SHMEM_TEAM_WORLD is the handle the library put in the
 * device state (the host variable is not reachable from kernels). */
#if defined(__CUDA_ARCH__)
#define SHMEM_TEAM_WORLD ((shmem_team_t)(uintptr_t)shmemi_dstate.world.handle)
#endif

#endif
