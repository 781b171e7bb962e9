#!/usr/bin/env bash
# On a machine with 2 GPUs: runs bench/device_rma.cu built against our
# library and against NVSHMEM (bench/nvshmem.sh says which one), the two in
# turn for ROUNDS rounds (default 3), and prints one table: figure, size,
# each library's median and best, and the ratios (below 1: ours faster).
#   NP=1     one PE, on a machine of one GPU: its puts and gets to itself
#            (the copy loop against local memory; rows self_*)
#   SASS=dir the machine code of both builds' transfer kernels (stream<>)
#            into dir/device_rma-{ours,nvshmem}.sass (cuobjdump)
#
# usage: bench/device_compare.sh [builddir] [program]
#   builddir holds bench/<program>; program is device_rma (the default) or
#   device_coll (the block forms of the sums and the alltoall)
set -u
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
source "$here/nvshmem.sh"
export NVSHMEM_DISABLE_NVLS=1 NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prog=${bench_args[0]:-device_rma}
nvshmem_compare device_compare "$tmp" "$builddir/bench/$prog" "$here/$prog.cu" \
    mpirun -np "${NP:-2}" -x NVSHMEM_DISABLE_NVLS -x NCCL_NVLS_ENABLE -x TORCH_SYMM_MEM_DISABLE_MULTICAST
if [ -n "${SASS:-}" ]; then
    mkdir -p "$SASS"
    for b in ours:"$builddir/bench/$prog" nvshmem:"$tmp/nvshmem"; do
        [ -x "${b#*:}" ] || continue
        cuobjdump -sass "${b#*:}" |
            awk '/Function : /{keep = /stream|coll/} keep' >"$SASS/$prog-${b%%:*}.sass"
    done
fi
