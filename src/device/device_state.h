/* The library side of the device state (see include/shmem/internal/device_state.h). */
#ifndef SHMEMI_DEVICE_STATE_H
#define SHMEMI_DEVICE_STATE_H

#include <stddef.h>

#include <shmem/internal/device_state.h>

struct shmemi_team;

/* Bytes of data heap the state takes on a GPU heap (asked for up front). */
size_t shmemi_device_state_bytes(void);
/* After the heap and teams exist: fills the state and hands it to every
 * registered CUDA translation unit (nothing on a host heap). */
void shmemi_device_state_init(void);
/* Before the heap goes: marks the state unusable in every copy. */
void shmemi_device_state_fini(void);

/* Where kernels reach host (an address in this PE's control slot). */
void *shmemi_device_ctrl_view(const void *host);

/* The library's copy, and handing it to every registered copy again. */
struct shmemi_device_state *shmemi_device_state_host(void);
void shmemi_device_publish(void);

/* The team table (device_teams.c): its bytes of heap, set up at `block`
 * with the predefined teams in it, and emptied. */
size_t shmemi_device_teams_bytes(void);
/* Whether the team in this scratch slot has the small sums' buffers. */
int shmemi_device_team_ll(int slot);
/* Whether it has the buffers of the sums that only store. */
int shmemi_device_team_push(int slot);
void shmemi_device_teams_init(char *block);
void shmemi_device_teams_fini(void);
/* A team kernels can name from now on, or no longer; no-ops on a host
 * heap. */
void shmemi_device_team_add(const struct shmemi_team *t);
void shmemi_device_team_remove(const struct shmemi_team *t);
/* The radix of the block barriers of a team of n members
 * (SHMEMI_TEAM_BLOCK_FLAGS), or 0 where their flags cannot hold one. */
int shmemi_device_block_radix(int n);

#endif
