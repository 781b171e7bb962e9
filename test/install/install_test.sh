#!/bin/sh
# Installs the build into a scratch prefix, then builds and runs the example
# three ways a user would: find_package(shmem), pkg-config, and oshcc; and
# runs the installed shmem-info and shmemrun from there.
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

# The installed programs run from the prefix, with no help from the
# environment: shmem-info finds the library beside it, alone and started
# by the installed shmemrun.
env -u LD_LIBRARY_PATH "$prefix/bin/shmem-info" | grep -q "^environment variables:"
env -u LD_LIBRARY_PATH "$prefix/bin/shmemrun" -n 2 "$prefix/bin/shmem-info" |
    grep -Eq "^ +PE +1: xx"
echo "shmem-info, alone and under shmemrun: ok"

"$prefix/bin/oshcc" "$src/examples/hello_ring.c" -o "$tmp/osh"
"$prefix/bin/shmemrun" -n 2 "$tmp/osh" | grep -c "(ok)" | grep -q 2
echo "oshcc + shmemrun: ok"

# Autotools builds (./configure CC=oshcc) run the wrapper with CC naming it,
# by name, by path or through another command: it must compile with the
# real compiler, not run itself for ever. The installed oshcc comes first
# in PATH (Debian's Open MPI has an oshcc of its own).
for cc in oshcc "$prefix/bin/oshcc" "env oshcc"; do
    rm -f "$tmp/cc"
    PATH="$prefix/bin:$PATH" CC="$cc" timeout 60 oshcc "$src/examples/hello_ring.c" \
        -o "$tmp/cc" || { echo "CC='$cc' oshcc failed or did not end" >&2; exit 1; }
    "$tmp/cc" | grep -q "(ok)"
done
# OSHCC_CC before CC, either split into words like make's CC.
printf '#ifndef PICKED\n#error the compiler was not the one named\n#endif\nint main(void) { return 0; }\n' \
    >"$tmp/picked.c"
CC=false OSHCC_CC="cc -DPICKED" "$prefix/bin/oshcc" "$tmp/picked.c" -o "$tmp/picked"
CC="cc -DPICKED" "$prefix/bin/oshcc" "$tmp/picked.c" -o "$tmp/picked"
if OSHCC_CC=oshcc "$prefix/bin/oshcc" "$tmp/picked.c" -o "$tmp/picked" 2>"$tmp/err"; then
    echo "OSHCC_CC=oshcc was accepted" >&2; exit 1
fi
grep -q "OSHCC_CC=oshcc names oshcc itself" "$tmp/err"
echo "oshcc with CC or OSHCC_CC naming oshcc: ok"

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

# The layouts device code is compiled against (not API, but device code
# compiled from the installed headers needs them), and a C unit of it
# registering with the installed library at the installed version.
for h in device_state.h proxy_ring.h proxy_post.h; do
    [ -f "$prefix/include/shmem/internal/$h" ] || { echo "shmem/internal/$h is not installed" >&2; exit 1; }
done
printf '#include <shmem.h>\n#include <shmem/internal/device_state.h>\nstatic void u(const struct shmemi_device_state *s) { (void)s; }\nint main(void) { shmemi_device_register_abi(SHMEMI_DEVICE_ABI_VERSION, sizeof(struct shmemi_device_state), u); return 0; }\n' \
    >"$tmp/abi.c"
"$prefix/bin/oshcc" "$tmp/abi.c" -o "$tmp/abi"
"$tmp/abi"
echo "shmem/internal/ + device ABI: ok"
