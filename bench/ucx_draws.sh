#!/usr/bin/env bash
# Rows of host_osu.c and host_api.c over the UCX path, many short runs
# each, the libraries interleaved run by run: how a row's runs spread, per
# library.
# Over shared memory a whole run of either library may land in a state
# 2-3 times slower at small sizes (bench/results/2026-11-27-ucx-draws.md); every
# launch draws the state anew, so many short launches show each library's
# fast state (min, lower quartile) and how often each lands in the slow
# one, where a few long rounds (compare_ucx.sh) show a mix.
#
# usage: bench/ucx_draws.sh [builddir]
#   DRAWS=n       launches per row and variant (default 10)
#   ROWS="get_lat:8 put_lat:8"   rows, test:bytes: host_osu's, run alone
#                 (-o test -s bytes), or host_api's (amo_*, barrier_all,
#                 sync_all), whose whole -n run is short; test:* is every
#                 size of a host_osu test in one launch (-o test: 23
#                 sizes, each measured 3 times for SECS)
#   TLS=sm        sm (UCX_TLS=sm,self; OSHMEM's heap by sshmem mmap, as
#                 in compare_ucx.sh) or tcp (UCX_TLS=tcp,self); OSHMEM's
#                 MPI (its barrier) over Open MPI's own transports, or with
#                 OSH_MPI=ucx over UCX too (compare_ucx.sh says why)
#   SECS=0.2      a host_osu launch's measuring time (-t)
#   VARIANTS="ours osh"   what runs: ours (this build), ours@<builddir>
#                 (another build of ours), either with :VAR=value[,...]
#                 passed to its PEs (e.g. ours:SHMEM_SPIN_COUNT=100000),
#                 and osh (Open MPI's OSHMEM)
#   PLACE="--bind-to core"   both launchers' placement options
#   VALUES=file   appends each launch's "row variant value draw" there as
#                 it ends (a run cut short still leaves them)
#   BUDGET=secs   starts no launch past that many seconds from the start,
#                 so that a call with a time limit still prints its table
#                 (from the draws it made; n tells how many)
# usage: bench/ucx_draws.sh --summary <values file>
#   prints the table of a VALUES file alone (rows and variants in the
#   order they first appear there, unless ROWS and VARIANTS name them)
# Prints per row and variant its runs' best (least time, most bandwidth),
# the quartile on the best side, the median and the worst; and for each
# variant but osh its best and quartile over osh's (time over time; for
# bandwidths and rates osh's over its own), and the median of that ratio
# taken draw by draw, where both ran in the draw (pair/o: the libraries
# run back to back, so a state of the machine that lasts seconds falls on
# both).
set -u

source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

summary() { # <values file> [rows] [variants...]
    printf '%-16s %-32s %3s %9s %9s %9s %9s %7s %7s %7s\n' row variant n best quart median worst \
        best/o quart/o pair/o
    python3 - "$@" <<'EOF'
import sys, statistics
vals, by_draw, rows, variants = {}, {}, [], []
for line in open(sys.argv[1]):
    row, v, x, *draw = line.split()
    vals.setdefault((row, v), []).append(float(x))
    if draw:
        by_draw.setdefault((row, v), {})[draw[0]] = float(x)
    rows += [row] if row not in rows else []
    variants += [v] if v not in variants else []
if len(sys.argv) > 2 and sys.argv[2]:
    rows = sys.argv[2].split()
if len(sys.argv) > 3:
    variants = sys.argv[3:]
def q(a, f):  # the f-quantile, linear between neighbours
    a = sorted(a); i = f * (len(a) - 1); j = int(i)
    return a[j] if j + 1 >= len(a) else a[j] + (a[j + 1] - a[j]) * (i - j)
for row in rows:
    rate = row.split(':')[0].endswith(('_bw', '_rate'))
    best, lowq = (max, lambda a: q(a, 0.75)) if rate else (min, lambda a: q(a, 0.25))
    ref = vals.get((row, 'osh'))
    for v in variants:
        a = vals.get((row, v))
        if not a:
            print('%-16s %-32s   0' % (row, v)); continue
        r = ['-', '-', '-']
        if ref and v != 'osh':
            pair = [(best(a), best(ref)), (lowq(a), lowq(ref))]
            r[:2] = ['%.2f' % ((o / m) if rate else (m / o)) for m, o in pair]
            mine, theirs = by_draw.get((row, v), {}), by_draw.get((row, 'osh'), {})
            both = [d for d in mine if d in theirs]
            if both:
                r[2] = '%.2f' % statistics.median(
                    [theirs[d] / mine[d] if rate else mine[d] / theirs[d] for d in both])
        print('%-16s %-32s %3d %9.4g %9.4g %9.4g %9.4g %7s %7s %7s' % (
            row, v[:32], len(a), best(a), lowq(a), statistics.median(a),
            (min if rate else max)(a), r[0], r[1], r[2]))
EOF
}
if [ "${bench_args[0]:-}" = --summary ]; then
    [ -r "${bench_args[1]:-}" ] || { echo "--summary: give a readable VALUES file" >&2; exit 2; }
    read -ra vs <<<"${VARIANTS:-}"
    summary "${bench_args[1]}" "${ROWS:-}" "${vs[@]+"${vs[@]}"}"
    exit
fi
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

launch() { # <variant> <test> <bytes or *>: prints "row value" per row it measured
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
    [ "$3" = '*' ] && run=("$(bin "$v").host_osu" -o "$2" -t "$secs")
    case "$2" in
    amo_* | barrier_all | sync_all) run=("$(bin "$v").host_api" -n) ;;
    esac
    attempts "$tries" "$tmp/out" "$tmp/err" timeout 120 "${cmd[@]}" "${env[@]+"${env[@]}"}" \
        "${run[@]}" &&
        awk -v t="$2" -v s="$3" '$1 == t && (s == "*" || $2 == s) { print t ":" $2, $3 }' \
            "$tmp/out"
}

budget=${BUDGET:-0}
for ((d = 1; d <= draws; d++)); do
    for row in $rows; do
        for v in "${variants[@]}"; do
            if [ "$budget" != 0 ] && [ "$SECONDS" -ge "$budget" ]; then
                echo "BUDGET=$budget s spent: stopped in draw $d of $draws" >&2
                break 3
            fi
            launch "$v" "${row%:*}" "${row#*:}" | while read -r r x; do
                echo "$r $v $x $d" >>"$values"
            done
        done
    done
done

# Rows in the order they were measured where test:* named many.
case "$rows" in *'*'*) rows="" ;; esac
[ -s "$values" ] || { echo "no launch gave a value" >&2; exit 1; }
summary "$values" "$rows" "${variants[@]}"
