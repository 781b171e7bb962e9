/* The library side of the device state (see include/shmem/device_state.h). */
#ifndef SHMEMI_DEVICE_STATE_H
#define SHMEMI_DEVICE_STATE_H

#include <stddef.h>

/* Bytes of data heap the state takes on a GPU heap (asked for up front). */
size_t shmemi_device_state_bytes(void);
/* After the heap and teams exist: fills the state and hands it to every
 * registered CUDA translation unit (nothing on a host heap). */
void shmemi_device_state_init(void);
/* Before the heap goes: marks the state unusable in every copy. */
void shmemi_device_state_fini(void);

#endif
