# Collectives: team routines, their generic names, the 1.6 scans and the
# deprecated active-set routines.
shmem_spmd_test(coll_reduce)
shmem_spmd_test(coll_reduce_teams)
shmem_spmd_test(coll_data)
shmem_spmd_test(coll_active_set)
shmem_spmd_test(coll_large)
shmem_spmd_test(coll_back_to_back)
# PEs asking for different thread levels (PE 0 SHMEM_THREAD_MULTIPLE, the
# others SINGLE) must choose the collectives' algorithms alike.
shmem_spmd_test(thread_levels_mixed)

# Misuse: each run must end with a message that names the mistake.
shmem_test_program(coll_faults)
shmem_expect_test(coll_fault_bad_root PROGRAM coll_faults NP 2 ARGS bad_root
  EXPECT --status nonzero --match "shmem_int_broadcast: PE_root 2 is not a member")
shmem_expect_test(coll_fault_overlap PROGRAM coll_faults NP 2 ARGS overlap
  EXPECT --status nonzero --match "shmem_int_sum_reduce: dest and source overlap")
shmem_expect_test(coll_fault_private_dest PROGRAM coll_faults NP 2 ARGS private_dest
  EXPECT --status nonzero --match "shmem_int_fcollect: .*not in the symmetric heap")
shmem_expect_test(coll_fault_bad_stride PROGRAM coll_faults NP 2 ARGS bad_stride
  EXPECT --status nonzero --match "shmem_int_alltoalls: the strides are dst=0 and sst=1: both must be 1 or more")
shmem_expect_test(coll_fault_outside_set PROGRAM coll_faults NP 2 ARGS outside_set
  EXPECT --status nonzero --match "shmem_barrier: PE 0 is not in the active set")
shmem_expect_test(coll_fault_bad_set PROGRAM coll_faults NP 2 ARGS bad_set
  EXPECT --status nonzero --match "shmem_barrier: the active set .* is not a set of PEs")
shmem_expect_test(coll_fault_private_psync PROGRAM coll_faults NP 2 ARGS private_psync
  EXPECT --status nonzero --match "shmem_barrier: pSync .* is not symmetric")
shmem_expect_test(coll_fault_dirty_psync PROGRAM coll_faults NP 2 ARGS dirty_psync
  EXPECT --status nonzero --match "shmem_barrier: pSync does not hold SHMEM_SYNC_VALUE")
