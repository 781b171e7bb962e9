# GPU tests: labelled gpu, and reported SKIPPED (ctest's code 77) on a
# machine without a GPU, through gpu_probe.
if(CUDAToolkit_FOUND)
  add_executable(gpu_probe gpu/gpu_probe.c)
  target_link_libraries(gpu_probe PRIVATE ${CMAKE_DL_LIBS})

  # shmem_gpu_runs(name target ENV.. [NP n..] [ARGS a..]): tests
  # name/<launcher>/<n> run program `target` (with ARGS) at 1 and 2 PEs (or
  # the NP counts) under both launchers, skipped where gpu_probe finds no
  # GPU. Serial: a test reads the GPU's free memory, which another test
  # running beside it would change.
  function(shmem_gpu_runs name target)
    cmake_parse_arguments(R "" "" "NP;ARGS" ${ARGN})
    if(NOT R_NP)
      set(R_NP 1 2)
    endif()
    foreach(launcher mpirun shmemrun)
      foreach(np ${R_NP})
        shmem_launch(run ${launcher} ${np})
        set(t ${name}/${launcher}/${np})
        add_test(NAME ${t} COMMAND sh -c "\"$0\" >/dev/null || exit 77; exec \"$@\""
          $<TARGET_FILE:gpu_probe> ${run} $<TARGET_FILE:${target}> ${R_ARGS})
        set_tests_properties(${t} PROPERTIES TIMEOUT 120 LABELS gpu SKIP_RETURN_CODE 77
          RUN_SERIAL TRUE
          ENVIRONMENT "OMPI_ALLOW_RUN_AS_ROOT=1;OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1;OMPI_MCA_rmaps_base_oversubscribe=1;NVSHMEM_DISABLE_NVLS=1;NCCL_NVLS_ENABLE=0;${R_UNPARSED_ARGUMENTS}")
      endforeach()
    endforeach()
  endfunction()

  # shmem_gpu_test(name [ENV ..]): test/gpu/<name>.c, linked with the CUDA
  # driver.
  function(shmem_gpu_test name)
    cmake_parse_arguments(T "" "" "ENV" ${ARGN})
    add_executable(${name} gpu/${name}.c)
    target_link_libraries(${name} PRIVATE shmem CUDA::cuda_driver)
    shmem_gpu_runs(${name} ${name} ${T_ENV})
  endfunction()

  # shmem_gpu_cu_test(name source [RDC] [ENV ..]): a CUDA source of the users'
  # kind, compiled without relocatable device code unless RDC is given.
  function(shmem_gpu_cu_test name source)
    cmake_parse_arguments(T "RDC" "" "ENV" ${ARGN})
    add_executable(${name} ${source})
    target_link_libraries(${name} PRIVATE shmem CUDA::cudart)
    set_target_properties(${name} PROPERTIES CUDA_SEPARABLE_COMPILATION ${T_RDC})
    shmem_gpu_runs(${name} ${name} ${T_ENV})
  endfunction()

  # shmem_gpu_expect(name target [ENV..] ARGS.. EXPECT..): runs target at 2
  # PEs on the device heap under both launchers through expect.sh, which
  # checks how it ends; skipped without a GPU.
  function(shmem_gpu_expect name target)
    cmake_parse_arguments(T "" "" "ENV;ARGS;EXPECT" ${ARGN})
    foreach(launcher mpirun shmemrun)
      shmem_launch(run ${launcher} 2)
      set(t ${name}/${launcher}/2)
      add_test(NAME ${t} COMMAND sh -c "\"$0\" >/dev/null || exit 77; exec \"$@\""
        $<TARGET_FILE:gpu_probe> ${EXPECT} ${T_EXPECT} -- ${run} $<TARGET_FILE:${target}> ${T_ARGS})
      set_tests_properties(${t} PROPERTIES TIMEOUT 120 LABELS "gpu;fault"
        SKIP_RETURN_CODE 77 RUN_SERIAL TRUE
        ENVIRONMENT "OMPI_ALLOW_RUN_AS_ROOT=1;OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1;NVSHMEM_DISABLE_NVLS=1;NCCL_NVLS_ENABLE=0;SHMEM_HEAP=device;${T_ENV}")
    endforeach()
  endfunction()

  # shmem-info on a GPU machine: each GPU with its NVLinks (from NVML), and
  # the PE map with each PE's heap on its GPU.
  add_test(NAME gpu_shmem_info COMMAND sh -c "\"$0\" >/dev/null || exit 77; exec \"$@\""
    $<TARGET_FILE:gpu_probe> ${EXPECT} --status 0
    --match "GPU 0: .*NVLinks: (none up|[0-9]+ up)" --match "device heap, GPU"
    -- $<TARGET_FILE:shmemrun> -n 2 $<TARGET_FILE:shmem-info>)
  set_tests_properties(gpu_shmem_info PROPERTIES TIMEOUT 120 LABELS gpu SKIP_RETURN_CODE 77
    RUN_SERIAL TRUE ENVIRONMENT "SHMEM_HEAP=device;SHMEM_GPU_SHARE=1")

  # A 256 MiB first chunk that the test sees come back, and room to grow.
  shmem_gpu_test(gpu_heap ENV SHMEM_HEAP=device SHMEM_SYMMETRIC_SIZE=256M
    SHMEM_SYMMETRIC_SIZE_MAX=8G)
  shmem_gpu_test(gpu_heap_sync ENV SHMEM_HEAP=device)
  # Globals beside a GPU heap (host-initiated calls).
  shmem_gpu_test(gpu_statics ENV SHMEM_HEAP=device)
  shmem_gpu_runs(gpu_statics_pinned gpu_statics SHMEM_HEAP=pinned NP 2)
  # Host puts that return at local completion: staged (the default), a
  # threshold the test's sizes cross, and every put landing on return.
  shmem_gpu_test(gpu_put_stage ENV SHMEM_HEAP=device SHMEM_GPU_SHARE=1 NP 1 2 3)
  target_link_libraries(gpu_put_stage PRIVATE Threads::Threads)
  shmem_gpu_runs(gpu_put_stage_256 gpu_put_stage SHMEM_HEAP=device SHMEM_GPU_PUT_STAGE=256)
  shmem_gpu_runs(gpu_put_stage_off gpu_put_stage SHMEM_HEAP=device SHMEM_GPU_PUT_STAGE=0)

  # Faults of the GPU heap: its memory runs out at shmem_init (the job
  # ends, saying what to lower) or in a growth (NULL on every PE, nothing
  # kept, the heap still works; 512G of address space a PE lets the growth
  # reach cuMemCreate), or a PE dies while the others grow it.
  add_executable(gpu_heap_faults gpu/gpu_heap_faults.c)
  target_link_libraries(gpu_heap_faults PRIVATE shmem CUDA::cuda_driver)
  shmem_gpu_expect(gpu_heap_fault_init_oom gpu_heap_faults ENV SHMEM_SYMMETRIC_SIZE=200G
    ARGS init_oom
    EXPECT --status nonzero --match "shmem_init: cuMemCreate of [0-9]+ bytes of GPU memory"
    --match "PE [0-9]+ could not make the first [0-9]+ bytes.*SHMEM_SYMMETRIC_SIZE")
  shmem_gpu_expect(gpu_heap_fault_grow_oom gpu_heap_faults ENV SHMEM_SYMMETRIC_SIZE_MAX=512G
    ARGS grow_oom
    EXPECT --status 0 --match "shmem_malloc: cuMemCreate of [0-9]+ bytes of GPU memory.*no room"
    --match "could not grow, as PE [0-9]+ had no device memory")
  shmem_gpu_expect(gpu_heap_fault_grow_exit gpu_heap_faults ARGS grow_exit
    EXPECT --status nonzero --within 30
    --match "PE 1[: ].*(has died|died or is not in the same call|without calling shmem_finalize)")
  shmem_gpu_expect(gpu_heap_fault_grow_sigkill gpu_heap_faults ARGS grow_sigkill
    EXPECT --status nonzero --within 30 --match "(PE|rank) 1")

  # On-stream calls on a host heap: a clear error, checked on any machine.
  add_executable(stream_faults gpu/stream_faults.c)
  target_link_libraries(stream_faults PRIVATE shmem)
  shmem_expect_test(stream_fault_host_heap PROGRAM stream_faults NP 2 ARGS host_heap
    ENV SHMEM_HEAP=host
    EXPECT --status nonzero --match "shmemx_barrier_all_on_stream: .*SHMEM_HEAP=device")

  # The library's own kernels (host AMOs on a device heap, on-stream calls)
  # exist when nvcc built them.
  if(CMAKE_CUDA_COMPILER)
    shmem_gpu_test(gpu_amo ENV SHMEM_HEAP=device)
  endif()

  # Device heaps across nodes, served by their PEs (the heap service,
  # src/transport/ucx/ucx_service.c): host AMOs, locks and signals, copy-
  # engine puts ordered by barriers, and staged puts, on virtual nodes of
  # one PE (every peer served) and of two (node peers by load/store through
  # the window, the others served); puts and gets from the device heap
  # itself pass through host bounce buffers.
  if(UCX_FOUND)
    set(served SHMEM_HEAP=device SHMEM_GPU_SHARE=1)
    foreach(program gpu_heap_sync gpu_put_stage gpu_statics)
      shmem_gpu_runs(${program}_vnode ${program} ${served} SHMEM_VIRTUAL_NODES=1 NP 2 3)
    endforeach()
    shmem_gpu_runs(gpu_put_stage_vnode2 gpu_put_stage ${served} SHMEM_VIRTUAL_NODES=2 NP 4)
    if(CMAKE_CUDA_COMPILER)
      shmem_gpu_runs(gpu_amo_vnode gpu_amo ${served} SHMEM_VIRTUAL_NODES=1 NP 2 3)
      shmem_gpu_runs(gpu_amo_vnode2 gpu_amo ${served} SHMEM_VIRTUAL_NODES=2 NP 4)
    endif()
  endif()
  if(CMAKE_CUDA_COMPILER AND NOT SHMEM_SANITIZE)
    # The README's first kernel program.
    shmem_gpu_runs(example_hello_kernel hello_kernel)
    shmem_gpu_cu_test(gpu_stream gpu/gpu_stream.cu ENV SHMEM_HEAP=device)
    # The sums' and exchanges' copy paths at every size, and the multi-block
    # kernels' uneven pieces at 3 and 4 PEs (sharing the GPUs).
    shmem_gpu_runs(gpu_stream_copies gpu_stream SHMEM_HEAP=device
      SHMEM_STREAM_SUM_LL=0 SHMEM_STREAM_SUM_KERNEL=0 SHMEM_STREAM_EXCHANGE_KERNEL=0 NP 2)
    shmem_gpu_runs(gpu_stream_shared gpu_stream SHMEM_HEAP=device SHMEM_GPU_SHARE=1 NP 3 4)
    # The multi-block sum over more members than it loads at once (4): a
    # second group of 2, whose loads start at a member of their own too.
    shmem_gpu_runs(gpu_stream_six gpu_stream SHMEM_HEAP=device SHMEM_GPU_SHARE=1
      SHMEM_STREAM_SUM_LL=0 NP 6)
    # The sums with no barrier up to 1 MiB: threads that each sum several
    # lines.
    shmem_gpu_runs(gpu_stream_ll gpu_stream SHMEM_HEAP=device SHMEM_STREAM_SUM_LL=1M NP 2)
    # The sum that only stores, for every sum of whole 16-byte units (the
    # others take the multi-block kernel): at 2 PEs, sharing GPUs at 3, 4
    # and 6 (more members than it loads at once), and replayed in a graph
    # (its rounds count on in GPU memory).
    set(push SHMEM_HEAP=device SHMEM_STREAM_SUM_LL=0 SHMEM_STREAM_SUM_PUSH=1)
    shmem_gpu_runs(gpu_stream_push gpu_stream ${push} NP 2)
    shmem_gpu_runs(gpu_stream_push_shared gpu_stream ${push} SHMEM_GPU_SHARE=1 NP 3 4 6)
    shmem_gpu_cu_test(gpu_stream_graph gpu/gpu_stream_graph.cu ENV SHMEM_HEAP=device)
    shmem_gpu_runs(gpu_stream_graph_push gpu_stream_graph ${push} NP 2)
    # The first host put and AMO while this PE's GPU runs a kernel waiting
    # for them: on node peers (3 PEs share 2 GPUs), and served across
    # virtual nodes, where the device proxy's thread serves them.
    shmem_gpu_cu_test(gpu_host_during_kernel gpu/gpu_host_during_kernel.cu
      ENV SHMEM_HEAP=device)
    shmem_gpu_runs(gpu_host_during_kernel_3 gpu_host_during_kernel SHMEM_HEAP=device
      SHMEM_GPU_SHARE=1 NP 3)
    if(UCX_FOUND)
      shmem_gpu_runs(gpu_host_during_kernel_vnode gpu_host_during_kernel SHMEM_HEAP=device
        SHMEM_GPU_SHARE=1 SHMEM_VIRTUAL_NODES=1 NP 2 3)
    endif()
    # On-stream team calls on the teams' dissemination barriers, then on
    # the emulated switch's slots.
    shmem_gpu_cu_test(gpu_stream_teams gpu/gpu_stream_teams.cu ENV SHMEM_HEAP=device)
    shmem_gpu_runs(gpu_stream_teams_switch gpu_stream_teams SHMEM_HEAP=device
      SHMEM_BARRIER_EMULATE=1)
    shmem_gpu_cu_test(gpu_device_rma gpu/gpu_device_rma.cu ENV SHMEM_HEAP=device)
    shmem_gpu_cu_test(gpu_device_rma_rdc gpu/gpu_device_rma.cu RDC ENV SHMEM_HEAP=device)
    shmem_gpu_cu_test(gpu_device_rma_types gpu/gpu_device_rma_types.cu ENV SHMEM_HEAP=device)
    shmem_gpu_cu_test(gpu_device_amo gpu/gpu_device_amo.cu ENV SHMEM_HEAP=device)
    shmem_gpu_runs(gpu_device_amo_pinned gpu_device_amo SHMEM_HEAP=pinned)
    shmem_gpu_cu_test(gpu_device_coll gpu/gpu_device_coll.cu ENV SHMEM_HEAP=device)
    # Reductions by uneven shares (3 PEs), and at 4 (sharing the GPUs where
    # there are fewer).
    shmem_gpu_runs(gpu_device_coll_shared gpu_device_coll SHMEM_HEAP=device SHMEM_GPU_SHARE=1
      NP 3 4)
    # The same kernels on the emulated barrier switch: with its default
    # slots every team gets one; with 3, most of the churned teams fall
    # back to the dissemination barrier.
    shmem_gpu_runs(gpu_device_coll_switch gpu_device_coll SHMEM_HEAP=device
      SHMEM_BARRIER_EMULATE=1)
    shmem_gpu_runs(gpu_device_coll_switch3 gpu_device_coll SHMEM_HEAP=device
      SHMEM_BARRIER_EMULATE=1 SHMEM_BARRIER_EMU_SLOTS=3)
    # Every block and warp form, the collectives too, in blocks of 1024
    # threads (at most 64 registers a thread): through the window here,
    # through the proxy on virtual nodes below; and the same kernels'
    # registers from the compiler alone, which needs no GPU (CI).
    shmem_gpu_cu_test(gpu_device_full_block gpu/gpu_device_full_block.cu ENV SHMEM_HEAP=device)
    shmem_gpu_runs(gpu_device_full_block_3 gpu_device_full_block SHMEM_HEAP=device
      SHMEM_GPU_SHARE=1 NP 3)
    add_test(NAME device_registers COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/device/check_registers.sh
      ${CMAKE_CUDA_COMPILER} ${CMAKE_CURRENT_SOURCE_DIR}/gpu/gpu_device_full_block.cu
      ${PROJECT_SOURCE_DIR}/include)
    set_tests_properties(device_registers PROPERTIES LABELS host)
    # Device barriers at up to 8 PEs (more PEs than GPUs share them), with
    # the radix at 2, 3 and 4 (several partners a round), and on the
    # emulated switch's slots.
    add_executable(gpu_device_barrier gpu/gpu_device_barrier.cu)
    target_link_libraries(gpu_device_barrier PRIVATE shmem CUDA::cudart)
    shmem_gpu_runs(gpu_device_barrier gpu_device_barrier SHMEM_HEAP=device
      SHMEM_GPU_SHARE=1 NP 1 2 3 4 8)
    foreach(k 2 3)
      shmem_gpu_runs(gpu_device_barrier_k${k} gpu_device_barrier SHMEM_HEAP=device
        SHMEM_GPU_SHARE=1 SHMEM_BARRIER_K=${k} NP 3 4)
    endforeach()
    shmem_gpu_runs(gpu_device_barrier_switch gpu_device_barrier SHMEM_HEAP=device
      SHMEM_GPU_SHARE=1 SHMEM_BARRIER_EMULATE=1 NP 2 3)
    shmem_gpu_cu_test(gpu_device_launch gpu/gpu_device_launch.cu ENV SHMEM_HEAP=device)
    shmem_gpu_expect(gpu_device_launch_too_big gpu_device_launch ARGS too-big
      EXPECT --status 0 --match "cannot run at once on GPU")

    # Kernels reaching other nodes through the device proxy (needs UCX):
    # virtual nodes of one PE (sharing the GPUs), a pinned heap, a ring of
    # 16 slots that the crowd kernel's thousands of requests wrap around;
    # the same on a device heap, which each PE serves to the others (the
    # heap service, src/transport/ucx/ucx_service.c), with a crowd of 4
    # blocks: there every AMO is a kernel launch on the target's GPU, and
    # 64 blocks took 12.6 s (2 PEs, one H200 each,
    # bench/results/2026-11-25-device-proxy.md). Then kernel barriers and
    # block collectives over teams that span nodes, which reach the members of other nodes through the proxy:
    # on virtual nodes of one PE, on a device heap (every peer served) and
    # a pinned one, and of two PEs (node peers by load/store in the same
    # barrier or collective). Last, the kernels of 1024 threads.
    if(UCX_FOUND)
      add_executable(gpu_device_proxy gpu/gpu_device_proxy.cu)
      target_link_libraries(gpu_device_proxy PRIVATE shmem CUDA::cudart)
      shmem_gpu_runs(gpu_device_proxy gpu_device_proxy SHMEM_HEAP=pinned SHMEM_VIRTUAL_NODES=1
        SHMEM_GPU_SHARE=1 SHMEM_PROXY_SLOTS=16 NP 2 3)
      shmem_gpu_runs(gpu_device_proxy_device_heap gpu_device_proxy SHMEM_HEAP=device
        SHMEM_VIRTUAL_NODES=1 SHMEM_GPU_SHARE=1 SHMEM_PROXY_SLOTS=16 NP 2 ARGS crowd 4)
      foreach(heap device pinned)
        shmem_gpu_runs(gpu_device_barrier_vnode_${heap} gpu_device_barrier SHMEM_HEAP=${heap}
          SHMEM_GPU_SHARE=1 SHMEM_VIRTUAL_NODES=1 NP 2 3)
        shmem_gpu_runs(gpu_device_coll_vnode_${heap} gpu_device_coll SHMEM_HEAP=${heap}
          SHMEM_GPU_SHARE=1 SHMEM_VIRTUAL_NODES=1 NP 2 3)
      endforeach()
      shmem_gpu_runs(gpu_device_barrier_vnode2 gpu_device_barrier SHMEM_HEAP=device
        SHMEM_GPU_SHARE=1 SHMEM_VIRTUAL_NODES=2 NP 4)
      shmem_gpu_runs(gpu_device_coll_vnode2 gpu_device_coll SHMEM_HEAP=device
        SHMEM_GPU_SHARE=1 SHMEM_VIRTUAL_NODES=2 NP 4)
      foreach(heap device pinned)
        shmem_gpu_runs(gpu_device_full_block_vnode_${heap} gpu_device_full_block
          SHMEM_HEAP=${heap} SHMEM_GPU_SHARE=1 SHMEM_VIRTUAL_NODES=1 SHMEM_PROXY_SLOTS=16 NP 2 3)
      endforeach()
    endif()

    # A kernel waiting on a PE that leaves: the job ends, no hang.
    add_executable(gpu_device_abort gpu/gpu_device_abort.cu)
    target_link_libraries(gpu_device_abort PRIVATE shmem CUDA::cudart)
    # Under mpirun PE 0 names PE 1; shmemrun ends PE 0 itself and names PE 1.
    shmem_gpu_expect(gpu_device_abort_exit gpu_device_abort ARGS exit
      EXPECT --status nonzero --within 40
      --match "(PE 1 .* ended without calling shmem_finalize|PE 1 \\(pid [0-9]+\\) exited with status 3)")
    shmem_gpu_expect(gpu_device_abort_global_exit gpu_device_abort ARGS global_exit
      EXPECT --status 5 --within 40)

    # A kernel that stops says why, through the host: at exit, at
    # shmem_global_exit, and for a type kernels cannot move; one message
    # however many threads stop.
    add_executable(gpu_device_stop gpu/gpu_device_stop.cu)
    target_link_libraries(gpu_device_stop PRIVATE shmem CUDA::cudart)
    set(beyond "\\[shmem PE 0\\] shmem_int_p \\(device\\): PE 5 is not reachable by load/store")
    shmem_gpu_expect(gpu_device_stop_exit gpu_device_stop ARGS exit
      EXPECT --status nonzero --once "${beyond}")
    shmem_gpu_expect(gpu_device_stop_global_exit gpu_device_stop ARGS global_exit
      EXPECT --status 4 --match "${beyond}")
    shmem_gpu_expect(gpu_device_stop_type gpu_device_stop ARGS type
      EXPECT --status nonzero --match "\\[shmem PE 0\\] shmem_longdouble_p \\(device\\): long double cannot be moved")

    # The device put's code: PTX everywhere, machine code where cuobjdump is.
    set(probe ${CMAKE_CURRENT_SOURCE_DIR}/device/probe.cu)
    # Every header under include/shmem: device code reaches proxy_post.h too.
    file(GLOB_RECURSE device_headers ${PROJECT_SOURCE_DIR}/include/shmem/*.h)
    foreach(form ptx cubin)
      add_custom_command(OUTPUT probe.${form}
        COMMAND ${CMAKE_CUDA_COMPILER} -std=c++17 -arch=sm_90 -I${PROJECT_SOURCE_DIR}/include
                -${form} ${probe} -o probe.${form}
        DEPENDS ${probe} ${PROJECT_SOURCE_DIR}/include/shmem/device.h ${device_headers} VERBATIM)
    endforeach()
    add_custom_target(device_probe ALL DEPENDS probe.ptx probe.cubin)

    # A CUDA source's host calls reach the shmem_ names (profiling tools).
    add_library(host_calls_probe OBJECT device/host_calls.cu)
    target_link_libraries(host_calls_probe PRIVATE shmem)
    add_test(NAME device_host_calls_profiled
      COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/device/check_host_calls.sh
        $<TARGET_OBJECTS:host_calls_probe>)
    set_tests_properties(device_host_calls_profiled PROPERTIES LABELS host)
    add_test(NAME device_code_ptx COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/device/check_code.sh
      ptx ${CMAKE_CURRENT_BINARY_DIR}/probe.ptx)
    set_tests_properties(device_code_ptx PROPERTIES LABELS host)
    add_test(NAME device_code_sass COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/device/check_code.sh
      sass ${CMAKE_CURRENT_BINARY_DIR}/probe.cubin)
    set_tests_properties(device_code_sass PROPERTIES LABELS gpu SKIP_RETURN_CODE 77)

    # The library's kernels module defines what the library looks up in it.
    set(kernels_cu ${PROJECT_SOURCE_DIR}/src/device/kernels/kernels.cu)
    file(GLOB kernel_sources ${PROJECT_SOURCE_DIR}/src/device/kernels/*)
    add_custom_command(OUTPUT library_kernels.ptx
      COMMAND ${CMAKE_CUDA_COMPILER} -std=c++17 -arch=compute_90 -I${PROJECT_SOURCE_DIR}/include
              -I${PROJECT_SOURCE_DIR}/src -ptx ${kernels_cu} -o library_kernels.ptx
      DEPENDS ${kernel_sources} ${device_headers} VERBATIM)
    add_custom_target(library_kernels_ptx ALL DEPENDS library_kernels.ptx)
    list(GET CUDAToolkit_INCLUDE_DIRS 0 cuda_include)
    add_test(NAME library_kernels COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/device/check_kernels.sh
      ${CMAKE_CURRENT_BINARY_DIR}/library_kernels.ptx ${PROJECT_SOURCE_DIR}/src
      ${cuda_include} ${CMAKE_C_COMPILER})
    set_tests_properties(library_kernels PROPERTIES LABELS host)

    # Each device header compiles on its own (it includes what it uses), the
    # headers found when the test runs; shmem.h as C, C++ and CUDA.
    add_test(NAME device_headers_self_contained
      COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/device/check_headers.sh
        ${CMAKE_CUDA_COMPILER} ${CMAKE_C_COMPILER} ${PROJECT_SOURCE_DIR}/include)
    set_tests_properties(device_headers_self_contained PROPERTIES LABELS host TIMEOUT 600)
  endif()
endif()
