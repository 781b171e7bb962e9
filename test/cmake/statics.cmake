# The program's global and static variables as symmetric data objects
# (docs/statics.md), used the way the public test
# suites and applications use them: RMA of every form (statics_rma.c),
# every AMO table and exact counts on a global counter (statics_amo.c),
# locks, wait_until and test on static flags (statics_sync.c), collectives
# with static dest, source, pSync and pWrk (statics_coll.c), and shmem_ptr
# of a global (statics_ptr.c). Each runs at 1-4 PEs under both launchers
# and, with UCX, on virtual nodes of one PE each at 2 and 3 PEs, where
# every access to a peer's globals goes through UCX (vnode.cmake's
# <program>/vnode1/<launcher>/<np> names); below, statics_rma as a
# position-dependent executable and statics_ptr on nodes of 2. The edges
# (fork, a sparse .bss, two executables, what is not symmetric) are
# statics_edges.cmake's.
set(statics_programs statics_rma statics_amo statics_sync statics_coll statics_ptr)
# Under the sanitizers (several times slower) 2 and 3 PEs: the normal build
# covers 1 to 4.
set(statics_pes)
if(SHMEM_SANITIZE)
  set(statics_pes PES 2 3)
endif()
foreach(program ${statics_programs})
  shmem_spmd_test(${program} ${statics_pes})
endforeach()
target_link_libraries(statics_coll PRIVATE m)

# statics_rma again as a position-dependent executable (the tests are
# position-independent, loaded at another address in every process): its
# globals sit at one address in every PE.
add_executable(statics_rma_nopie statics_rma.c)
target_link_libraries(statics_rma_nopie PRIVATE shmem)
target_compile_options(statics_rma_nopie PRIVATE -Wall -Wextra -fno-pie)
target_link_options(statics_rma_nopie PRIVATE -no-pie)
foreach(launcher mpirun shmemrun)
  shmem_launch(run ${launcher} 2)
  set(name statics_rma_nopie/${launcher}/2)
  add_test(NAME ${name} COMMAND ${run} $<TARGET_FILE:statics_rma_nopie>)
  shmem_session_dir(session ${name})
  set_tests_properties(${name} PROPERTIES TIMEOUT 120 LABELS host
    ENVIRONMENT "${SHMEM_TEST_ENV};${session}")
endforeach()

if(UCX_FOUND)
  foreach(program ${statics_programs})
    foreach(np 2 3)
      foreach(launcher mpirun shmemrun)
        shmem_launch(run ${launcher} ${np})
        set(name ${program}/vnode1/${launcher}/${np})
        add_test(NAME ${name} COMMAND ${run} $<TARGET_FILE:${program}>)
        shmem_session_dir(session ${name})
        set_tests_properties(${name} PROPERTIES TIMEOUT 120 LABELS "host;ucx"
          ENVIRONMENT "${SHMEM_TEST_ENV};${session};SHMEM_VIRTUAL_NODES=1")
      endforeach()
    endforeach()
  endforeach()
  # shmem_ptr at 4 PEs on nodes of 2: non-NULL for the node's PE, NULL for
  # the other node's.
  foreach(launcher mpirun shmemrun)
    shmem_launch(run ${launcher} 4)
    set(name statics_ptr/vnode2/${launcher}/4)
    add_test(NAME ${name} COMMAND ${run} $<TARGET_FILE:statics_ptr>)
    shmem_session_dir(session ${name})
    set_tests_properties(${name} PROPERTIES TIMEOUT 120 LABELS "host;ucx"
      ENVIRONMENT "${SHMEM_TEST_ENV};${session};SHMEM_VIRTUAL_NODES=2")
  endforeach()
endif()
