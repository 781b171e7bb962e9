#!/bin/sh
# Compiles a CUDA source of kernels meant for blocks of 1024 threads (for
# sm_90, as the GPU tests are) and checks that each kernel needs at most 64
# registers a thread and spills none: a block of 1024 threads has 65536
# registers, and a kernel that needs more does not launch at that size
# ("too many resources requested for launch"). The library's device calls
# are inlined into the caller's kernel, so this is where their footprint
# shows, with no GPU needed.
#   check_registers.sh NVCC SOURCE INCLUDE_DIR
set -u
nvcc=$1 src=$2 inc=$3
out=$(mktemp)
trap 'rm -f "$out" "$out.cubin"' EXIT
"$nvcc" -std=c++17 -arch=sm_90 -I"$inc" -cubin -Xptxas -v "$src" -o "$out.cubin" 2>"$out" ||
    { cat "$out"; echo "FAIL: $src did not compile"; exit 1; }
awk '
    /Compiling entry function/ { split($0, q, "\047"); name = q[2]; next }
    /Function properties for/ { props = $NF; next }
    /bytes spill stores/ && props == name { spills[name] = $5 }
    /Used [0-9]+ registers/ && name != "" {
        regs = $5
        ok = regs <= 64 && spills[name] + 0 == 0
        printf "%-50s %3d registers, %s bytes spilled%s\n", name, regs, spills[name] + 0,
               ok ? "" : "  FAIL"
        bad += !ok
        n++
        name = ""
    }
    END {
        if (n == 0) { print "FAIL: no kernels found"; exit 1 }
        exit bad > 0
    }' "$out"
