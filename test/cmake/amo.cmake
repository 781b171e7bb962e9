# Atomic memory operations.
shmem_spmd_test(amo_typed)
target_link_libraries(amo_typed PRIVATE m)
shmem_spmd_test(amo_contention)
shmem_spmd_test(amo_threads)
target_link_libraries(amo_threads PRIVATE Threads::Threads)
shmem_spmd_test(amo_team_ctx)

# Misuse of AMOs, signals and locks: a clear error, not a hang or a crash.
shmem_test_program(amo_faults)
shmem_expect_test(amo_fault_misaligned PROGRAM amo_faults NP 2 ARGS misaligned
  EXPECT --status nonzero --match "shmem_long_atomic_add: .*not aligned")
shmem_expect_test(amo_fault_private_target PROGRAM amo_faults NP 2 ARGS private_target
  EXPECT --status nonzero --match "shmem_int_atomic_fetch_inc: .*not in the symmetric heap")
shmem_expect_test(amo_fault_sig_op PROGRAM amo_faults NP 2 ARGS sig_op
  EXPECT --status nonzero --match "sig_op 7 is not SHMEM_SIGNAL_SET")
shmem_expect_test(amo_fault_clear_unset_lock PROGRAM amo_faults NP 2 ARGS clear_unset_lock
  EXPECT --status nonzero --match "shmem_clear_lock: .*not set")
shmem_expect_test(amo_fault_set_lock_twice PROGRAM amo_faults NP 2 ARGS set_lock_twice
  EXPECT --status nonzero --match "shmem_set_lock: .*already holds")
