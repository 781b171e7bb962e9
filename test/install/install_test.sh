#!/bin/sh
# Installs the build into a scratch prefix, then builds and runs the example
# three ways a user would: find_package(shmem), pkg-config, and oshcc.
#   install_test.sh <build dir>
set -e
build=$1
src=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix
# The package, the .pc file and oshcc are relocatable, so installing the
# build under any prefix must give a working installation.
cmake --install "$build" --prefix "$prefix" >/dev/null

cmake -S "$src/test/install" -B "$tmp/consumer" -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$tmp/consumer" >/dev/null
"$tmp/consumer/consumer" | grep -q "(ok)"
echo "find_package(shmem): ok"

PKG_CONFIG_PATH="$prefix/lib/pkgconfig" cc "$src/examples/hello_ring.c" \
    $(PKG_CONFIG_PATH="$prefix/lib/pkgconfig" pkg-config --cflags --libs shmem) -o "$tmp/pc"
"$tmp/pc" | grep -q "(ok)"
echo "pkg-config shmem: ok"

"$prefix/bin/oshcc" "$src/examples/hello_ring.c" -o "$tmp/osh"
"$prefix/bin/shmemrun" -n 2 "$tmp/osh" | grep -c "(ok)" | grep -q 2
echo "oshcc + shmemrun: ok"

# A profiling tool's view: the generated pshmem.h and the pshmem_ names.
printf '#include <pshmem.h>\nint main(void) { void *(*f)(size_t) = pshmem_malloc; return f == shmem_malloc ? 0 : 1; }\n' \
    >"$tmp/tool.c"
"$prefix/bin/oshcc" "$tmp/tool.c" -o "$tmp/tool"
"$tmp/tool"
echo "pshmem.h + pshmem_ names: ok"

# The legacy include path of Cray-derived programs.
for h in mpp/shmem.h mpp/shmemx.h; do
    [ -f "$prefix/include/$h" ] || { echo "$h is not installed" >&2; exit 1; }
done
printf '#include <mpp/shmem.h>\n#include <mpp/shmemx.h>\nint main(void) { shmem_init(); int ok = shmem_team_n_pes(SHMEMX_TEAM_NODE) == 1; shmem_finalize(); return !ok; }\n' \
    >"$tmp/mpp.c"
"$prefix/bin/oshcc" "$tmp/mpp.c" -o "$tmp/mpp"
"$tmp/mpp"
echo "mpp/shmem.h + mpp/shmemx.h: ok"
