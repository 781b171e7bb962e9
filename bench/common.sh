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
