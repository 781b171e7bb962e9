#!/bin/sh
# Installs the dependencies, builds, and runs the test suite.
#   BUILD_DIR   build directory (default build)
#   SANITIZE=1  build with AddressSanitizer and UndefinedBehaviorSanitizer
set -e
cd "$(dirname "$0")/.."
sh scripts/deps.sh
dir=${BUILD_DIR:-build}
san=OFF
[ "${SANITIZE:-0}" = 1 ] && san=ON
cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSHMEM_SANITIZE=$san >/dev/null
cmake --build "$dir" -j"$(nproc)"
ctest --test-dir "$dir" -j"$(nproc)" --output-on-failure --timeout 180
