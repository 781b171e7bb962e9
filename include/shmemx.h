/* Extensions beyond the OpenSHMEM specification. */
#ifndef SHMEMX_H
#define SHMEMX_H

#include <shmem.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The PEs of this PE's node, as a predefined team. A team is an arithmetic
 * progression of PEs, so when the node's PEs are not one (round-robin
 * placement over nodes of unequal sizes) it is this PE alone. Here it is
 * the same team as SHMEM_TEAM_SHARED, whose PEs are exactly those that
 * share memory: the node's. */
extern shmem_team_t SHMEMX_TEAM_NODE;

/* The engine that runs a team's barriers: a slot of a barrier provider (a
 * switch that completes the barrier; SHMEM_BARRIER_EMULATE=1 offers an
 * emulation of one) or the software dissemination barrier. The team chose
 * it when it was made, the same on all its members. */
enum shmemx_barrier_engine {
    SHMEMX_BARRIER_ENGINE_DISSEMINATION = 1,
    SHMEMX_BARRIER_ENGINE_HW = 2,
};

/* team's engine, or -1 for SHMEM_TEAM_INVALID. */
int shmemx_team_barrier_engine(shmem_team_t team);

#ifdef __cplusplus
}
#endif

#endif
