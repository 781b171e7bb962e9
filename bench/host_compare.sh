#!/usr/bin/env bash
# On the GPU machine: runs bench/gpu_host_rma.c built against our library
# (SHMEM_HEAP=device) and against NVSHMEM (the nvidia-nvshmem wheel of the
# Python environment, built with -rdc as NVSHMEM requires, bootstrapped
# through MPI) and prints one table: figure, ours, NVSHMEM, ratio. At 2 PEs
# (one GPU each) the puts cross to the peer's GPU; with one GPU it runs 1
# PE, whose puts land in its own GPU: that compares init and the host's
# side of each call, not the link.
#
# usage: bench/host_compare.sh [builddir] [np]  (builddir holds bench/gpu_host_rma)
#   ratio: our cost over NVSHMEM's (time over time; for the GBps rows,
#          NVSHMEM's bandwidth over ours): below 1 is better than NVSHMEM.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
export NVSHMEM_DISABLE_NVLS=1 NCCL_NVLS_ENABLE=0
np=${bench_args[0]:-2}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mpi=(mpirun -np "$np" -x NVSHMEM_DISABLE_NVLS -x NCCL_NVLS_ENABLE)

ours=$builddir/bench/gpu_host_rma
[ -x "$ours" ] || { echo "host_compare: $ours not built" >&2; exit 1; }
"${mpi[@]}" -x SHMEM_HEAP=device "$ours" >"$tmp/ours.txt" 2>&1 ||
    { echo "host_compare: ours failed:"; cat "$tmp/ours.txt"; exit 1; }

nv=$(python3 -c 'import nvidia.nvshmem as m; print(list(m.__path__)[0])' 2>/dev/null)
: >"$tmp/nv.txt"
if [ -z "$nv" ] || [ ! -d "$nv/include" ]; then
    echo "host_compare: NVSHMEM not found in this Python environment; ours only"
else
    host=$(ls "$nv"/lib/libnvshmem_host.so* 2>/dev/null | head -1)
    dev=$(ls "$nv"/lib/libnvshmem_device.a 2>/dev/null | head -1)
    # A .cu copy: nvcc's -x cu would apply to the NVSHMEM archive as well.
    cp "$here/gpu_host_rma.c" "$tmp/gpu_host_rma.cu"
    if nvcc -std=c++17 -O3 -arch=sm_90 -rdc=true -ccbin mpicxx -DBENCH_NVSHMEM \
            -I"$nv/include" -I"$here" "$tmp/gpu_host_rma.cu" -o "$tmp/nvshmem" \
            "$dev" -Xlinker "$host" -lcuda -Xlinker -rpath="$nv/lib" >"$tmp/nvbuild.txt" 2>&1; then
        "${mpi[@]}" -x LD_LIBRARY_PATH="$nv/lib:${LD_LIBRARY_PATH:-}" "$tmp/nvshmem" \
            >"$tmp/nv.txt" 2>&1 ||
            { echo "host_compare: the NVSHMEM build failed to run:"; tail -20 "$tmp/nv.txt"; : >"$tmp/nv.txt"; }
    else
        echo "host_compare: building against NVSHMEM ($nv) failed:"; tail -20 "$tmp/nvbuild.txt"
    fi
fi

echo "# $np PE(s); $(nvidia-smi --query-gpu=name --format=csv,noheader | sort | uniq -c | tr -s ' ' | tr '\n' ';')"
awk 'FNR == 1 { f++ } /^#/ || NF != 2 || $2 !~ /^[0-9.]+$/ { next }
     f == 1 { key[++n] = $1; ours[$1] = $2 }
     f == 2 { nv[$1] = $2 }
     END {
        printf "%-32s %10s %10s %8s\n", "figure", "ours", "nvshmem", "ratio"
        for (i = 1; i <= n; i++) {
            k = key[i]
            if (k in nv && nv[k] > 0 && ours[k] > 0) {
                r = k ~ /GBps$/ ? nv[k] / ours[k] : ours[k] / nv[k]
                printf "%-32s %10s %10s %8.2f\n", k, ours[k], nv[k], r
            } else
                printf "%-32s %10s %10s %8s\n", k, ours[k], "-", "-"
        }
     }' "$tmp/ours.txt" "$tmp/nv.txt"
