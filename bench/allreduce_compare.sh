#!/bin/sh
# On a machine with GPUs: bench/allreduce_compare.py (ours, NCCL, PyTorch
# symmetric memory's one-shot and two-shot sum all-reduce) at NP PEs
# (default 2), one per GPU, under shmemrun on the device heap; NVLink
# multicast off in every library.
#   allreduce_compare.sh [build dir (default build)]
# PYTHON names the interpreter (default: python3 on PATH, with torch);
# SIZES and ROUNDS pass through.
set -e
cd "$(dirname "$0")/.."
build=${1:-build}
export SHMEM_HEAP=device NVSHMEM_DISABLE_NVLS=1 NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1
PYTHONPATH="$build/python" exec "$build/shmemrun" -n "${NP:-2}" "${PYTHON:-python3}" bench/allreduce_compare.py
