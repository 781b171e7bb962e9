# The profiling interface: a program that wraps shmem_ routines and calls
# their pshmem_ names; and, over the whole library, that every public
# routine has its pshmem_ name and that no library code calls a public
# routine (a wrapper would count the library's calls as the application's).
shmem_spmd_test(profiling)
target_link_libraries(profiling PRIVATE ${CMAKE_DL_LIBS})
add_test(NAME profiling_symbols
  COMMAND ${CMAKE_COMMAND} -DMODE=check -DNM=${CMAKE_NM} -DREADELF=${CMAKE_READELF}
    -DOBJECTS=${SHMEM_OBJECT_LIST} -DLIBRARY=$<TARGET_FILE:shmem>
    -P ${PROJECT_SOURCE_DIR}/cmake/pshmem.cmake)
set_tests_properties(profiling_symbols PROPERTIES LABELS host)
