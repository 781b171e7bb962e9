#!/bin/sh
# On a machine with GPUs: sum all-reduce of float32 (DTYPE=bfloat16:
# bfloat16) per call, ours from C (bench/stream_allreduce.c: ours_c, and
# ours_c_copies with SHMEM_STREAM_SUM_KERNEL=0, the reduce kernel and copies
# past 16 KiB) and from Python, NCCL, and PyTorch symmetric memory's
# one-shot and two-shot (bench/allreduce_compare.py), at NP PEs (default 2),
# one per GPU, under shmemrun on the device heap; ROUNDS rounds (default 3),
# each running the three programs in turn; NVLink multicast off in every
# library.
#   allreduce_compare.sh [build dir (default build)]
# PYTHON names the interpreter (default: python3 on PATH, with torch);
# SIZES (bytes per PE) passes through.
set -e
cd "$(dirname "$0")/.."
build=${1:-build}
py=${PYTHON:-python3}
export SHMEM_HEAP=device NVSHMEM_DISABLE_NVLS=1 NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1
raw=$(mktemp)
trap 'rm -f "$raw"' EXIT
for r in $(seq "${ROUNDS:-3}"); do
    "$build/shmemrun" -n "${NP:-2}" "$build/bench/stream_allreduce" >> "$raw"
    SHMEM_STREAM_SUM_KERNEL=0 LABEL=ours_c_copies \
        "$build/shmemrun" -n "${NP:-2}" "$build/bench/stream_allreduce" >> "$raw"
    PYTHONPATH="$build/python" "$build/shmemrun" -n "${NP:-2}" "$py" bench/allreduce_compare.py >> "$raw"
done
"$py" bench/allreduce_compare.py --table "$raw"
