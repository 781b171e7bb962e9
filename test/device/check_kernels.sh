#!/bin/sh
# Checks that the library's kernels module (src/device/kernels, compiled to
# PTX) defines every kernel the library looks up by name (the table in
# src/device/cuda_kernels.h) and the device state it fills, so that a
# mismatch shows here rather than as a load failure on a GPU machine, and
# that it holds no printf.
#   check_kernels.sh FILE.ptx SRC_DIR CUDA_INCLUDE_DIR CC
# The table is expanded by the C preprocessor: part of it comes from the
# sum reductions' type table (src/device/kernels/sum_types.h).
set -u
ptx=$1 src=$2 cuda_inc=$3 cc=$4
fail=0
names=$(printf '#include "device/cuda_kernels.h"\n#define SHMEMI_NAME(e, name) KERNEL name\nSHMEMI_KERNELS(SHMEMI_NAME)\n' |
    "$cc" -E -P -I"$src" -I"$src/device" -I"$src/../include" -I"$cuda_inc" -x c - | grep -o 'KERNEL shmemi_k_[a-z_0-9]*' |
    sed 's/KERNEL //')
[ -n "$names" ] || { echo "FAIL: no kernel names found in $src/device/cuda_kernels.h"; exit 1; }
for k in $names; do
    if grep -Eq "^\.visible \.entry $k\(" "$ptx"; then
        echo "$k: defined"
    else
        echo "$k: FAIL: not in $ptx"; fail=1
    fi
done
if grep -Eq '^(\.visible )?\.const .* shmemi_dstate\[' "$ptx"; then
    echo "shmemi_dstate: defined"
else
    echo "shmemi_dstate: FAIL: not in $ptx"; fail=1
fi
# A module with a printf call makes the driver reserve 64 MiB of GPU memory
# when it loads (bench/module_memory.sh): kernels record why they stop
# instead (shmem/device/core.h).
if grep -q 'vprintf' "$ptx"; then
    echo "printf: FAIL: the module calls vprintf"; fail=1
else
    echo "printf: none"
fi
exit $fail
