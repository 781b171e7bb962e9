#!/usr/bin/env bash
# The inter-node path (UCX) on one machine, next to the load/store path and
# to Open MPI's OSHMEM (whose spml ucx carries all its traffic): put/get
# latency and bandwidth (host_osu.c) and AMO and barrier latency (host_api.c
# -n, no collectives, which do not span nodes yet), at 2 PEs.
#
# usage: bench/compare_ucx.sh [builddir] [-q]
#   columns: ucx   ours with SHMEM_VIRTUAL_NODES=1 (each PE its own node)
#            ldst  ours, both PEs on one node (load/store)
#            osh   OSHMEM, --mca spml ucx, UCX's default transports
# UCX_TLS in the environment reaches our runs (e.g. UCX_TLS=tcp,self).
set -u

source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
set -- "${bench_args[@]}"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
limit=120
ok=1

build() { # <out> <compiler> [flags after the source...]
    local out=$1 cc=$2; shift 2
    for b in host_osu host_api; do
        $cc -O2 -std=c11 "$here/$b.c" -o "$tmp/$out.$b" "$@" 2>"$tmp/$out.err" || return 1
    done
}

run() { # <column> <launcher...> -- <binary prefix>
    local col=$1; shift
    local args=() prefix
    while [ "$1" != -- ]; do args+=("$1"); shift; done
    prefix=$2
    : >"$tmp/$col.txt"
    for b in host_osu "host_api -n"; do
        set -- $b
        if ! timeout "$limit" "${args[@]}" "$prefix.$1" "${@:2}" "${bench_args[@]}" \
                >>"$tmp/$col.txt" 2>"$tmp/$col.err"; then
            echo "$col: $b FAILED:" >&2
            tail -n 5 "$tmp/$col.err" >&2
            return 1
        fi
    done
}

if ! build ours cc -I"$repo/include" -L"$builddir" -lshmem -Wl,-rpath,"$builddir"; then
    echo "ours: building the benchmarks failed:" >&2; cat "$tmp/ours.err" >&2; exit 1
fi
run ucx mpirun -np 2 --oversubscribe -x SHMEM_VIRTUAL_NODES=1 -- "$tmp/ours" || ok=0
run ldst mpirun -np 2 --oversubscribe -- "$tmp/ours" || ok=0
if command -v oshcc >/dev/null && build osh oshcc; then
    run osh oshrun -np 2 --oversubscribe --mca spml ucx --mca osc ^rdma -- "$tmp/osh" ||
        echo "note: OSHMEM run failed; its column is incomplete" >&2
else
    echo "note: OSHMEM (oshcc/oshrun) unavailable; its column is empty" >&2
fi
touch "$tmp/osh.txt"

awk -v f1="$tmp/ucx.txt" -v f2="$tmp/ldst.txt" -v f3="$tmp/osh.txt" '
    function fmt(v) { return v == "" ? "-" : v }
    /^#/ || NF != 3 || $1 == "memcpy_lat" { next }
    {
        key = $1 " " $2
        col = FILENAME == f1 ? 1 : FILENAME == f2 ? 2 : 3
        v[col, key] = $3
        if (!(key in seen)) { seen[key] = 1; order[++n] = key }
    }
    END {
        printf "%-14s %8s %10s %10s %10s\n", "test", "bytes", "ucx", "ldst", "osh"
        for (i = 1; i <= n; i++) {
            split(order[i], k, " ")
            printf "%-14s %8s %10s %10s %10s\n", k[1], k[2], fmt(v[1, order[i]]),
                fmt(v[2, order[i]]), fmt(v[3, order[i]])
        }
    }' "$tmp/ucx.txt" "$tmp/ldst.txt" "$tmp/osh.txt"
echo "units: *_lat, barrier_all, sync_all: us; put_bw: MB/s; *_rate: M/s" >&2
[ "$ok" = 1 ] || { echo "FAILED: a run of ours failed" >&2; exit 1; }
