# Barrier engines: the dissemination barrier at several radices, the
# emulated switch's slots (exhaustion, reuse, unsupported PE sets), the
# 32-bit sequence numbers wrapping around, and the SHMEM_DEBUG report of a
# barrier that part of a team never enters. At 1 to 8 PEs: more PEs than
# cores is fine, a waiting PE yields.
set(BE_PES 1 2 3 4 5 6 7 8)
set(BE_HW SHMEM_BARRIER_EMULATE=1 BE_ENGINE=hw)
# Sequence numbers start 296 barriers before the wrap.
set(BE_WRAP SHMEM_BARRIER_SEQ_START=4294967000)

# barrier_engine_test(<name> PROGRAM <p> [PES ..] ENV ..): program p run
# under the name, at each PE count under both launchers.
function(barrier_engine_test name)
  cmake_parse_arguments(T "" "PROGRAM" "PES;ENV" ${ARGN})
  if(NOT T_PES)
    set(T_PES ${BE_PES})
  endif()
  foreach(launcher mpirun shmemrun)
    foreach(np ${T_PES})
      shmem_launch(run ${launcher} ${np})
      set(t ${name}/${launcher}/${np})
      add_test(NAME ${t} COMMAND ${run} $<TARGET_FILE:${T_PROGRAM}>)
      shmem_session_dir(session ${t})
      set_tests_properties(${t} PROPERTIES TIMEOUT 120 LABELS host
        ENVIRONMENT "${SHMEM_TEST_ENV};${session};${T_ENV}")
    endforeach()
  endforeach()
endfunction()

shmem_test_program(barrier_engine_order)
foreach(k 2 3 4)
  barrier_engine_test(barrier_engine_order_k${k} PROGRAM barrier_engine_order
    ENV SHMEM_BARRIER=dissemination SHMEM_BARRIER_K=${k} BE_ENGINE=dissemination)
endforeach()
barrier_engine_test(barrier_engine_order_k8 PROGRAM barrier_engine_order PES 5 8
  ENV SHMEM_BARRIER_EMULATE=1 SHMEM_BARRIER=dissemination SHMEM_BARRIER_K=8
  BE_ENGINE=dissemination)
barrier_engine_test(barrier_engine_order_hw PROGRAM barrier_engine_order
  ENV ${BE_HW} SHMEM_BARRIER=hw)
barrier_engine_test(barrier_engine_wrap_k3 PROGRAM barrier_engine_order PES 1 3 8
  ENV SHMEM_BARRIER_K=3 BE_ENGINE=dissemination ${BE_WRAP})
barrier_engine_test(barrier_engine_wrap_hw PROGRAM barrier_engine_order PES 1 3 8
  ENV ${BE_HW} ${BE_WRAP})

# The emulated switch's limits: more teams than slots, destroy and recreate,
# teams made at once; PE sets it does not support.
shmem_test_program(barrier_engine_slots)
barrier_engine_test(barrier_engine_slots PROGRAM barrier_engine_slots
  ENV SHMEM_BARRIER_EMULATE=1 SHMEM_BARRIER_EMU_SLOTS=4)
barrier_engine_test(barrier_engine_slots_wrap PROGRAM barrier_engine_slots PES 2 5
  ENV SHMEM_BARRIER_EMULATE=1 SHMEM_BARRIER_EMU_SLOTS=4 ${BE_WRAP})
shmem_test_program(barrier_engine_sets)
barrier_engine_test(barrier_engine_sets PROGRAM barrier_engine_sets
  ENV SHMEM_BARRIER_EMULATE=1 SHMEM_BARRIER_EMU_MAX_PES=2 SHMEM_BARRIER_EMU_MAX_STRIDE=1)

# Suites of other areas again, on the emulated switch: every barrier of
# their splits, destroys and collectives runs on provider slots.
foreach(prog team_split team_2d team_churn coll_reduce_teams coll_data threads)
  barrier_engine_test(${prog}_hw PROGRAM ${prog} PES 1 2 3 4 ENV ${BE_HW})
endforeach()
barrier_engine_test(team_exhaust_hw PROGRAM team_exhaust PES 1 2 3 4
  ENV ${BE_HW} SHMEM_TEAMS_MAX=8 SHMEM_BARRIER_EMU_SLOTS=3)

# A barrier that part of the team never enters: under SHMEM_DEBUG the
# others name the missing PEs after SHMEM_BARRIER_TIMEOUT, on either engine.
# On virtual nodes a member that stays out of the library also leaves the
# UCX operations to it waiting (its help is needed), and the first wait to
# pass the timeout names it: the barrier's, or a transfer's.
shmem_test_program(barrier_engine_faults)
set(BE_DEBUG SHMEM_DEBUG=1 SHMEM_BARRIER_TIMEOUT=2)
# barrier_fault(<name> <np> <args> <call> <missing world PE> <barrier regex>)
function(barrier_fault name np args call missing barrier)
  shmem_expect_test(${name} PROGRAM barrier_engine_faults NP ${np} ARGS ${args} ENV ${env}
    EXPECT --status nonzero --within 20 --match "${call}: waited [0-9]+ s ${barrier}"
    VNODE_EXPECT --status nonzero --within 20
      --match "${call}: waited [0-9]+ s .*PE ${missing} (has not entered|to complete)")
endfunction()
foreach(engine dissemination hw)
  set(env ${BE_DEBUG} SHMEM_BARRIER=${engine})
  if(engine STREQUAL "hw")
    list(APPEND env SHMEM_BARRIER_EMULATE=1)
  endif()
  barrier_fault(barrier_partial_world_${engine} 3 partial_world shmem_barrier_all 2
    "in a barrier of a team of 3 PEs .*world PE 2 has not entered")
  barrier_fault(barrier_partial_team_${engine} 4 partial_team shmem_team_sync 3
    ".* world PE 3 has not entered")
  barrier_fault(barrier_partial_reduce_${engine} 2 partial_reduce shmem_int_sum_reduce 1
    ".* world PE 1 has not entered")
  barrier_fault(barrier_destroyed_${engine} 3 destroyed shmem_team_sync 0
    ".* world PE 0 has not entered")
endforeach()

# Bad configuration: an error that names the variable.
foreach(bad "SHMEM_BARRIER=banana" "SHMEM_BARRIER_K=1" "SHMEM_BARRIER_K=33"
            "SHMEM_BARRIER_SEQ_START=4294967296")
  string(REGEX REPLACE "=.*" "" var ${bad})
  string(REGEX REPLACE ".*=" "" val ${bad})
  shmem_expect_test(barrier_config_${var}_${val} PROGRAM barrier_engine_faults NP 2
    ENV ${bad} EXPECT --status nonzero --match "${var}=\"?${val}\"? is not valid")
endforeach()
shmem_expect_test(barrier_config_hw_absent PROGRAM barrier_engine_faults NP 2
  ENV SHMEM_BARRIER=hw
  EXPECT --status nonzero --match "SHMEM_BARRIER=hw, but no barrier provider is present")
shmem_expect_test(barrier_config_hw_no_slots PROGRAM barrier_engine_faults NP 2
  ENV SHMEM_BARRIER=hw SHMEM_BARRIER_EMULATE=1 SHMEM_BARRIER_EMU_SLOTS=0
  EXPECT --status nonzero --match "SHMEM_BARRIER=hw, but no barrier provider is present")
