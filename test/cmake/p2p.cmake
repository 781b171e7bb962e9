# Point-to-point synchronization over arrays.
shmem_spmd_test(p2p_vector)

# A comparison outside SHMEM_CMP_*: every routine reports it.
shmem_test_program(p2p_faults)
foreach(r wait_until_any wait_until_all_empty wait_until_some_vector test_any_empty
          signal_wait_until)
  shmem_expect_test(p2p_fault_${r} PROGRAM p2p_faults NP 2 ARGS ${r}
    EXPECT --status nonzero --match "not one of SHMEM_CMP_EQ")
endforeach()
