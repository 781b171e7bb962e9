# Distributed locks.
shmem_spmd_test(lock_mutex)
