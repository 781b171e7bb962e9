#!/usr/bin/env bash
# On the GPU machine: runs bench/gpu_host_rma.c built against our library
# (SHMEM_HEAP=device) and against NVSHMEM (bench/nvshmem.sh says which
# one), the two in turn for ROUNDS rounds (default 3), and prints one
# table: figure, each library's median and best, and the ratios (below 1:
# ours faster). At 2 PEs (one GPU each) the puts cross to the peer's GPU;
# with one GPU it runs 1 PE, whose puts land in its own GPU: that compares
# init and the host's side of each call, not the link. MPIRUN_ARGS (e.g.
# "--bind-to none") go to mpirun: at 2 PEs it binds each to a core, which
# the CUDA driver's threads then share.
#
# usage: bench/host_compare.sh [builddir] [np]  (builddir holds bench/gpu_host_rma)
set -u
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
source "$here/nvshmem.sh"
export NVSHMEM_DISABLE_NVLS=1 NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# A .cu copy: nvcc's -x cu would apply to the NVSHMEM archive as well.
cp "$here/gpu_host_rma.c" "$tmp/gpu_host_rma.cu"
nvshmem_compare host_compare "$tmp" "$builddir/bench/gpu_host_rma" "$tmp/gpu_host_rma.cu" \
    mpirun -np "${bench_args[0]:-2}" ${MPIRUN_ARGS:-} -x NVSHMEM_DISABLE_NVLS -x NCCL_NVLS_ENABLE \
    -x TORCH_SYMM_MEM_DISABLE_MULTICAST
