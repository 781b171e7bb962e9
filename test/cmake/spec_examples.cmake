# The OpenSHMEM specification's own examples, rewritten for this project
# (test/spec_examples/), each run at the PE count its scenario needs and
# checked for the output the specification shows: one --match per line.
# With UCX, each runs again on virtual nodes of NP / 2 PEs (of 1 at NP 2), so
# that its communication crosses nodes (label ucx), unless ONE_NODE says
# that the scenario needs load/store between all its PEs.
# spec_example(<name> NP <n> [ARGS ..] [STATUS s] [ONE_NODE] MATCH <regex>...)
function(spec_example name)
  cmake_parse_arguments(S "ONE_NODE" "NP;STATUS" "ARGS;MATCH" ${ARGN})
  if(NOT DEFINED S_STATUS)
    set(S_STATUS 0)
  endif()
  set(prog spec_example_${name})
  add_executable(${prog} ${CMAKE_CURRENT_SOURCE_DIR}/spec_examples/${name}.c)
  target_link_libraries(${prog} PRIVATE shmem m)
  target_compile_options(${prog} PRIVATE -Wall)
  set(expect --status ${S_STATUS})
  foreach(m ${S_MATCH})
    list(APPEND expect --match ${m})
  endforeach()
  shmem_expect_test(spec_ex_${name} PROGRAM ${prog} NP ${S_NP} ARGS ${S_ARGS} ONE_NODE
    EXPECT ${expect})
  if(UCX_FOUND AND NOT S_ONE_NODE)
    math(EXPR k "${S_NP} / 2")
    if(k LESS 2)
      set(k 1)
    endif()
    set(t spec_ex_${name}_vnode${k})
    shmem_expect_test(${t} PROGRAM ${prog} NP ${S_NP} ARGS ${S_ARGS}
      ENV SHMEM_VIRTUAL_NODES=${k} EXPECT ${expect})
    set_property(TEST ${t}/mpirun/${S_NP} ${t}/shmemrun/${S_NP} APPEND PROPERTY LABELS ucx)
  endif()
endfunction()

spec_example(put NP 2 MATCH "^dest\\[0\\] on PE 0 is 0$" "^dest\\[0\\] on PE 1 is 1$"
  "^PE 1 dest: 1 2 3 4 5 6 7 8 9 10$")
spec_example(p NP 2 MATCH "^OK$")
spec_example(g NP 4 MATCH "^0: y = 10101$" "^1: y = -1$" "^2: y = -1$" "^3: y = -1$")
spec_example(iput NP 2 MATCH "^dest on PE 1 is 1 3 5 7 9$")
spec_example(atomic_fetch_add NP 2 MATCH "^0: old = -1, dst = 66$" "^1: old = 22, dst = 22$")
spec_example(atomic_add NP 2 MATCH "^0: dst = 66$" "^1: dst = 22$")
spec_example(atomic_inc NP 2 MATCH "^0: dst = 74$" "^1: dst = 75$")
spec_example(atomic_fetch_inc NP 2 MATCH "^0: old = 22, dst = 22$" "^1: old = -1, dst = 23$")
spec_example(atomic_swap NP 2 MATCH "^1: dest = 1, swapped = 0$")
spec_example(atomic_compare_swap NP 4 MATCH "^pe [0-3] was first$"
  "^winners: 1, recorded winner [0-3]$")
spec_example(barrier_all NP 2 MATCH "^0: x = 10101$" "^1: x = 4$")
spec_example(team_sync NP 4 MATCH "^x on PE 0 = 10101$" "^x on PE 1 = 10101$"
  "^x on PE 2 = 2$" "^x on PE 3 = 3$")
spec_example(broadcast NP 4 MATCH "^0: 1, 2, 3, 4$" "^1: 1, 2, 3, 4$" "^2: 1, 2, 3, 4$"
  "^3: 1, 2, 3, 4$")
spec_example(collect NP 4 MATCH "^0: 0 1 1 2 2 2 3 3 3 3$" "^1: 0 1 1 2 2 2 3 3 3 3$"
  "^2: 0 1 1 2 2 2 3 3 3 3$" "^3: 0 1 1 2 2 2 3 3 3 3$")
spec_example(alltoall NP 4 MATCH "^alltoall: all PEs verified$")
spec_example(alltoalls NP 4 MATCH "^alltoalls: all PEs verified$")
spec_example(reduce NP 4 MATCH "^Found 32 maximal random numbers across all PEs\\.$"
  "^A maximal number occured \\(at least once\\) at the following indices:$"
  "^0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 $")
spec_example(test_any NP 4 MATCH "^test_any: every PE observed 4 flags$")
spec_example(test_some NP 4 MATCH "^PE 0 observed 3 puts$")
spec_example(wait_until_all NP 4 MATCH "^PE 0: all 4 flags set$" "^PE 1: all 4 flags set$"
  "^PE 2: all 4 flags set$" "^PE 3: all 4 flags set$")
spec_example(wait_until_any_vector NP 4 MATCH "^total_sum = 6$")
spec_example(lock NP 4 MATCH "^[0-3]: count is 0$" "^[0-3]: count is 1$"
  "^[0-3]: count is 2$" "^[0-3]: count is 3$" "^final count is 4 \\(npes 4\\)$")
spec_example(ctx_pipelined_reduce NP 4 MATCH "^PE 0: out_buf all = 6$"
  "^PE 1: out_buf all = 6$" "^PE 2: out_buf all = 6$" "^PE 3: out_buf all = 6$")
spec_example(team_split_strided NP 4 MATCH "^PE 0: team rank 0 of 2$" "^PE 2: team rank 1 of 2$")
spec_example(team_split_2d NP 6 ARGS 2 2 MATCH "^\\(0, 0, 0\\) is me = 0$"
  "^\\(1, 0, 0\\) is me = 1$" "^\\(0, 1, 0\\) is me = 2$" "^\\(1, 1, 0\\) is me = 3$"
  "^\\(0, 0, 1\\) is me = 4$" "^\\(1, 0, 1\\) is me = 5$")
spec_example(team_translate NP 4 MATCH "^team PE 0 is world PE 0$" "^team PE 1 is world PE 2$"
  "^world PE 1 in the even team: -1$")
spec_example(put_signal NP 4 MATCH "^BCAST with put with signal is complete$")
spec_example(ptr NP 2 ONE_NODE MATCH "^PE 1 dest: 1, 2, 3, 4$")
spec_example(global_exit NP 4 STATUS nonzero MATCH "^ERROR: Unable to open file: ")
spec_example(scan NP 4 MATCH "^collected: 0 1 1 2 2 2 3 3 3 3$")
