#!/bin/sh
# Installs the dependencies, builds, and runs the example on 4 PEs with mpirun.
set -e
cd "$(dirname "$0")/.."
sh scripts/deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j"$(nproc)"
# mpirun refuses to run as root, or more PEs than cores, unless told to.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
mpirun --oversubscribe -np 4 build/examples/hello_ring
