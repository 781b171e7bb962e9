# The inter-node path (UCX) on one machine: SHMEM_VIRTUAL_NODES puts the PEs
# on separate virtual nodes, so every access between them goes through UCX.
# The host suite's programs run again this way: at 2 PEs on two nodes of one
# (UCX alone), at 4 on two nodes of two (load/store and UCX in one job) and,
# for the collectives and teams, at 3 on a node of two and a node of one
# (nodes of different sizes). vnode.c, vnode_nbi.c and vnode_ctx.c cover
# what they do not, and a PE killed on one node must end the job.
if(NOT UCX_FOUND)
  return()
endif()

# shmem_vnode_run(<program> <np> <per_node> [NAME n] [ENV ..] [ARGS ..]): the
# tests n/vnode<per_node>/<launcher>/<np> (n is the program by default).
function(shmem_vnode_run program np per_node)
  cmake_parse_arguments(T "" "NAME" "ENV;ARGS" ${ARGN})
  if(NOT T_NAME)
    set(T_NAME ${program})
  endif()
  foreach(launcher mpirun shmemrun)
    # Under the sanitizers mpirun runs only the vnode programs' 2-PE runs
    # (PMIx's part across nodes, the exchange of UCX addresses); the host
    # suite's programs on virtual nodes run under shmemrun (as
    # scripts/test.sh runs mpirun at 2 PEs alone there).
    if(SHMEM_SANITIZE AND launcher STREQUAL "mpirun" AND
       (NOT np EQUAL 2 OR NOT T_NAME MATCHES "^vnode"))
      continue()
    endif()
    shmem_launch(run ${launcher} ${np})
    set(name ${T_NAME}/vnode${per_node}/${launcher}/${np})
    add_test(NAME ${name} COMMAND ${run} $<TARGET_FILE:${program}> ${T_ARGS})
    shmem_session_dir(session ${name})
    set_tests_properties(${name} PROPERTIES TIMEOUT 120 LABELS "host;ucx"
      # T_ENV last: a variable it sets again (SHMEM_SYMMETRIC_SIZE) overrides.
    ENVIRONMENT "${SHMEM_TEST_ENV};${session};SHMEM_VIRTUAL_NODES=${per_node};${T_ENV}")
  endforeach()
endfunction()

# Point to point, the heap, contexts, threads, profiling.
foreach(program rma_typed rma_sized rma_blocked amo_typed amo_contention amo_team_ctx
                amo_threads signal_put wait_test p2p_vector lock_mutex barrier init_query
                heap_alloc ptr_accessible threads profiling)
  shmem_vnode_run(${program} 2 1)
  shmem_vnode_run(${program} 4 2)
endforeach()
foreach(run "2;1" "4;2")
  list(GET run 0 np)
  list(GET run 1 per_node)
  shmem_vnode_run(heap_grow ${np} ${per_node}
    ENV SHMEM_SYMMETRIC_SIZE=4M SHMEM_SYMMETRIC_SIZE_MAX=256M)
endforeach()

# Collectives (team and active-set forms), teams and their contexts.
foreach(program coll_data coll_reduce coll_reduce_teams coll_active_set coll_large
                coll_back_to_back deprecated_names team_split team_2d team_churn
                ctx_team ctx_threads thread_levels_mixed)
  foreach(run "2;1" "4;2" "3;2")
    list(GET run 0 np)
    list(GET run 1 per_node)
    shmem_vnode_run(${program} ${np} ${per_node})
  endforeach()
endforeach()
foreach(run "2;1" "4;2" "3;2")
  list(GET run 0 np)
  list(GET run 1 per_node)
  shmem_vnode_run(team_exhaust ${np} ${per_node} ENV SHMEM_TEAMS_MAX=8)
endforeach()
# The dissemination barrier at radices 3 and 4, its rounds crossing nodes.
foreach(k 3 4)
  shmem_vnode_run(barrier_engine_order 4 2 NAME barrier_engine_order_k${k}
    ENV SHMEM_BARRIER=dissemination
    SHMEM_BARRIER_K=${k} BE_ENGINE=dissemination)
endforeach()
# Nodes of 2 and 3 PEs: the world and the reversed team run the barrier
# between the nodes' first members (radix 2: over 3 nodes, two rounds).
foreach(run "6;2" "6;3")
  list(GET run 0 np)
  list(GET run 1 per_node)
  shmem_vnode_run(barrier_engine_order ${np} ${per_node} NAME barrier_engine_nodes_k2
    ENV SHMEM_BARRIER=dissemination SHMEM_BARRIER_K=2 BE_ENGINE=dissemination)
endforeach()
# Over tcp a peer that closes its endpoints at shmem_finalize first resets
# this PE's (most runs of 4 PEs on 2 nodes, before finalize allowed it).
foreach(run "2;1" "4;2")
  list(GET run 0 np)
  list(GET run 1 per_node)
  shmem_vnode_run(barrier ${np} ${per_node} NAME barrier_tcp ENV UCX_TLS=tcp,self)
endforeach()
# Every flag to another node (nodes of one PE; radix 2: two rounds at 3 and
# 4 PEs), the sequence numbers wrapping during the run: such a flag is the
# transport's notify message, which must raise the word across the wrap.
foreach(np 3 4)
  shmem_vnode_run(barrier_engine_order ${np} 1 NAME barrier_engine_wrap_k2
    ENV SHMEM_BARRIER=dissemination SHMEM_BARRIER_K=2 BE_ENGINE=dissemination
    SHMEM_BARRIER_SEQ_START=4294967000)
endforeach()

shmem_test_program(vnode)
foreach(run "2;1" "3;2" "4;1")
  list(GET run 0 np)
  list(GET run 1 per_node)
  shmem_vnode_run(vnode ${np} ${per_node}
    ENV SHMEM_SYMMETRIC_SIZE=1M SHMEM_SYMMETRIC_SIZE_MAX=64M)
endforeach()

# The device proxy's host side, without a GPU: host threads post requests
# as kernels would (SHMEM_PROXY_HOST), through a ring of 8 slots, so that it
# wraps around and requesters wait for slots.
shmem_test_program(proxy_drain)
target_link_libraries(proxy_drain PRIVATE Threads::Threads)
foreach(run "2;1" "4;2")
  list(GET run 0 np)
  list(GET run 1 per_node)
  shmem_vnode_run(proxy_drain ${np} ${per_node}
    ENV SHMEM_HEAP=host SHMEM_PROXY_HOST=1 SHMEM_PROXY_SLOTS=8)
endforeach()
# The same requests while no thread of the PE calls the library (a
# kernel's host waits in cudaDeviceSynchronize): the proxy threads alone
# progress the workers, and serve the heaps of the served runs below.
shmem_test_program(proxy_unattended)
target_link_libraries(proxy_unattended PRIVATE Threads::Threads)
foreach(np 2 3)
  shmem_vnode_run(proxy_unattended ${np} 1
    ENV SHMEM_HEAP=host SHMEM_PROXY_HOST=1 SHMEM_PROXY_SLOTS=8)
endforeach()
# A request for memory outside the heap ends the job, naming it; a ring
# size that is not a power of two stops shmem_init.
shmem_expect_test(proxy_fault_address PROGRAM proxy_drain NP 2 ARGS bad_address
  ENV SHMEM_VIRTUAL_NODES=1 SHMEM_HEAP=host SHMEM_PROXY_HOST=1
  EXPECT --status nonzero --match "device proxy.*0x1000 on PE 1 are not in the symmetric heap")
shmem_expect_test(proxy_fault_slots PROGRAM proxy_drain NP 2
  ENV SHMEM_VIRTUAL_NODES=1 SHMEM_HEAP=host SHMEM_PROXY_HOST=1 SHMEM_PROXY_SLOTS=48
  EXPECT --status nonzero --match "SHMEM_PROXY_SLOTS=48 is not a power of two")

# Posted AMOs as the first operations between nodes (vnode_amo_post.c),
# over UCX's own choice and over tcp, where UCX 1.13 died of them at 3 PEs.
shmem_test_program(vnode_amo_post)
foreach(np 3 4)
  shmem_vnode_run(vnode_amo_post ${np} 1)
  shmem_vnode_run(vnode_amo_post ${np} 1 NAME vnode_amo_post_tcp ENV UCX_TLS=tcp,self)
endforeach()

# The _nbi routines, truly non-blocking across nodes (vnode_nbi.c).
shmem_test_program(vnode_nbi)
foreach(run "2;1" "3;2" "4;1")
  list(GET run 0 np)
  list(GET run 1 per_node)
  shmem_vnode_run(vnode_nbi ${np} ${per_node})
endforeach()

# Contexts with UCX workers of their own (vnode_ctx.c): with the default
# cap, and with 2 workers for 4 threads' contexts, so that some contexts
# share the PE's worker (same results). With SHMEM_DEBUG=1 each context
# reports its worker, later contexts reuse the kept ones, and none may fall
# back under the default cap; with a cap of 2 some must.
shmem_test_program(vnode_ctx)
target_link_libraries(vnode_ctx PRIVATE Threads::Threads)
foreach(run "2;1" "4;2")
  list(GET run 0 np)
  list(GET run 1 per_node)
  shmem_vnode_run(vnode_ctx ${np} ${per_node})
  shmem_vnode_run(vnode_ctx ${np} ${per_node} NAME vnode_ctx_cap2 ENV SHMEM_CTX_WORKERS=2)
  # Over tcp, where a quiet's worker flush waits on every endpoint of the
  # worker: with the contexts' workers connected to the peers' shared
  # workers instead of their answer workers (ucx.h), every 2-PE run hung.
  shmem_vnode_run(vnode_ctx ${np} ${per_node} NAME vnode_ctx_tcp ENV UCX_TLS=tcp,self)
  # A fence that may flush (UCX 1.14 and later: UCX_FENCE_MODE=strong,
  # the default of 1.16) is a quiet of the runtime (ucx_sync.c): as
  # ucp_worker_fence, every vnode_ctx_tcp run hung on UCX 1.16. The
  # variable makes the runtime take that path on any UCX (1.13 ignores it).
  shmem_vnode_run(vnode_ctx ${np} ${per_node} NAME vnode_ctx_tcp_strong
    ENV UCX_TLS=tcp,self UCX_FENCE_MODE=strong UCX_WARN_UNUSED_ENV_VARS=n)
  # A 4-PE run's workers take about 2500 of the system's 4096 SysV
  # segments (UCX's shared-memory FIFOs): one such run at a time.
  foreach(launcher mpirun shmemrun)
    if(TEST vnode_ctx/vnode${per_node}/${launcher}/${np})
      set_tests_properties(vnode_ctx/vnode${per_node}/${launcher}/${np}
        vnode_ctx_cap2/vnode${per_node}/${launcher}/${np} PROPERTIES RESOURCE_LOCK ucx_sysv)
    endif()
  endforeach()
endforeach()
shmem_expect_test(vnode_ctx_debug PROGRAM vnode_ctx NP 2
  ENV SHMEM_VIRTUAL_NODES=1 SHMEM_DEBUG=1
  EXPECT --status 0 --within 100 --match "shmem_ctx_long_put.*SHMEM_CTX_PRIVATE context has its own UCX worker"
  --match "SHMEM_CTX_SERIALIZED context has its own UCX worker"
  --match "has its own UCX worker \\(slot 0 of SHMEM_CTX_WORKERS=64, kept from an earlier context"
  --reject "shares the PE's UCX worker")
shmem_expect_test(vnode_ctx_debug_cap PROGRAM vnode_ctx NP 2
  ENV SHMEM_VIRTUAL_NODES=1 SHMEM_DEBUG=1 SHMEM_CTX_WORKERS=2
  EXPECT --status 0 --within 100 --match "context shares the PE's UCX worker: all 2 contexts' workers")
foreach(launcher mpirun shmemrun)
  set_tests_properties(vnode_ctx_debug/${launcher}/2 vnode_ctx_debug_cap/${launcher}/2
    PROPERTIES RESOURCE_LOCK ucx_sysv)
endforeach()

# A PE killed on one node of four: the job ends, in time (at 2 PEs, and
# for a PE that exits without shmem_finalize, the fault tests' vnode1 runs,
# test/CMakeLists.txt).
shmem_expect_test(vnode_fault_sigkill PROGRAM faults NP 4 ARGS sigkill
  ENV SHMEM_VIRTUAL_NODES=1 EXPECT --status nonzero --within 20)

# The same where the launcher lets the others run on (mpirun
# --enable-recovery, whose own exit status is then 0): the links between
# the nodes' first PEs (src/node/node_links.c) end the job, and the first
# PE of every other node names the dead PE: one node of one, a ring of
# four, two nodes of two (the dead PE's node partner sees it first). Without
# the links (SHMEM_NODE_LINKS=0) these runs hung. A fatal error's reason
# travels the same way; shmem_global_exit ends the others without a word.
# shmem_recovery_test(<name> <np> <per_node> <scenario> <expect.sh options>)
function(shmem_recovery_test name np per_node scenario)
  set(t ${name}/vnode${per_node}/mpirun/${np})
  expect_run(${t} LABELS host fault ucx ENV SHMEM_VIRTUAL_NODES=${per_node}
    EXPECT --within 20 ${ARGN}
    COMMAND ${MPIRUN} -np ${np} --enable-recovery $<TARGET_FILE:faults> ${scenario})
endfunction()
set(gone "liveness: .*(PE 1 .pid [0-9]+. ended without calling shmem_finalize|PEs of the node of PE 1 are gone)")
shmem_recovery_test(vnode_fault_sigkill_recovery 2 1 sigkill --match "PE 0. ${gone}")
set(gone "liveness: .*(PE 3 .pid [0-9]+. ended without calling shmem_finalize|PEs of the node of PE 3 are gone)")
shmem_recovery_test(vnode_fault_sigkill_recovery 4 1 sigkill
  --match "PE 0. ${gone}" --match "PE 1. ${gone}" --match "PE 2. ${gone}")
shmem_recovery_test(vnode_fault_sigkill_recovery 4 2 sigkill
  --match "PE 0. ${gone}" --match "PE 2. ${gone}")
shmem_recovery_test(vnode_fault_pe_too_big_recovery 3 1 pe_too_big
  --match "PE 2. shmem_int_p: PE 3 is not a valid PE number"
  --match "PE 0. liveness: another node ended the job: a fatal error in shmem_int_p on PE 2"
  --match "PE 1. liveness: another node ended the job: a fatal error in shmem_int_p on PE 2")
shmem_recovery_test(vnode_fault_global_exit_recovery 4 1 global_exit --reject "liveness")

# A link that cannot be made is reported and left out, and the job runs on:
# in a network namespace of its own (no TCP at all; shmemrun's Unix sockets
# and UCX's shared memory still work) both first PEs name the missing link.
# Virtual nodes link over loopback: under a host name that does not
# resolve, a killed PE still ends the job. Skipped where this user may not
# make namespaces (test/unshared.sh).
set(unshared ${CMAKE_CURRENT_SOURCE_DIR}/unshared.sh)
set(t vnode_node_links_unreachable/vnode1/shmemrun/2)
add_test(NAME ${t} COMMAND ${unshared} net -- ${EXPECT} --status 0 --within 30
  --match "PE 0. shmem_init: no liveness link with PE 1 .*cannot connect"
  --match "PE 1. shmem_init: no liveness link with PE 0 .*did not connect within"
  -- $<TARGET_FILE:shmemrun> -n 2 $<TARGET_FILE:faults> plain)
set_tests_properties(${t} PROPERTIES TIMEOUT 60 LABELS "host;fault;ucx" SKIP_RETURN_CODE 77
  ENVIRONMENT "${SHMEM_TEST_ENV};SHMEM_VIRTUAL_NODES=1;SHMEM_PEER_TIMEOUT=1;UCX_TLS=sm,self")
set(t vnode_node_links_no_dns/vnode1/mpirun/3)
shmem_session_dir(session ${t})
set(gone "liveness: .*PEs of the node of PE 2 are gone")
add_test(NAME ${t} COMMAND ${unshared} host no-such-host.invalid -- ${EXPECT} --within 20
  --match "PE 0. ${gone}" --match "PE 1. ${gone}" --reject "no liveness link"
  -- ${MPIRUN} -np 3 --enable-recovery $<TARGET_FILE:faults> sigkill)
set_tests_properties(${t} PROPERTIES TIMEOUT 60 LABELS "host;fault;ucx" SKIP_RETURN_CODE 77
  ENVIRONMENT "${SHMEM_TEST_ENV};${session};SHMEM_VIRTUAL_NODES=1")

# The heap service (src/transport/ucx/ucx_service.c), which serves a GPU
# heap to other nodes, tested on host heaps: SHMEM_UCX_HEAP_SERVICE=1 makes
# every PE serve its heap, so every access to another node's heap is an
# active message that the target performs, and every put's quiet waits for
# the target's acknowledgement. At 2 PEs on two nodes of one and 4 on two
# nodes of two; the proxy's requests are served too, and a PE killed while
# others wait for its answers ends the job.
foreach(program rma_typed rma_sized rma_blocked amo_typed amo_contention signal_put
                wait_test lock_mutex coll_data coll_large coll_reduce ctx_team vnode_nbi)
  foreach(run "2;1" "4;2")
    list(GET run 0 np)
    list(GET run 1 per_node)
    shmem_vnode_run(${program} ${np} ${per_node} NAME ${program}_served
      ENV SHMEM_UCX_HEAP_SERVICE=1)
  endforeach()
endforeach()
foreach(run "2;1" "4;2")
  list(GET run 0 np)
  list(GET run 1 per_node)
  shmem_vnode_run(vnode ${np} ${per_node} NAME vnode_served
    ENV SHMEM_UCX_HEAP_SERVICE=1 SHMEM_SYMMETRIC_SIZE=1M SHMEM_SYMMETRIC_SIZE_MAX=64M)
  shmem_vnode_run(heap_grow ${np} ${per_node} NAME heap_grow_served
    ENV SHMEM_UCX_HEAP_SERVICE=1 SHMEM_SYMMETRIC_SIZE=4M SHMEM_SYMMETRIC_SIZE_MAX=256M)
  shmem_vnode_run(proxy_drain ${np} ${per_node} NAME proxy_drain_served
    ENV SHMEM_UCX_HEAP_SERVICE=1 SHMEM_HEAP=host SHMEM_PROXY_HOST=1 SHMEM_PROXY_SLOTS=8)
endforeach()
foreach(np 2 3)
  shmem_vnode_run(proxy_unattended ${np} 1 NAME proxy_unattended_served
    ENV SHMEM_UCX_HEAP_SERVICE=1 SHMEM_HEAP=host SHMEM_PROXY_HOST=1 SHMEM_PROXY_SLOTS=8)
endforeach()
# Contexts' own workers, which served heaps answer through the endpoint UCX
# hands their handlers (2 PEs only: at 4, vnode_ctx's workers take ~2500
# SysV segments of the system's 4096).
shmem_vnode_run(vnode_ctx 2 1 NAME vnode_ctx_served ENV SHMEM_UCX_HEAP_SERVICE=1)
foreach(launcher mpirun shmemrun)
  set_tests_properties(vnode_ctx_served/vnode1/${launcher}/2 PROPERTIES RESOURCE_LOCK ucx_sysv)
endforeach()
foreach(scenario sigkill sigkill_get)
  shmem_expect_test(vnode_fault_${scenario}_served PROGRAM faults NP 2 ARGS ${scenario}
    ENV SHMEM_VIRTUAL_NODES=1 SHMEM_UCX_HEAP_SERVICE=1 EXPECT --status nonzero --within 20)
endforeach()
shmem_expect_test(vnode_served_debug PROGRAM vnode NP 2
  ENV SHMEM_VIRTUAL_NODES=1 SHMEM_UCX_HEAP_SERVICE=1 SHMEM_DEBUG=1
  EXPECT --status 0 --match "shmem_init: this PE serves its symmetric heap to other nodes")

# How often a wait yields its core (vnode_yield.c counts the calls): on
# every poll with a spin count of 1; past any other, on one in 4096, in 64
# with SHMEM_THREAD_MULTIPLE, or in SHMEM_SPIN_YIELD (rounded up to a power
# of two).
shmem_test_program(vnode_yield)
target_link_libraries(vnode_yield PRIVATE ${CMAKE_DL_LIBS})
shmem_vnode_run(vnode_yield 2 1 NAME vnode_yield_1 ENV SHMEM_SPIN_COUNT=1)
shmem_vnode_run(vnode_yield 2 1 NAME vnode_yield_4096 ENV SHMEM_SPIN_COUNT=4096)
shmem_vnode_run(vnode_yield 2 1 NAME vnode_yield_multiple
  ENV SHMEM_SPIN_COUNT=4096 YIELD_TEST_MULTIPLE=1)
shmem_vnode_run(vnode_yield 2 1 NAME vnode_yield_set ENV SHMEM_SPIN_COUNT=1000 SHMEM_SPIN_YIELD=100)

# Which transfers name their local buffer's UCX memory handle (vnode_memh.c
# intercepts the library's ucp_put_nbx and ucp_get_nbx): heap buffers, in
# the first chunk and in one the heap grew, but not private ones.
shmem_test_program(vnode_memh)
target_include_directories(vnode_memh PRIVATE ${UCX_INCLUDE_DIRS})
target_link_libraries(vnode_memh PRIVATE ${CMAKE_DL_LIBS})
shmem_vnode_run(vnode_memh 2 1 ENV SHMEM_SYMMETRIC_SIZE=1M SHMEM_SYMMETRIC_SIZE_MAX=64M)
