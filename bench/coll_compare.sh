#!/usr/bin/env bash
# On a machine with GPUs: a collective per call, ours next to NCCL (and
# PyTorch symmetric memory), at NP PEs (default 2), one per GPU, under
# shmemrun on the device heap; ROUNDS rounds (default 3), each running the
# programs in turn; NVLink multicast off in every library.
#   coll_compare.sh allreduce|alltoall [build dir (default build)]
# Ours from C (bench/stream_coll.c: ours_c; for allreduce
# ours_c_multiblock, with SHMEM_STREAM_SUM_LL=0, the small sums on the
# multi-block kernel; ours_c_push with SHMEM_STREAM_SUM_PUSH=1M, the sums
# from 1 MiB on the kernel that only stores; ours_c_copies with
# SHMEM_STREAM_SUM_LL=0, SHMEM_STREAM_SUM_KERNEL=0 and
# SHMEM_STREAM_EXCHANGE_KERNEL=0, the copy paths) and from Python, next
# to NCCL. allreduce: sum of float32
# (DTYPE=bfloat16: bfloat16), and PyTorch symmetric memory's one-shot and
# two-shot too (bench/allreduce_compare.py). alltoall: NCCL's
# all_to_all_single (bench/alltoall_compare.py). NVSHMEM's on-stream
# call (nvshmem_c: stream_coll.c built against it, under mpirun) where
# bench/nvshmem.sh finds NVSHMEM, and says so where it does not. PYTHON names
# the interpreter (default: python3 on PATH, with torch); SIZES (bytes per
# PE, or per block of an all-to-all) and FILL (stream_coll.c: FILL=zero starts
# the C columns' buffers at zero) pass through. OURS_ALSO adds
# columns of ours from C under other settings, each label:VAR=value,...
# with spaces between them: "ours_c_ll_1M:SHMEM_STREAM_SUM_LL=1M" shows
# where the sums with no barrier stop paying.
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
tmp=$(mktemp -d)
trap 'rm -rf "$raw" "$tmp"' EXIT
here=$PWD/bench repo=$PWD
. bench/nvshmem.sh
nvbin=
if ! nvshmem_find "$tmp"; then
    echo "# no NVSHMEM (NVSHMEM_HOME, .nvshmem/ or the Python wheel): its column is left out"
else
    # Built once per build dir (a minute of nvcc -rdc), again when the
    # source changes; its library comes from nvshmem_mpi_env at run time.
    nvbin=$build/bench/stream_coll.nvshmem-$nv_version
    if [ ! "$nvbin" -nt bench/stream_coll.c ] || [ ! "$nvbin" -nt bench/host_rma_api.h ]; then
        # A .cu copy: nvcc's -x cu would apply to the NVSHMEM archive as well.
        cp bench/stream_coll.c "$tmp/stream_coll.cu"
        if ! nvshmem_build "$tmp/stream_coll.cu" "$nvbin"; then
            echo "# building against NVSHMEM $nv_version failed: its column is left out"
            tail -5 "$nvbin.log"
            rm -f "$nvbin"
            nvbin=
        fi
    fi
    [ -z "$nvbin" ] || echo "# NVSHMEM $nv_version"
fi
if [ "$(id -u)" = 0 ]; then
    export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
fi
export COLL=$coll
for r in $(seq "${ROUNDS:-3}"); do
    "$build/shmemrun" -n "${NP:-2}" "$build/bench/stream_coll" >> "$raw"
    if [ "$coll" = allreduce ]; then
        SHMEM_STREAM_SUM_LL=0 LABEL=ours_c_multiblock \
            "$build/shmemrun" -n "${NP:-2}" "$build/bench/stream_coll" >> "$raw"
        SHMEM_STREAM_SUM_PUSH=1M LABEL=ours_c_push \
            "$build/shmemrun" -n "${NP:-2}" "$build/bench/stream_coll" >> "$raw"
    fi
    for v in ${OURS_ALSO:-}; do
        (IFS=,; env ${v#*:} LABEL="${v%%:*}" "$build/shmemrun" -n "${NP:-2}" \
            "$build/bench/stream_coll" >> "$raw")
    done
    SHMEM_STREAM_SUM_LL=0 SHMEM_STREAM_SUM_KERNEL=0 SHMEM_STREAM_EXCHANGE_KERNEL=0 \
        LABEL=ours_c_copies "$build/shmemrun" -n "${NP:-2}" "$build/bench/stream_coll" >> "$raw"
    # Its heap holds an all-to-all's two buffers of 256 MiB blocks at 4 PEs.
    [ -z "$nvbin" ] || mpirun -np "${NP:-2}" $(NVSHMEM_SYMMETRIC_SIZE=8G nvshmem_mpi_env) -x COLL \
        -x NVSHMEM_DISABLE_NVLS -x NCCL_NVLS_ENABLE -x TORCH_SYMM_MEM_DISABLE_MULTICAST \
        ${DTYPE:+-x DTYPE} ${SIZES:+-x SIZES} ${FILL:+-x FILL} "$nvbin" >> "$raw" ||
        echo "# NVSHMEM's run failed in round $r"
    PYTHONPATH="$build/python" "$build/shmemrun" -n "${NP:-2}" "$py" "bench/${coll}_compare.py" >> "$raw"
done
"$py" bench/rounds_table.py "$raw" "$label"
