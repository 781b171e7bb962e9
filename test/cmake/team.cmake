# Teams and contexts.
shmem_spmd_test(team_split)
shmem_spmd_test(team_2d)
shmem_spmd_test(team_churn)
shmem_spmd_test(team_exhaust ENV SHMEM_TEAMS_MAX=8)
shmem_spmd_test(ctx_team)
shmem_spmd_test(ctx_threads)
target_link_libraries(ctx_threads PRIVATE Threads::Threads)

# Misuse: each run must end with a message naming the problem (or, for a
# warning, carry on).
shmem_test_program(team_faults)
target_link_libraries(team_faults PRIVATE Threads::Threads)
foreach(team WORLD SHARED)
  string(TOLOWER ${team} t)
  shmem_expect_test(team_destroy_${t} PROGRAM team_faults NP 2 ARGS destroy_${t}
    EXPECT --status nonzero --match "shmem_team_destroy: SHMEM_TEAM_${team}.*predefined")
endforeach()
shmem_expect_test(ctx_destroy_default PROGRAM team_faults NP 2 ARGS destroy_default_ctx
  EXPECT --status nonzero --match "shmem_ctx_destroy: SHMEM_CTX_DEFAULT cannot be destroyed")
# (Quiet and fence of SHMEM_CTX_INVALID do nothing: ctx_team.)
shmem_expect_test(ctx_put_invalid PROGRAM team_faults NP 2 ARGS put_invalid
  EXPECT --status nonzero --match "shmem_ctx_long_p: the context is SHMEM_CTX_INVALID")
shmem_expect_test(ctx_team_pe_range PROGRAM team_faults NP 2 ARGS team_pe_range
  EXPECT --status nonzero --match "PE 1 is not a valid PE number of the context's team")
shmem_expect_test(ctx_pe_quiet_range PROGRAM team_faults NP 3 ARGS pe_quiet_range
  EXPECT --status nonzero --match "shmem_pe_quiet: target_pes\\[1\\] = 3 is not a valid PE")
shmem_expect_test(ctx_private_other_thread PROGRAM team_faults NP 2
  ARGS private_other_thread ENV SHMEM_DEBUG=1
  EXPECT --status nonzero --match "created with SHMEM_CTX_PRIVATE by another thread")
shmem_expect_test(ctx_destroy_private_other_thread PROGRAM team_faults NP 2
  ARGS destroy_private_other_thread
  EXPECT --status nonzero --match "shmem_ctx_destroy: the context was created with SHMEM_CTX_PRIVATE")
shmem_expect_test(team_destroy_private_alive PROGRAM team_faults NP 2 ARGS private_left_alive
  EXPECT --status 0 --match "SHMEM_CTX_PRIVATE from this team are still alive")
foreach(how split_mismatch split_mismatch_invalid)
  shmem_expect_test(team_${how} PROGRAM team_faults NP 3 ARGS ${how}
    EXPECT --status nonzero --match "shmem_team_split_strided: the PEs of the parent team did not pass the same")
endforeach()
# A destroyed team's handle (a handle carries a serial number that the team
# table checks), whatever the call, with or without SHMEM_DEBUG; also after
# a new team took the destroyed one's slot.
foreach(case "n_pes;shmem_team_n_pes" "sync;shmem_team_sync" "after_split;shmem_team_my_pe"
             "create_ctx;shmem_team_create_ctx" "reduce;shmem_long_sum_reduce"
             "destroy;shmem_team_destroy")
  list(GET case 0 how)
  list(GET case 1 call)
  set(env)
  if(how STREQUAL "destroy")
    set(env SHMEM_DEBUG=1)
  endif()
  shmem_expect_test(team_stale_${how} PROGRAM team_faults NP 2 ARGS stale_${how} ENV ${env}
    EXPECT --status nonzero --match "${call}: the team handle 0x[0-9a-f]+ is of a team that was destroyed"
    --reject "FAIL PE")
endforeach()
shmem_expect_test(team_sync_invalid PROGRAM team_faults NP 2 ARGS sync_invalid
  EXPECT --status 0 --once "PE 1. shmem_team_sync: SHMEM_TEAM_INVALID is no team")
