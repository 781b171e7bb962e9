#!/bin/sh
# Checks that the library's kernels module (src/device/kernels, compiled to
# PTX) defines every kernel the library looks up by name (the table in
# src/device/cuda_kernels.h) and the device state it fills, so that a
# mismatch shows here rather than as a load failure on a GPU machine, and
# that it holds no printf.
#   check_kernels.sh FILE.ptx cuda_kernels.h
set -u
ptx=$1 table=$2
fail=0
names=$(grep -o 'X([A-Z_]*, shmemi_k_[a-z_0-9]*)' "$table" | sed 's/.*, \(.*\))/\1/')
[ -n "$names" ] || { echo "FAIL: no kernel names found in $table"; exit 1; }
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
