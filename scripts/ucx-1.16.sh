#!/bin/bash
# For developers, not CI: puts Ubuntu 24.04's UCX 1.16 (the GPU machine's
# system UCX) in a directory of this Debian 12 machine, so that its
# behaviour can be reproduced here (a strong ucp_worker_fence, one-round-
# trip worker flushes over tcp) without the GPU machine. Then run with it:
#   LD_LIBRARY_PATH=<dir> mpirun -np 2 -x SHMEM_VIRTUAL_NODES=1 ... 
#   LD_LIBRARY_PATH=<dir> ctest --test-dir build -L ucx
# Our build stays compiled against Debian's UCX 1.13 headers (the ABI is
# the same). Debian 12's glibc is 2.36 and the libraries ask for 2.38 for
# four C23 parsing functions only (__isoc23_strtol and kin): the script
# builds a small library that forwards them to the C99 ones, adds it to
# the libraries' needs, and marks their GLIBC_2.38 requirement weak, which
# the loader then reports on every start ("weak version `GLIBC_2.38' not
# found") and otherwise ignores. Needs apt access to archive.ubuntu.com.
# usage: scripts/ucx-1.16.sh [dir]   (default /tmp/ucx-1.16; prints the
#        library directory last)
set -eu
dir=${1:-/tmp/ucx-1.16}
mkdir -p "$dir/lists/partial" "$dir/deb"
cd "$dir"
echo 'deb [trusted=yes] http://archive.ubuntu.com/ubuntu noble main universe' >sources.list
apt_opts=(-oDir::Etc::SourceList="$dir/sources.list" -oDir::Etc::SourceParts=/dev/null
    -oDir::State::Lists="$dir/lists" -oAPT::Architecture=amd64)
apt-get "${apt_opts[@]}" update >/dev/null
(cd deb && apt-get "${apt_opts[@]}" download libucx0 >/dev/null 2>&1)
rm -rf root && dpkg -x deb/libucx0_*.deb root
lib=$dir/root/usr/lib/x86_64-linux-gnu
command -v patchelf >/dev/null || apt-get install -y patchelf >/dev/null
cat >shim.c <<'EOF'
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
long __isoc23_strtol(const char *s, char **e, int b) { return strtol(s, e, b); }
unsigned long __isoc23_strtoul(const char *s, char **e, int b) { return strtoul(s, e, b); }
int __isoc23_sscanf(const char *s, const char *f, ...)
{
    va_list a;
    va_start(a, f);
    int r = vsscanf(s, f, a);
    va_end(a);
    return r;
}
int __isoc23_fscanf(FILE *s, const char *f, ...)
{
    va_list a;
    va_start(a, f);
    int r = vfscanf(s, f, a);
    va_end(a);
    return r;
}
EOF
gcc -shared -fPIC -O2 -o "$lib/libisoc23shim.so" shim.c
for f in $(find root -name '*.so.*' -type f); do
    objdump -T "$f" | grep -q __isoc23 || continue
    for s in __isoc23_fscanf __isoc23_sscanf __isoc23_strtol __isoc23_strtoul; do
        patchelf --clear-symbol-version "$s" "$f"
    done
    patchelf --add-needed libisoc23shim.so "$f"
done
# Sets VER_FLG_WEAK on each library's need of GLIBC_2.38 (.gnu.version_r).
python3 - $(find root -name '*.so.*' -type f) <<'EOF'
import struct, sys
for path in sys.argv[1:]:
    b = bytearray(open(path, 'rb').read())
    shoff, = struct.unpack_from('<Q', b, 0x28)
    shentsize, shnum = struct.unpack_from('<HH', b, 0x3a)
    secs = [struct.unpack_from('<IIQQQQIIQQ', b, shoff + i * shentsize) for i in range(shnum)]
    need = [s for s in secs if s[1] == 0x6ffffffe]
    if not need:
        continue
    strtab = secs[need[0][6]][4]
    off, hit = need[0][4], 0
    for _ in range(need[0][7]):
        _, cnt, _, aux, nxt = struct.unpack_from('<HHIII', b, off)
        a = off + aux
        for _ in range(cnt):
            _, flags, _, name, anxt = struct.unpack_from('<IHHII', b, a)
            if b[strtab + name:b.index(0, strtab + name)] == b'GLIBC_2.38':
                struct.pack_into('<H', b, a + 4, flags | 2)
                hit = 1
            a += anxt
        off += nxt
    if hit:
        open(path, 'wb').write(b)
EOF
echo "$lib"
