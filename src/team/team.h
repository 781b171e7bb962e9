/* Teams inside the runtime. A team is an arithmetic progression of world
 * PEs {start + i * stride : i < size}; every team a split can make (strided,
 * 2-D, splits of splits) is one. Each team owns a slot of symmetric scratch
 * memory, the same slot on all its members, for its barrier flags and the
 * small exchanges of its collectives. */
#ifndef SHMEMI_TEAM_H
#define SHMEMI_TEAM_H

#include <stddef.h>
#include <stdint.h>

#include <shmem.h>

#include "../heap/heap.h"

/* The layout of a team's scratch slot. */
struct shmemi_team_scratch {
    /* Dissemination barrier: one cache line per round. */
    struct {
        _Atomic uint64_t epoch;
        char pad[56];
    } barrier[32];
    /* Free for the team's collectives; what lies beyond is
     * shmemi_team_work_bytes(). */
    char work[];
};

struct shmemi_team {
    int start, stride, size;
    int my_index;          /* this PE's index in the team */
    int slot;              /* index of the scratch slot */
    struct shmemi_team_scratch *scratch; /* this PE's copy of the slot */
    uint64_t barrier_epoch;
};

extern struct shmemi_team shmemi_team_world;

/* Bytes of control window the teams' scratch slots need. */
size_t shmemi_team_ctrl_bytes(void);
/* Set up the scratch slots, SHMEM_TEAM_WORLD and SHMEM_TEAM_SHARED. */
void shmemi_team_init(void);
void shmemi_team_fini(void);

/* The world PE of team index i. */
static inline int shmemi_team_pe(const struct shmemi_team *t, int i)
{
    return t->start + i * t->stride;
}

/* The team index of world PE pe, or -1 when pe is not a member. */
static inline int shmemi_team_index(const struct shmemi_team *t, int pe)
{
    int d = pe - t->start;
    if (d < 0 || d % t->stride)
        return -1;
    d /= t->stride;
    return d < t->size ? d : -1;
}

/* Where p (an address in this PE's scratch or heap) lies on team index i. */
static inline void *shmemi_team_peer(const struct shmemi_team *t, const void *p, int i)
{
    return shmemi_heap_at(p, shmemi_state.local_index[shmemi_team_pe(t, i)]);
}

/* This PE's copy of scratch slot `slot`. */
struct shmemi_team_scratch *shmemi_team_slot(int slot);

/* Bytes of t->scratch->work. */
size_t shmemi_team_work_bytes(void);

/* A barrier over the team's members that also completes this PE's puts. */
void shmemi_team_barrier(struct shmemi_team *t);

#endif
