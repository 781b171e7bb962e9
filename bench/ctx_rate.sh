#!/usr/bin/env bash
# Multi-threaded message rate across nodes through private contexts
# (ctx_rate.c): T threads of PE 0 (1, 2, 4), each with a SHMEM_CTX_PRIVATE
# context, put 8 bytes to PE 1 on another (virtual) node and quiet their
# context, one put per quiet and 64 (_nbi) per quiet, over UCX_TLS=tcp,self
# and sm,self. Columns, in Mmsg/s over all threads (the median of 5 runs,
# the three columns' runs taken in turn so that they share the machine's
# moods):
#   own     this build: each context has a UCX worker of its own
#   shared  this build with SHMEM_CTX_WORKERS=0: the contexts share the
#           PE's worker, as before contexts had workers
#   base    another build (--base DIR, e.g. of the commit before), whose
#           contexts all share the PE's worker
# A 2-core machine runs PE 1 and T threads of PE 0 on 2 cores: past one
# thread the threads share cores, and scaling says more about the cores
# than about the workers.
#
# usage: bench/ctx_rate.sh [builddir] [-q] [--base DIR]
set -u

source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
base=""
quick=0
for ((i = 0; i < ${#bench_args[@]}; i++)); do
    case "${bench_args[i]}" in
    --base) base=${bench_args[i + 1]:-}; i=$((i + 1)) ;;
    -q) quick=1 ;;
    *) echo "usage: $0 [builddir] [-q] [--base DIR]" >&2; exit 2 ;;
    esac
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc -O2 -std=c11 -pthread "$here/ctx_rate.c" -o "$tmp/own" -I"$repo/include" \
    -L"$builddir" -lshmem -Wl,-rpath,"$builddir" || exit 1
if [ -n "$base" ]; then
    base=$(cd "$base" && pwd)
    src=$(sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' "$base/CMakeCache.txt")
    cc -O2 -std=c11 -pthread "$here/ctx_rate.c" -o "$tmp/base" -I"$src/include" \
        -I"$base/include" -L"$base" -lshmem -Wl,-rpath,"$base" || exit 1
fi
n=20000
[ "$quick" = 1 ] && n=2000

# <binary> <shmemrun> <threads> <window> [env...]: one run's rate.
rate() {
    local bin=$1 launcher=$2 t=$3 w=$4; shift 4
    env SHMEM_VIRTUAL_NODES=1 "$@" timeout 300 "$launcher" -n 2 "$bin" -t "$t" -w "$w" \
        -n $((n / w + 1)) | awk '$1 == "ctx_rate" { print $6 }'
}
median() { printf '%s\n' "$@" | sort -g | sed -n "$(( ($# + 1) / 2 ))p"; }

printf '%-9s %7s %6s %8s %8s %8s\n' tls threads window own shared base
for tls in tcp,self sm,self; do
    for w in 1 64; do
        for t in 1 2 4; do
            own=() shared=() b=()
            for r in 1 2 3 4 5; do
                own+=("$(rate "$tmp/own" "$builddir/shmemrun" $t $w UCX_TLS=$tls)")
                shared+=("$(rate "$tmp/own" "$builddir/shmemrun" $t $w UCX_TLS=$tls \
                    SHMEM_CTX_WORKERS=0)")
                [ -n "$base" ] && b+=("$(rate "$tmp/base" "$base/shmemrun" $t $w UCX_TLS=$tls)")
            done
            printf '%-9s %7s %6s %8s %8s %8s\n' $tls $t $w "$(median "${own[@]}")" \
                "$(median "${shared[@]}")" "$([ -n "$base" ] && median "${b[@]}" || echo -)"
        done
    done
done
