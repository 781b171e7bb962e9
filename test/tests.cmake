shmem_spmd_test(init_query)
shmem_spmd_test(heap_alloc)
shmem_spmd_test(rma_typed)
shmem_spmd_test(rma_sized)
shmem_spmd_test(barrier)
shmem_spmd_test(wait_test)
shmem_spmd_test(ptr_accessible)
shmem_spmd_test(threads)
target_link_libraries(threads PRIVATE Threads::Threads)

# Misuse and failures, one scenario of faults.c per test: each run must end
# in time, with the right status and a message that says what went wrong.
shmem_test_program(faults)
foreach(np 1 3)
  shmem_expect_test(fault_pe_too_big PROGRAM faults NP ${np} ARGS pe_too_big
    EXPECT --status nonzero --match "not a valid PE number")
endforeach()
shmem_expect_test(fault_pe_negative PROGRAM faults NP 2 ARGS pe_negative
  EXPECT --status nonzero --match "not a valid PE number")
shmem_expect_test(fault_stack_target PROGRAM faults NP 2 ARGS stack_target
  EXPECT --status nonzero --match "not in the symmetric heap")
shmem_expect_test(fault_double_free PROGRAM faults NP 2 ARGS double_free
  EXPECT --status nonzero --match "already freed")
shmem_expect_test(fault_free_private PROGRAM faults NP 2 ARGS free_private
  EXPECT --status nonzero --match "not in the symmetric heap")
shmem_expect_test(fault_before_init PROGRAM faults NP 2 ARGS before_init
  EXPECT --status nonzero --match "before shmem_init")
foreach(np 2 3)
  # Node peers' links report the exit; across nodes the launcher ends the
  # job, with its own message (mpirun's), in time.
  shmem_expect_test(fault_no_finalize PROGRAM faults NP ${np} ARGS no_finalize
    EXPECT --status nonzero --within 20 --match "without calling shmem_finalize"
    VNODE_EXPECT --status nonzero --within 20)
endforeach()
# The heap may grow (SHMEM_SYMMETRIC_SIZE alone would fix its size). Across
# nodes as above.
shmem_expect_test(fault_grow_no_finalize PROGRAM faults NP 2 ARGS grow_no_finalize
  ENV SHMEM_SYMMETRIC_SIZE_MAX=1G
  EXPECT --status nonzero --within 20
  --match "PE 1[: ].*(has died|died or is not in the same call|without calling shmem_finalize)"
  VNODE_EXPECT --status nonzero --within 20)
shmem_expect_test(fault_sigkill PROGRAM faults NP 2 ARGS sigkill
  EXPECT --status nonzero --within 20)
shmem_expect_test(fault_global_exit PROGRAM faults NP 2 ARGS global_exit
  EXPECT --status 7)
shmem_expect_test(fault_bad_size PROGRAM faults NP 2 ARGS plain
  ENV SHMEM_SYMMETRIC_SIZE=banana
  EXPECT --status nonzero --match "SHMEM_SYMMETRIC_SIZE")
shmem_expect_test(fault_exhaust PROGRAM faults NP 2 ARGS exhaust
  EXPECT --status 0 --match "SHMEM_SYMMETRIC_SIZE")
# Sizes no heap can hold (near SIZE_MAX, past the fixed size, past
# SHMEM_SYMMETRIC_SIZE_MAX): NULL on every PE, one line from PE 0 naming
# the call and the size, the heap as it was.
shmem_expect_test(fault_huge_fixed PROGRAM faults NP 2 ARGS huge_sizes
  EXPECT --status 0 --once "PE 0. shmem_malloc: cannot allocate 18446744073709551615 bytes"
  --match "shmem_malloc: cannot allocate 2147483648 bytes.*SHMEM_SYMMETRIC_SIZE"
  --match "shmem_calloc: cannot allocate 9223372036854775807 elements of 4 bytes"
  --reject "PE 1. shmem_malloc" --reject "cannot map")
shmem_expect_test(fault_huge_growable PROGRAM faults NP 2 ARGS huge_sizes
  ENV SHMEM_SYMMETRIC_SIZE_MAX=1G
  EXPECT --status 0 --once "PE 0. shmem_realloc: cannot allocate 18446744073709551615 bytes"
  --match "shmem_align: cannot allocate 2147483648 bytes.*SHMEM_SYMMETRIC_SIZE_MAX"
  --reject "PE 1. shmem_malloc" --reject "cannot map")
# A fatal error flushes the program's stdout first.
shmem_expect_test(fault_flush_fatal PROGRAM faults NP 2 ARGS fatal_flush
  EXPECT --status nonzero --match "not a valid PE number"
  --match "PE 1: the last line before the error")
shmem_expect_test(fault_debug_sizes PROGRAM faults NP 2 ARGS different_sizes
  ENV SHMEM_DEBUG=1
  EXPECT --status nonzero --match "same arguments")
shmem_expect_test(fault_bad_cmp PROGRAM faults NP 2 ARGS bad_cmp
  EXPECT --status nonzero --match "not one of SHMEM_CMP")
shmem_expect_test(info PROGRAM faults NP 2 ARGS plain ENV SHMEM_INFO=1
  EXPECT --status 0 --match "SHMEM_SYMMETRIC_SIZE" --match "SHMEM_DEBUG"
  --match "\\(default ")
shmem_expect_test(version PROGRAM faults NP 2 ARGS plain ENV SHMEM_VERSION=1
  EXPECT --status 0 --match "shmem-gpu [0-9.]+ \\(OpenSHMEM")
# A PMI-1 launcher's variable in a process started on its own: the runtime
# must refuse rather than run as a one-PE job.
add_test(NAME fault_pmi_fd COMMAND ${EXPECT} --status nonzero --match "cannot talk to"
  -- $<TARGET_FILE:faults> plain)
set_tests_properties(fault_pmi_fd PROPERTIES
  TIMEOUT 120 LABELS "host;fault" ENVIRONMENT "${SHMEM_TEST_ENV};PMI_FD=3")
