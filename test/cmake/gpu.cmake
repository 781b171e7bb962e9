# GPU tests: labelled gpu, and reported SKIPPED (ctest's code 77) on a
# machine without a GPU, through gpu_probe.
if(CUDAToolkit_FOUND)
  add_executable(gpu_probe gpu/gpu_probe.c)
  target_link_libraries(gpu_probe PRIVATE ${CMAKE_DL_LIBS})

  # shmem_gpu_test(name [ENV ..]): test/gpu/<name>.c at 1 and 2 PEs under
  # both launchers, linked with the CUDA driver. Serial: a test reads the
  # GPU's free memory, which another test running beside it would change.
  function(shmem_gpu_test name)
    cmake_parse_arguments(T "" "" "ENV" ${ARGN})
    add_executable(${name} gpu/${name}.c)
    target_link_libraries(${name} PRIVATE shmem CUDA::cuda_driver)
    foreach(launcher mpirun shmemrun)
      foreach(np 1 2)
        shmem_launch(run ${launcher} ${np})
        set(t ${name}/${launcher}/${np})
        add_test(NAME ${t} COMMAND sh -c "\"$0\" >/dev/null || exit 77; exec \"$@\""
          $<TARGET_FILE:gpu_probe> ${run} $<TARGET_FILE:${name}>)
        set_tests_properties(${t} PROPERTIES TIMEOUT 120 LABELS gpu SKIP_RETURN_CODE 77
          RUN_SERIAL TRUE
          ENVIRONMENT "OMPI_ALLOW_RUN_AS_ROOT=1;OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1;OMPI_MCA_rmaps_base_oversubscribe=1;NVSHMEM_DISABLE_NVLS=1;NCCL_NVLS_ENABLE=0;${T_ENV}")
      endforeach()
    endforeach()
  endfunction()

  shmem_gpu_test(gpu_heap ENV SHMEM_HEAP=device)
  shmem_gpu_test(gpu_heap_sync ENV SHMEM_HEAP=device)
endif()
