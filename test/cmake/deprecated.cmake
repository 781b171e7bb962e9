shmem_spmd_test(deprecated_names)
shmem_spmd_test(legacy_headers)
shmem_spmd_test(shmemx_aliases)

# start_pes without shmem_finalize: finalized at exit, with no message of a
# PE that died (fault_no_finalize checks that shmem_init programs still get
# one).
shmem_test_program(start_pes_exit)
# One PE and an odd count: each run starts four jobs (both launchers, on one
# node and on nodes of one PE), and CI's time is counted.
foreach(how return finalize fork)
  foreach(np 1 3)
    shmem_expect_test(start_pes_exit_${how} PROGRAM start_pes_exit NP ${np} ARGS ${how}
      EXPECT --status 0 --within 20 --match "PE 0 returns from main"
      --reject "finalize|died|FAIL")
  endforeach()
endforeach()
