#!/bin/sh
# Every device header compiles on its own: for each header of
# include/shmem/device/ (listed when the test runs, so a new one is covered)
# and shmem/device.h, a CUDA source that includes only that header, twice,
# compiles. A header that used something it left to another header, included
# before it in shmem.h, fails here. shmem.h itself compiles as C, as C++ host
# code (nvcc's host compiler) and as CUDA.
#   check_headers.sh NVCC CC INCLUDE_DIR
set -u
nvcc=$1 cc=$2 inc=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# nvcc's own files too: the fault tests running beside this one count a
# /tmp/*shmem* that appears (tmpxft_*_shmem_cu.*) as left behind.
export TMPDIR=$tmp
fail=0 n=0

# compile NAME HEADER EXT COMPILER ARGS..: a source of kind EXT that
# includes only HEADER (twice: the include guard too) compiles.
compile() {
    name=$1 header=$2 ext=$3
    shift 3
    src=$tmp/$name.$ext
    printf '#include <%s>\n#include <%s>\n' "$header" "$header" >"$src"
    if "$@" -I"$inc" -c "$src" -o "$tmp/$name.o" >"$tmp/$name.err" 2>&1; then
        echo "$header ($ext): ok"
    else
        echo "$header ($ext): FAIL: does not compile on its own:"
        grep -m 5 -i 'error' "$tmp/$name.err" | sed 's/^/    /'
        fail=1
    fi
    n=$((n + 1))
}

cuda="$nvcc -std=c++17 -arch=sm_90"
for h in "$inc"/shmem/device/*.h; do
    [ -f "$h" ] || continue
    b=$(basename "$h" .h)
    compile "device_$b" "shmem/device/$b.h" cu $cuda
done
[ "$n" -gt 0 ] || { echo "FAIL: no header in $inc/shmem/device"; exit 1; }
compile device shmem/device.h cu $cuda
compile shmem_cu shmem.h cu $cuda
compile shmem_cxx shmem.h cpp "$nvcc" -x c++ -std=c++17
compile shmem_c shmem.h c $cc -std=c11
echo "$n compiled"
exit $fail
