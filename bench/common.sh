# Sourced by the bench/ scripts: finds the repository, takes an optional
# build directory as the first argument (default <repo>/build, made
# absolute so rpaths work from anywhere) and lets Open MPI run as root,
# which CI containers usually are. Leaves the remaining arguments in
# bench_args.
here=$(cd "$(dirname "${BASH_SOURCE[1]}")" && pwd)
repo=$(dirname "$here")
builddir=$repo/build
bench_args=("$@")
if [ ${#bench_args[@]} -gt 0 ] && [ "${bench_args[0]#-}" = "${bench_args[0]}" ]; then
    builddir=${bench_args[0]}
    bench_args=("${bench_args[@]:1}")
fi
[ -d "$builddir" ] && builddir=$(cd "$builddir" && pwd)
if [ "$(id -u)" = 0 ]; then
    export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
fi

# attempts <n> <out> <err> <command...>: runs the command (stdout to out,
# stderr to err) until it succeeds, at most n times, reporting each failed
# attempt on stderr. The OSHMEM runs take OSH_TRIES (default 3): Open MPI
# 4.1's OSHMEM now and then dies of a segmentation fault in its own
# shmem_init (mca_memheap_modex_recv_all), before any measurement, and a
# yardstick that crashed at start says nothing of speed.
osh_tries=${OSH_TRIES:-3}
attempts() {
    local n=$1 out=$2 err=$3 try
    shift 3
    for ((try = 1; try <= n; try++)); do
        "$@" >"$out" 2>"$err" && return 0
        [ "$n" = 1 ] ||
            echo "attempt $try of $n failed: $* ($(grep -m1 -iE 'signal|error' "$err"))" >&2
    done
    return 1
}

# For the scripts that compare the UCX path with OSHMEM (compare_ucx.sh,
# ucx_draws.sh). ucx_bench_build <prefix> <compiler> [flags after the
# source...]: host_osu.c and host_api.c into <prefix>.host_osu and
# <prefix>.host_api, the compiler's errors into <prefix>.err.
ucx_bench_build() {
    local out=$1 cc=$2 b
    shift 2
    for b in host_osu host_api; do
        $cc -O2 -std=c11 "$here/$b.c" -o "$out.$b" "$@" 2>"$out.err" || return 1
    done
}
# osh_ucx_opts <tcp|sm>: OSHMEM's options beside UCX_TLS=<tls>,self on both
# sides (compare_ucx.sh says why): its heap where UCX did not allocate it,
# as ours; its MPI (its barrier, MPI_Barrier under scoll mpi) on Open MPI's
# own transports: over tcp the tcp btl, over sm the node's shared memory
# (vader), not UCX. OSH_MPI=ucx puts its MPI on UCX too (pml ucx).
case "${OSH_MPI:-own}" in
own | ucx) ;;
*) echo "OSH_MPI=$OSH_MPI: use own or ucx" >&2; exit 2 ;;
esac
osh_ucx_opts() {
    local mpi="--mca pml ucx --mca pml_ucx_tls any --mca pml_ucx_devices any"
    case "${OSH_MPI:-own}:$1" in
    ucx:tcp) echo "$mpi" ;;
    ucx:sm) echo "$mpi" --mca sshmem mmap ;;
    own:tcp) echo --mca pml ob1 --mca btl self,tcp ;;
    own:sm) echo --mca sshmem mmap ;;
    esac
}
