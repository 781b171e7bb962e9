#!/bin/sh
# On a machine with GPUs: a collective per call, ours next to NCCL (and
# PyTorch symmetric memory), at NP PEs (default 2), one per GPU, under
# shmemrun on the device heap; ROUNDS rounds (default 3), each running the
# programs in turn; NVLink multicast off in every library.
#   coll_compare.sh allreduce|alltoall [build dir (default build)]
# allreduce: sum of float32 (DTYPE=bfloat16: bfloat16), ours from C
# (bench/stream_allreduce.c: ours_c, and ours_c_copies with
# SHMEM_STREAM_SUM_KERNEL=0, the reduce kernel and copies) and from Python,
# NCCL, and PyTorch symmetric memory's one-shot and two-shot
# (bench/allreduce_compare.py). alltoall: ours and NCCL's
# all_to_all_single from Python (bench/alltoall_compare.py). PYTHON names
# the interpreter (default: python3 on PATH, with torch); SIZES (bytes per
# PE, or per block of an all-to-all) passes through.
set -e
cd "$(dirname "$0")/.."
coll=$1
build=${2:-build}
py=${PYTHON:-python3}
case $coll in
allreduce) label="bytes per PE" ;;
alltoall) label="bytes a block" ;;
*) echo "usage: coll_compare.sh allreduce|alltoall [build dir]" >&2; exit 2 ;;
esac
export SHMEM_HEAP=device NVSHMEM_DISABLE_NVLS=1 NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1
raw=$(mktemp)
trap 'rm -f "$raw"' EXIT
for r in $(seq "${ROUNDS:-3}"); do
    if [ "$coll" = allreduce ]; then
        "$build/shmemrun" -n "${NP:-2}" "$build/bench/stream_allreduce" >> "$raw"
        SHMEM_STREAM_SUM_KERNEL=0 LABEL=ours_c_copies \
            "$build/shmemrun" -n "${NP:-2}" "$build/bench/stream_allreduce" >> "$raw"
    fi
    PYTHONPATH="$build/python" "$build/shmemrun" -n "${NP:-2}" "$py" "bench/${coll}_compare.py" >> "$raw"
done
"$py" bench/rounds_table.py "$raw" "$label"
