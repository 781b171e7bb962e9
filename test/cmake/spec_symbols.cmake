# Symbol coverage against the script's own description of the OpenSHMEM 1.5
# C API and the 1.6 additions: exported functions (nm -D), declarations in
# <shmem.h>, and the specified constants. Python 3 standard library only.
add_test(NAME spec_symbols
  COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/spec_symbols/spec_symbols.py
    --lib $<TARGET_FILE:shmem> --include ${PROJECT_SOURCE_DIR}/include
    --cc ${CMAKE_C_COMPILER})
set_tests_properties(spec_symbols PROPERTIES LABELS host TIMEOUT 120)
