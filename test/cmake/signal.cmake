# Signaling operations.
shmem_spmd_test(signal_put)
