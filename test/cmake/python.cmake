# The Python package's tests (pytest): the SPMD ones at 1-4 PEs under both
# launchers, the type table against types.h, the package's installation,
# a kernel compiled from a Python string, the GPU ones, and shmem4py's own
# suite. Debian's python3-numpy and python3-pytest are in /usr/bin/python3,
# which a python3 earlier on PATH (pyenv) may lack: that one is the default.
# test/python/run.sh reports a test SKIPPED where what it needs is missing.
# Not in sanitized builds: an uninstrumented Python cannot load a library
# built with AddressSanitizer (its runtime must be loaded first).
if(SHMEM_SANITIZE)
  return()
endif()
if(NOT DEFINED Python3_EXECUTABLE AND EXISTS /usr/bin/python3)
  set(Python3_EXECUTABLE /usr/bin/python3)
endif()
find_package(Python3 COMPONENTS Interpreter QUIET)
if(Python3_Interpreter_FOUND)
  set(PY ${Python3_EXECUTABLE})
else()
  set(PY python3)
endif()
set(PY_RUN ${CMAKE_CURRENT_SOURCE_DIR}/python/run.sh ${PY})
set(PYTEST ${PY} -m pytest -q -p no:cacheprovider)
# The build tree's copy of the package, which finds this build's library.
set(PY_ENV PYTHONPATH=${CMAKE_BINARY_DIR}/python PYTHONDONTWRITEBYTECODE=1)

foreach(launcher mpirun shmemrun)
  foreach(np ${SHMEM_TEST_PES})
    shmem_launch(run ${launcher} ${np})
    set(t python/${launcher}/${np})
    add_test(NAME ${t} COMMAND ${PY_RUN} host ${run} ${PYTEST}
      ${CMAKE_CURRENT_SOURCE_DIR}/python/spmd)
    shmem_session_dir(session ${t})
    set_tests_properties(${t} PROPERTIES TIMEOUT 120 LABELS "host;python"
      SKIP_RETURN_CODE 77 ENVIRONMENT "${SHMEM_TEST_ENV};${session};${PY_ENV}")
  endforeach()
endforeach()

add_test(NAME python_types COMMAND ${PY_RUN} host ${PYTEST}
  ${CMAKE_CURRENT_SOURCE_DIR}/python/local/test_types.py)
set_tests_properties(python_types PROPERTIES LABELS "host;python" SKIP_RETURN_CODE 77
  ENVIRONMENT "${PY_ENV};CC=${CMAKE_C_COMPILER};SHMEMPY_TEST_INCLUDE=${PROJECT_SOURCE_DIR}/include")

add_test(NAME python_pip_install COMMAND ${PY_RUN} host
  ${CMAKE_CURRENT_SOURCE_DIR}/python/pip_install.sh ${PY} ${CMAKE_BINARY_DIR}/python
  $<TARGET_FILE:shmemrun> ${CMAKE_CURRENT_BINARY_DIR}/pip_install)
set_tests_properties(python_pip_install PROPERTIES TIMEOUT 120 LABELS "host;python"
  SKIP_RETURN_CODE 77 ENVIRONMENT "${SHMEM_TEST_ENV};PYTHONDONTWRITEBYTECODE=1")

# Kernels compile in a temporary folder (shmem-kernel-*), and nvcc's files
# go to TMPDIR: both in a folder of the tests' own, as the fault tests
# running beside them count every /tmp/*shmem* that appears as left behind.
set(PY_TMP ${CMAKE_CURRENT_BINARY_DIR}/python_tmp)
file(MAKE_DIRECTORY ${PY_TMP})
add_test(NAME python_kernel_compile COMMAND ${PY_RUN} nvcc ${PYTEST}
  ${CMAKE_CURRENT_SOURCE_DIR}/python/local/test_kernel_compile.py)
set_tests_properties(python_kernel_compile PROPERTIES TIMEOUT 180 LABELS "host;python"
  SKIP_RETURN_CODE 77 ENVIRONMENT "${PY_ENV};TMPDIR=${PY_TMP}")

# shmem4py's own tests (from its source distribution), on the venv that
# scripts/shmem4py.sh builds beside this build; its module loads this
# build's library through LD_LIBRARY_PATH (oshcc links with a RUNPATH).
set(S4P ${CMAKE_BINARY_DIR}/shmem4py)
foreach(run_np "shmemrun;2" "shmemrun;4")
  list(GET run_np 0 launcher)
  list(GET run_np 1 np)
  shmem_launch(run ${launcher} ${np})
  set(t python_shmem4py/${launcher}/${np})
  add_test(NAME ${t} COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/python/run.sh ${S4P}/venv/bin/python
    shmem4py ${run} ${S4P}/venv/bin/python -m pytest -q -p no:cacheprovider ${S4P}/test)
  shmem_session_dir(session ${t})
  set_tests_properties(${t} PROPERTIES TIMEOUT 180 LABELS "host;python" SKIP_RETURN_CODE 77
    ENVIRONMENT "${SHMEM_TEST_ENV};${session};LD_LIBRARY_PATH=${CMAKE_BINARY_DIR};PYTHONDONTWRITEBYTECODE=1")
endforeach()

# torch, CuPy and kernels launched from Python: 2 PEs on the GPU heap, with
# the python3 first on PATH at configure time (GPU machines keep torch and
# CuPy in a virtual environment there) unless SHMEMPY_GPU_PYTHON names one:
# a full path, as mpirun's PEs may search another PATH.
if(CUDAToolkit_FOUND)
  find_program(SHMEMPY_GPU_PYTHON NAMES python3 DOC "The Python of the GPU tests (torch, CuPy)")
  foreach(launcher mpirun shmemrun)
    shmem_launch(run ${launcher} 2)
    set(t python_gpu/${launcher}/2)
    add_test(NAME ${t} COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/python/run.sh ${SHMEMPY_GPU_PYTHON}
      gpu ${run} ${SHMEMPY_GPU_PYTHON} -m pytest -q -p no:cacheprovider
      ${CMAKE_CURRENT_SOURCE_DIR}/python/gpu)
    set_tests_properties(${t} PROPERTIES TIMEOUT 180 LABELS "gpu;python" SKIP_RETURN_CODE 77
      RUN_SERIAL TRUE ENVIRONMENT
      "OMPI_ALLOW_RUN_AS_ROOT=1;OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1;OMPI_MCA_rmaps_base_oversubscribe=1;SHMEM_HEAP=device;${PY_ENV};TMPDIR=${PY_TMP}")
  endforeach()
endif()
