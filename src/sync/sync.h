/* Barriers, waits, fence and quiet: the runtime-internal entry points. */
#ifndef SHMEMI_SYNC_H
#define SHMEMI_SYNC_H

/* A barrier over every PE that also completes this PE's puts. */
void shmemi_barrier_world(void);
/* Orders and completes the stores of this PE's RMA. */
void shmemi_quiet(void);

#endif
