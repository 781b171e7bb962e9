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

#ifdef __cplusplus
}
#endif

#endif
