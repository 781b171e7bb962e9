# How a job ends when one PE fails: the culprit is the last PE (faults.c),
# killed by SIGKILL, by its own SIGSEGV, returning without shmem_finalize
# (exit(0) from it), or PE 1 calls shmem_global_exit(7). shmemrun exits
# with the culprit's own status (128 + its signal) and prints one line, which
# names it and never a PE that the job's end took down, and the PEs' own
# lines name no survivor either; 10 runs of each, as that used to race (a
# survivor blamed, status 1 for a killed PE). Under mpirun the status and
# the report are mpirun's, but for the status of shmem_global_exit and the
# PEs' own lines.
# ASAN_OPTIONS: a sanitized PE would report the SIGSEGV itself, and UCX's
# memory that a PE leaving without shmem_finalize leaves behind as leaks,
# and exit 1 instead.
set(exit_env ASAN_OPTIONS=handle_segv=0:detect_leaks=0)

# shmem_exit_test(<scenario> <np> <status> <what shmemrun says of the culprit>)
function(shmem_exit_test scenario np status what)
  math(EXPR last "${np} - 1")
  math(EXPR before_last "${np} - 2")
  if(scenario STREQUAL "global_exit")
    # shmem_global_exit ends the others without a word.
    set(culprit 1)
    set(ours --reject "liveness")
  else()
    # The PEs' own lines name no PE gone but the culprit.
    set(culprit ${last})
    set(ours --reject "liveness: .*(PE|node of PE) [0-${before_last}] ")
  endif()
  set(line "^shmemrun: PE ${culprit} ${what}")
  expect_run(exit_status_${scenario}/shmemrun/${np} LABELS host fault ENV ${exit_env}
    EXPECT --repeat 10 --within 20 --status ${status} --once "^shmemrun: PE" --match "${line}"
    ${ours} COMMAND $<TARGET_FILE:shmemrun> -n ${np} $<TARGET_FILE:faults> ${scenario})
  # The node links carry the cause from node to node.
  if(UCX_FOUND AND np EQUAL 4)
    expect_run(exit_status_${scenario}/vnode2/shmemrun/${np} LABELS host fault ucx
      ENV SHMEM_VIRTUAL_NODES=2 ${exit_env}
      EXPECT --repeat 10 --within 20 --status ${status} --once "^shmemrun: PE" --match "${line}"
      ${ours} COMMAND $<TARGET_FILE:shmemrun> -n ${np} $<TARGET_FILE:faults> ${scenario})
  endif()
  # At 2 PEs the one survivor is the PE that sees the death: nothing of
  # ours to check but shmem_global_exit's status.
  if(scenario STREQUAL "global_exit")
    set(status_expect --status ${status})
  elseif(np GREATER 2)
    set(status_expect --status nonzero)
  else()
    return()
  endif()
  expect_run(exit_status_${scenario}/mpirun/${np} LABELS host fault ENV ${exit_env}
    EXPECT --repeat 10 --within 20 ${status_expect} ${ours}
    COMMAND ${MPIRUN} -np ${np} $<TARGET_FILE:faults> ${scenario})
endfunction()

foreach(np 2 4)
  shmem_exit_test(sigkill ${np} 137 "\\(pid [0-9]+\\) was killed by signal 9 \\(Killed\\)")
  shmem_exit_test(segv ${np} 139
    "\\(pid [0-9]+\\) was killed by signal 11 \\(Segmentation fault\\)")
  shmem_exit_test(no_finalize ${np} 1 "\\(pid [0-9]+\\) exited without calling shmem_finalize")
  shmem_exit_test(global_exit ${np} 7 "called abort/global_exit with status 7")
endforeach()
