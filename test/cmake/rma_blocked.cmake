# Blocked strided RMA (1.6 ibput/ibget).
shmem_spmd_test(rma_blocked)
shmem_test_program(rma_blocked_faults)
shmem_expect_test(fault_ibput_overlap PROGRAM rma_blocked_faults NP 2 ARGS ibput_overlap
  EXPECT --status nonzero --match "shmem_int_ibput: dst is 2 but blocks are 3 elements long")
shmem_expect_test(fault_ibget_overlap PROGRAM rma_blocked_faults NP 2 ARGS ibget_overlap
  EXPECT --status nonzero --match "shmem_ctx_ibget32: sst is 1 but blocks are 2 elements long")
shmem_expect_test(fault_ibput_private PROGRAM rma_blocked_faults NP 2 ARGS ibput_private
  EXPECT --status nonzero --match "shmem_ibput64: address .* is not in the symmetric heap")
shmem_expect_test(fault_ibget_bad_pe PROGRAM rma_blocked_faults NP 3 ARGS ibget_bad_pe
  EXPECT --status nonzero --match "shmem_double_ibget: PE 3 is not a valid PE number")
