# The code's structure: every include under src/ runs down the layers of
# docs/design.md or is one of its listed exceptions; the self-test shows the
# check fails on an include against the direction.
add_test(NAME check_layers COMMAND /usr/bin/python3
  ${PROJECT_SOURCE_DIR}/scripts/check-layers.py ${PROJECT_SOURCE_DIR})
add_test(NAME check_layers_selftest COMMAND /usr/bin/python3
  ${PROJECT_SOURCE_DIR}/scripts/check-layers.py --self-test)
set_tests_properties(check_layers check_layers_selftest PROPERTIES LABELS host)

# The device ABI: a translation unit of device code compiled against other
# headers than the library's (another version, or a state of another size)
# is refused, naming both versions; one of the same headers is accepted.
shmem_test_program(device_abi)
file(STRINGS ${PROJECT_SOURCE_DIR}/include/shmem/internal/device_state.h abi_line
  REGEX "^#define SHMEMI_DEVICE_ABI_VERSION [0-9]+$")
string(REGEX REPLACE ".* " "" abi "${abi_line}")
math(EXPR abi_next "${abi} + 1")
expect_run(device_abi_match LABELS host EXPECT --status 0 --match "device_abi match: registered"
  COMMAND $<TARGET_FILE:device_abi> match)
expect_run(device_abi_version LABELS host EXPECT --status nonzero
  --match "compiled against the headers of device ABI version ${abi_next} \\(a device state of [0-9]+ bytes\\), but this libshmem is version ${abi}"
  --match "rebuild the program against the headers installed with this library"
  --reject "registered"
  COMMAND $<TARGET_FILE:device_abi> version)
expect_run(device_abi_size LABELS host EXPECT --status nonzero
  --match "device ABI version ${abi} \\(a device state of [0-9]+ bytes\\), but this libshmem is version ${abi} \\([0-9]+ bytes\\)"
  --reject "registered"
  COMMAND $<TARGET_FILE:device_abi> size)
