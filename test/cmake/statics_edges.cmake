# The edges of symmetric global variables (statics_edges.c says what each
# scenario checks): fork, a large sparse .bss, and what is not symmetric.
add_library(statics_lib SHARED statics_lib.c)
shmem_test_program(statics_edges)
target_link_libraries(statics_edges PRIVATE statics_lib)
shmem_test_program(statics_other)

foreach(np 1 3)
  shmem_expect_test(statics_fork PROGRAM statics_edges NP ${np} ARGS fork
    EXPECT --status 0 --reject FAIL)
endforeach()
shmem_expect_test(statics_sparse PROGRAM statics_edges NP 2 ARGS sparse
  EXPECT --status 0 --reject FAIL)
shmem_expect_test(statics_past_end PROGRAM statics_edges NP 2 ARGS end
  EXPECT --status nonzero --reject unreachable
  --match "run past the end of the program's global and static data")
shmem_expect_test(statics_shared_library PROGRAM statics_edges NP 2 ARGS shlib
  EXPECT --status nonzero --reject unreachable
  --match "is a variable of the shared library .*libstatics_lib")
shmem_expect_test(statics_thread_local PROGRAM statics_edges NP 2 ARGS tls
  EXPECT --status nonzero --reject unreachable --match "thread-local variable")
shmem_expect_test(statics_read_only PROGRAM statics_edges NP 2 ARGS rodata
  EXPECT --status nonzero --reject unreachable
  --match "shmem_int_g: address .* is read-only data of the program")
shmem_expect_test(statics_off PROGRAM statics_edges NP 2 ARGS plain
  ENV SHMEM_SYMMETRIC_STATICS=0
  EXPECT --status nonzero --match "with SHMEM_SYMMETRIC_STATICS=0 the remote side")

# PE 0 runs statics_edges, the others statics_other: heap memory is shared,
# a global is not, and the message names both programs.
foreach(launcher mpirun shmemrun)
  shmem_launch(run ${launcher} 2)
  set(cmd ${run} ${CMAKE_CURRENT_SOURCE_DIR}/statics_mpmd.sh $<TARGET_FILE:statics_edges>
    $<TARGET_FILE:statics_other>)
  set(expect --status nonzero --reject unreachable --reject FAIL
    --match "PE 1 runs statics_other")
  expect_run(statics_two_programs/${launcher}/2 LABELS host fault EXPECT ${expect}
    COMMAND ${cmd})
  if(UCX_FOUND)
    expect_run(statics_two_programs/vnode1/${launcher}/2 LABELS host fault ucx
      ENV SHMEM_VIRTUAL_NODES=1 EXPECT ${expect} COMMAND ${cmd})
  endif()
endforeach()
