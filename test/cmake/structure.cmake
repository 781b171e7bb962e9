# The code's structure: every include under src/ runs down the layers of
# docs/design.md or is one of its listed exceptions; the self-test shows the
# check fails on an include against the direction.
add_test(NAME check_layers COMMAND /usr/bin/python3
  ${PROJECT_SOURCE_DIR}/scripts/check-layers.py ${PROJECT_SOURCE_DIR})
add_test(NAME check_layers_selftest COMMAND /usr/bin/python3
  ${PROJECT_SOURCE_DIR}/scripts/check-layers.py --self-test)
set_tests_properties(check_layers check_layers_selftest PROPERTIES LABELS host)
