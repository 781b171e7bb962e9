# The inter-node path (UCX) on one machine: SHMEM_VIRTUAL_NODES puts the PEs
# on separate virtual nodes, so every access between them goes through UCX.
# Two PEs run on two nodes of one PE; four run on two nodes of two, which
# mixes load/store and UCX in one job. The programs of the RMA, AMO, signal,
# wait, lock and barrier suites run again this way, plus vnode.c for what
# they do not cover, and a PE killed on one node must end the job.
if(NOT UCX_FOUND)
  return()
endif()

function(shmem_vnode_run program np per_node)
  foreach(launcher mpirun shmemrun)
    shmem_launch(run ${launcher} ${np})
    set(name ${program}/vnode${per_node}/${launcher}/${np})
    add_test(NAME ${name} COMMAND ${run} $<TARGET_FILE:${program}> ${ARGN})
    shmem_session_dir(session ${name})
    set_tests_properties(${name} PROPERTIES TIMEOUT 120 LABELS "host;ucx"
      ENVIRONMENT "${SHMEM_TEST_ENV};${session};SHMEM_VIRTUAL_NODES=${per_node}")
  endforeach()
endfunction()

foreach(program rma_typed rma_sized amo_typed amo_contention signal_put wait_test
                p2p_vector lock_mutex barrier)
  shmem_vnode_run(${program} 2 1)
  shmem_vnode_run(${program} 4 2)
endforeach()

shmem_test_program(vnode)
foreach(run "2;1" "3;2" "4;1")
  list(GET run 0 np)
  list(GET run 1 per_node)
  shmem_vnode_run(vnode ${np} ${per_node})
  # SHMEM_SYMMETRIC_SIZE last: the value in SHMEM_TEST_ENV is overridden.
  set_property(TEST vnode/vnode${per_node}/mpirun/${np} vnode/vnode${per_node}/shmemrun/${np}
    APPEND PROPERTY ENVIRONMENT SHMEM_SYMMETRIC_SIZE=1M SHMEM_SYMMETRIC_SIZE_MAX=64M)
endforeach()

# A PE killed on one node, one that exits without shmem_finalize: the job
# ends, in time, with a message.
foreach(np 2 4)
  shmem_expect_test(vnode_fault_sigkill PROGRAM faults NP ${np} ARGS sigkill
    ENV SHMEM_VIRTUAL_NODES=1 EXPECT --status nonzero --within 20)
endforeach()
shmem_expect_test(vnode_fault_no_finalize PROGRAM faults NP 2 ARGS no_finalize
  ENV SHMEM_VIRTUAL_NODES=1 EXPECT --status nonzero --within 20)
