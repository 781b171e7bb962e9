/* Distributed locking (OpenSHMEM 1.5 section 9.11). The lock is a
 * symmetric long set to 0 on every PE before first use and touched by
 * nothing but these routines. Waiting PEs get the lock first-come,
 * first-served. A lock is held by a PE, not by a thread: as the
 * specification says, threads of one PE using the same lock concurrently
 * is undefined, and a PE must not set a lock it already holds. */
#ifndef SHMEM_LOCK_H
#define SHMEM_LOCK_H

#ifdef __cplusplus
extern "C" {
#endif

void shmem_set_lock(long *lock);
void shmem_clear_lock(long *lock);
int shmem_test_lock(long *lock);

#ifdef __cplusplus
}
#endif

#endif
