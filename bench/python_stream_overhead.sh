#!/bin/sh
# On a machine with 2 GPUs: the per-call time of on-stream calls from Python
# (the package, and ctypes alone) next to the C call (bench/gpu_host_rma.c's
# on-stream rows), 2 PEs under shmemrun on the device heap: ROUNDS rounds
# (default 3), C then Python in each, and the median of each figure (µs).
#   python_stream_overhead.sh [build dir (default build)]
# PYTHON names the interpreter (default: python3 on PATH, with torch).
set -e
cd "$(dirname "$0")/.."
build=${1:-build}
py=${PYTHON:-python3}
rounds=${ROUNDS:-3}
export SHMEM_HEAP=device NVSHMEM_DISABLE_NVLS=1 NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for r in $(seq "$rounds"); do
    "$build/shmemrun" -n 2 "$build/bench/gpu_host_rma" | grep _on_stream_ > "$tmp/c.$r"
    PYTHONPATH="$build/python" "$build/shmemrun" -n 2 "$py" bench/python_stream_overhead.py > "$tmp/py.$r"
done
"$py" bench/overhead_table.py "$tmp" "$rounds" us 2
