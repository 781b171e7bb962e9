#!/usr/bin/env bash
# On a machine with 2 GPUs: runs bench/device_rma.cu built against our
# library and against NVSHMEM (the nvidia-nvshmem wheel of the Python
# environment, built with -rdc as NVSHMEM requires, bootstrapped through
# MPI) and prints one table: figure, size, ours, NVSHMEM, ours/NVSHMEM.
#
# usage: bench/device_compare.sh [builddir]   (builddir holds bench/device_rma)
set -u
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
export NVSHMEM_DISABLE_NVLS=1 NCCL_NVLS_ENABLE=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mpi=(mpirun -np 2 -x NVSHMEM_DISABLE_NVLS -x NCCL_NVLS_ENABLE)

ours=$builddir/bench/device_rma
[ -x "$ours" ] || { echo "device_compare: $ours not built" >&2; exit 1; }
"${mpi[@]}" -x SHMEM_HEAP=device "$ours" >"$tmp/ours.txt" 2>&1 ||
    { echo "device_compare: ours failed:"; cat "$tmp/ours.txt"; exit 1; }

nv=$(python3 -c 'import nvidia.nvshmem as m; print(list(m.__path__)[0])' 2>/dev/null)
have_nv=0
if [ -z "$nv" ] || [ ! -d "$nv/include" ]; then
    echo "device_compare: NVSHMEM not found in this Python environment; ours only"
else
    host=$(ls "$nv"/lib/libnvshmem_host.so* 2>/dev/null | head -1)
    dev=$(ls "$nv"/lib/libnvshmem_device.a 2>/dev/null | head -1)
    if nvcc -std=c++17 -O3 -arch=sm_90 -rdc=true -ccbin mpicxx -DBENCH_NVSHMEM \
            -I"$nv/include" "$here/device_rma.cu" -o "$tmp/nvshmem" \
            "$dev" -Xlinker "$host" -lcuda -Xlinker -rpath="$nv/lib" >"$tmp/nvbuild.txt" 2>&1; then
        if "${mpi[@]}" -x NVSHMEM_SYMMETRIC_SIZE=2G -x LD_LIBRARY_PATH="$nv/lib:${LD_LIBRARY_PATH:-}" \
                "$tmp/nvshmem" >"$tmp/nv.txt" 2>&1; then
            have_nv=1
        else
            echo "device_compare: the NVSHMEM build failed to run:"; tail -20 "$tmp/nv.txt"
        fi
    else
        echo "device_compare: building against NVSHMEM ($nv) failed:"; ls "$nv" "$nv/lib"
        tail -20 "$tmp/nvbuild.txt"
    fi
fi
[ $have_nv = 1 ] || : >"$tmp/nv.txt"

awk 'FNR == 1 { f++ } /^#/ { next }
     f == 1 { key[++n] = $1 " " $2; ours[$1 " " $2] = $3 }
     f == 2 { nv[$1 " " $2] = $3 }
     END {
        printf "%-24s %10s %10s %10s %8s\n", "figure", "bytes", "ours", "nvshmem", "ratio"
        for (i = 1; i <= n; i++) {
            k = key[i]; split(k, a, " ")
            if (k in nv && nv[k] > 0)
                printf "%-24s %10s %10s %10s %8.2f\n", a[1], a[2], ours[k], nv[k], ours[k] / nv[k]
            else
                printf "%-24s %10s %10s %10s %8s\n", a[1], a[2], ours[k], "-", "-"
        }
     }' "$tmp/ours.txt" "$tmp/nv.txt"
