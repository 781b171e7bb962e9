# Variables every PE must set alike (SHMEMI_CONFIG_JOB_WIDE): a PE whose
# value differs from another's ends the job at shmem_init, naming the variable,
# both values (a string's peer value as "another value") and both PEs.
# Either PE may report first and end the job: each message is the view of
# one of the two.
foreach(case "SHMEM_BARRIER_K;2;3;SHMEM_BARRIER_K is (2 on PE 0 but 3 on PE 1|3 on PE 1 but 2 on PE 0)"
             "SHMEM_BARRIER_K;3;2;SHMEM_BARRIER_K is (3 on PE 0 but 2 on PE 1|2 on PE 1 but 3 on PE 0)"
             "SHMEM_SYMMETRIC_SIZE;32M;64M;SHMEM_SYMMETRIC_SIZE is (33554432 on PE 0 but 67108864 on PE 1|67108864 on PE 1 but 33554432 on PE 0)"
             "SHMEM_BARRIER;auto;dissemination;SHMEM_BARRIER is (auto on PE 0|dissemination on PE 1) but another value")
  list(GET case 0 var)
  list(GET case 1 first)
  list(GET case 2 rest)
  list(GET case 3 message)
  foreach(launcher mpirun shmemrun)
    shmem_launch(run ${launcher} 2)
    expect_run(config_differs_${var}_${first}/${launcher}/2 LABELS host fault
      EXPECT --status nonzero --match "shmem_init: ${message}.*mpirun -x ${var}"
      COMMAND ${run} ${CMAKE_CURRENT_SOURCE_DIR}/per_pe_env.sh ${var} ${first} ${rest} --
      $<TARGET_FILE:init_query>)
  endforeach()
endforeach()
# A SHMEM_ variable that the table does not name is reported once, by
# PE 0, with the nearest name it does.
shmem_expect_test(config_unknown_var PROGRAM faults NP 2 ARGS plain
  ENV SHMEM_SYMETRIC_SIZE=1G
  EXPECT --status 0
  --once "PE 0. shmem_init: SHMEM_SYMETRIC_SIZE is not a variable.*did you mean SHMEM_SYMMETRIC_SIZE\\?")
# A heap size below a page is refused (a size in other units, most
# likely); on a fixed heap, one below a chunk is explained.
foreach(size 0 1)
  shmem_expect_test(config_heap_size_${size} PROGRAM faults NP 2 ARGS plain
    ENV SHMEM_SYMMETRIC_SIZE=${size}
    EXPECT --status nonzero --match "SHMEM_SYMMETRIC_SIZE=${size} is too small for a symmetric heap")
endforeach()
shmem_expect_test(config_heap_size_chunk PROGRAM faults NP 2 ARGS plain
  ENV SHMEM_SYMMETRIC_SIZE=5000
  EXPECT --status 0 --once "SHMEM_SYMMETRIC_SIZE=5000 is less than one chunk.*has room for [0-9]+ bytes")
# Each kind of value has its own words: a timeout is not a byte count.
shmem_expect_test(config_bad_seconds PROGRAM faults NP 1 ARGS plain
  ENV SHMEM_PEER_TIMEOUT=-5
  EXPECT --status nonzero
  --match "SHMEM_PEER_TIMEOUT=\"-5\" is not valid: expected a whole number of seconds"
  --reject "byte count")
