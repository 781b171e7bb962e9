#!/usr/bin/env bash
# On a GPU machine: what loading a module takes of GPU 0's memory, one
# module a process (each in a fresh context), for each kernel of
# module_memory/ as a cubin and as PTX; then shmem_init alone, after a
# module, and before one (one PE, a device heap). Prints "step MiB" rows
# per run. The question it answers: which modules make the driver reserve
# the 64 MiB that shmem_init's load of the library's kernels takes.
#
# usage: bench/module_memory.sh [builddir]
set -u
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
export NVSHMEM_DISABLE_NVLS=1 NCCL_NVLS_ENABLE=0
prog=$builddir/bench/gpu_module_memory
dir=$builddir/bench/module_memory
[ -x "$prog" ] || { echo "module_memory: $prog not built"; exit 1; }
run() { # label, steps...
    local label=$1; shift
    echo "# $label"
    "$@" 2>&1 | sed 's/^/  /'
}
for f in "$dir"/*.cubin "$dir"/*.ptx; do
    run "$(basename "$f") alone" "$prog" "$f"
done
run "two cubins: empty, then printf" "$prog" "$dir/empty.cubin" "$dir/printf.cubin"
run "two cubins: printf, then empty" "$prog" "$dir/printf.cubin" "$dir/empty.cubin"
mpi=(mpirun -np 1 -x NVSHMEM_DISABLE_NVLS -x NCCL_NVLS_ENABLE -x SHMEM_HEAP=device "$prog")
run "shmem_init alone" "${mpi[@]}" init
run "store.cubin, then shmem_init" "${mpi[@]}" "$dir/store.cubin" init
run "printf.cubin, then shmem_init" "${mpi[@]}" "$dir/printf.cubin" init
run "shmem_init, then store.cubin" "${mpi[@]}" init "$dir/store.cubin"
run "CUDA_MODULE_LOADING=EAGER: store.cubin" env CUDA_MODULE_LOADING=EAGER "$prog" "$dir/store.cubin"
