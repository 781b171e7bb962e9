#!/usr/bin/env bash
# Rows of host_osu.c and host_api.c over the UCX path, many short runs
# each, the libraries interleaved run by run: how a row's runs spread, per
# library.
# Over shared memory a whole run of either library may land in a state
# 2-3 times slower at small sizes (README, "Across nodes (UCX)"); every
# launch draws the state anew, so many short launches show each library's
# fast state (min, lower quartile) and how often each lands in the slow
# one, where a few long rounds (compare_ucx.sh) show a mix.
#
# usage: bench/ucx_draws.sh [builddir]
#   DRAWS=n       launches per row and variant (default 10)
#   ROWS="get_lat:8 put_lat:8"   rows, test:bytes: host_osu's, run alone
#                 (-o test -s bytes), or host_api's (amo_*, barrier_all,
#                 sync_all), whose whole -n run is short
#   TLS=sm        sm (UCX_TLS=sm,self; OSHMEM's heap by sshmem mmap, as
#                 in compare_ucx.sh) or tcp (UCX_TLS=tcp,self)
#   SECS=0.2      a host_osu launch's measuring time (-t)
#   VARIANTS="ours osh"   what runs: ours (this build), ours@<builddir>
#                 (another build of ours), either with :VAR=value[,...]
#                 passed to its PEs (e.g. ours:SHMEM_SPIN_COUNT=100000),
#                 and osh (Open MPI's OSHMEM)
#   PLACE="--bind-to core"   both launchers' placement options
#   VALUES=file   appends each launch's "row variant value" there as it
#                 ends (a run cut short still leaves them)
# Prints per row and variant its runs' best (least time, most bandwidth),
# the quartile on the best side, the median and the worst; and for each
# variant but osh its best and quartile over osh's (time over time; for
# bandwidths and rates osh's over its own).
set -u

source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
draws=${DRAWS:-10}
rows=${ROWS:-get_lat:8 put_lat:8}
tls=${TLS:-sm}
secs=${SECS:-0.2}
read -ra variants <<<"${VARIANTS:-ours osh}"
read -ra place <<<"${PLACE---bind-to core}"
read -ra osh_opts <<<"$(osh_ucx_opts "$tls")"
[ ${#osh_opts[@]} -gt 0 ] || { echo "TLS=$tls: use sm or tcp" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
values=${VALUES:-$tmp/values}

# Each benchmark once per build: the OSHMEM one by oshcc, ours against
# each builddir named.
libdir() { # <variant> -> the build directory of ours it names
    local v=${1%%:*}
    if [ "$v" = "${v#ours@}" ]; then echo "$builddir"; else echo "${v#ours@}"; fi
}
bin() { # <variant> -> the prefix of its benchmarks' paths
    if [ "${1%%:*}" = osh ]; then echo "$tmp/osh"; return; fi
    echo "$tmp/ours.$(libdir "$1" | md5sum | cut -c1-8)"
}
for v in "${variants[@]}"; do
    b=$(bin "$v")
    [ -x "$b.host_osu" ] && continue
    if [ "${v%%:*}" = osh ]; then
        ucx_bench_build "$b" oshcc
    else
        ucx_bench_build "$b" cc -I"$repo/include" -L"$(libdir "$v")" -lshmem \
            -Wl,-rpath,"$(libdir "$v")"
    fi || { echo "building the benchmarks of $v failed:" >&2; cat "$b.err" >&2; exit 1; }
done

launch() { # <variant> <test> <bytes>: prints the row's value, or nothing
    local v=$1 env=() kv
    if [ "$v" != "${v#*:}" ]; then
        IFS=, read -ra kv <<<"${v#*:}"
        for e in "${kv[@]}"; do env+=(-x "$e"); done
    fi
    local cmd
    if [ "${v%%:*}" = osh ]; then
        cmd=(oshrun -np 2 "${place[@]}" --mca spml ucx --mca osc ^rdma -x UCX_TLS="$tls,self"
             "${osh_opts[@]}")
    else
        cmd=(mpirun -np 2 "${place[@]}" -x SHMEM_VIRTUAL_NODES=1 -x UCX_TLS="$tls,self")
    fi
    local tries=1
    [ "${v%%:*}" = osh ] && tries=$osh_tries
    local run=("$(bin "$v").host_osu" -o "$2" -s "$3" -t "$secs")
    case "$2" in
    amo_* | barrier_all | sync_all) run=("$(bin "$v").host_api" -n) ;;
    esac
    attempts "$tries" "$tmp/out" "$tmp/err" timeout 120 "${cmd[@]}" "${env[@]+"${env[@]}"}" \
        "${run[@]}" &&
        awk -v t="$2" -v s="$3" '$1 == t && $2 == s { print $3; exit }' "$tmp/out"
}

for ((d = 1; d <= draws; d++)); do
    for row in $rows; do
        for v in "${variants[@]}"; do
            x=$(launch "$v" "${row%:*}" "${row#*:}")
            [ -n "$x" ] && echo "$row $v $x" >>"$values"
        done
    done
done

printf '%-14s %-34s %3s %9s %9s %9s %9s %7s %7s\n' row variant n best quart median worst \
    best/o quart/o
python3 - "$values" "$rows" "${variants[@]}" <<'EOF'
import sys, statistics
vals = {}
for line in open(sys.argv[1]):
    row, v, x = line.split()
    vals.setdefault((row, v), []).append(float(x))
def q(a, f):  # the f-quantile, linear between neighbours
    a = sorted(a); i = f * (len(a) - 1); j = int(i)
    return a[j] if j + 1 >= len(a) else a[j] + (a[j + 1] - a[j]) * (i - j)
for row in sys.argv[2].split():
    rate = row.split(':')[0].endswith(('_bw', '_rate'))
    best, lowq = (max, lambda a: q(a, 0.75)) if rate else (min, lambda a: q(a, 0.25))
    ref = vals.get((row, 'osh'))
    for v in sys.argv[3:]:
        a = vals.get((row, v))
        if not a:
            print('%-14s %-34s   0' % (row, v)); continue
        r = ['-', '-']
        if ref and v != 'osh':
            pair = [(best(a), best(ref)), (lowq(a), lowq(ref))]
            r = ['%.2f' % ((o / m) if rate else (m / o)) for m, o in pair]
        print('%-14s %-34s %3d %9.4g %9.4g %9.4g %9.4g %7s %7s' % (
            row, v[:34], len(a), best(a), lowq(a), statistics.median(a),
            (min if rate else max)(a), r[0], r[1]))
EOF
