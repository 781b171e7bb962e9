#!/usr/bin/env bash
# The inter-node path (UCX) on one machine, next to Open MPI's OSHMEM (whose
# spml ucx carries its RMA and AMOs): put/get latency and bandwidth
# (host_osu.c) and AMO and barrier latency (host_api.c -n, no collectives,
# which do not span nodes yet), at 2 PEs, in three settings:
#
#   default  UCX's own choice of transports on both sides, and ours on one
#            node (ldst) for scale. Not a like-for-like comparison: OSHMEM's
#            heap is allocated by UCX (sshmem ucx), so UCX maps the peer's
#            copy (rkey_ptr over posix/sysv shared memory) and OSHMEM's
#            put/get/AMOs are loads and stores that never enter UCX, while
#            ours, whose heap UCX did not allocate, go through UCX's
#            software emulation (active messages the target serves).
#   tcp      both sides on UCX_TLS=tcp,self, the closest this machine has to
#            a network: every put, get and AMO is a message over loopback
#            TCP.
#   sm       both sides on UCX_TLS=sm,self with OSHMEM's heap in memory UCX
#            did not allocate (--mca sshmem mmap), as ours: the same
#            shared-memory transports and the same software emulation.
# OSHMEM's barrier is MPI_Barrier (its default scoll mpi), which on one
# machine Open MPI carries by its own transports: over tcp the tcp btl
# (--mca pml ob1 --mca btl self,tcp, as across nodes without UCX), over sm
# the node's shared memory (vader), which no job across nodes has and which
# is not the UCX path. OSH_MPI=ucx carries it over UCX as well (--mca pml
# ucx), as Open MPI does between the nodes of a cluster it runs UCX on: a
# like-for-like barrier, but then OSHMEM's waits also poll MPI's UCX worker
# (on 2 H200s its 8-byte get over sm took 1.10-1.49 us so, 0.82-1.28
# without). bench/common.sh holds both sets of options.
#
# usage: bench/compare_ucx.sh [builddir] [-q] [--only default|tcp|sm]
#   ratio: our cost over OSHMEM's (time over time; for put_bw, get_bw and
#          the rates, OSHMEM's over ours): 1.10 or less meets the issue's
#          target.
# UCX_TLS in the environment reaches the default setting's runs.
# On a shared machine one run's figures swing several times either way as
# the PEs' cores come and go, for both libraries alike; two variables make
# the figures repeatable there:
#   ROUNDS=n     runs ours and OSHMEM n times, interleaved; the table shows
#                each column's median and the median of the rounds' ratios,
#                and a column "best": the ratio of the two libraries' best
#                rounds (least time, most bandwidth). Over shared memory a
#                whole run of either library may land in a state 2-3 times
#                slower at small sizes (bench/results/2026-11-27-ucx-draws.md), which
#                moves medians of a few rounds by more than 10%; best rounds
#                compare the libraries in the state both reach
#   LOAD_MAX=x   starts each run only once the 1-minute load average is
#                below x (waiting at most 10 minutes a run)
#   RAW=file     keeps each run's rows there, after a line "### <setting>.
#                <ours|osh|ldst>.<round>", to see how a row's rounds spread
#   OSH_TRIES=n  starts an OSHMEM run up to n times (default 3) when it
#                fails (bench/common.sh says why)
#   PLACE="..."  the launcher's placement options for both libraries
#                (default --oversubscribe, which lets more PEs than cores
#                run); e.g. "--bind-to core" or "--bind-to none". On the
#                GPU machine's 32 cores, started without --oversubscribe
#                (and OSHMEM without --mca spml ucx), an 8-byte put +
#                quiet over sm took OSHMEM 1.8 times as long, ours 1.1
#                times: the launch moved both by more than the gap
#                between them
set -u

source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
only=""
args=()
for ((i = 0; i < ${#bench_args[@]}; i++)); do
    if [ "${bench_args[i]}" = --only ]; then
        only=${bench_args[i + 1]:-}
        i=$((i + 1))
    else
        args+=("${bench_args[i]}")
    fi
done
bench_args=("${args[@]+"${args[@]}"}")
case "$only" in
"" | default | tcp | sm) ;;
*) echo "usage: $0 [builddir] [-q] [--only default|tcp|sm]" >&2; exit 2 ;;
esac

rounds=${ROUNDS:-1}
load_max=${LOAD_MAX:-}
tmp=$(mktemp -d)
raw=${RAW:-}
keep_raw() {
    [ -n "$raw" ] || return 0
    local f
    for f in "$tmp"/*.txt; do
        echo "### $(basename "$f" .txt)"
        cat "$f"
    done >"$raw"
}
trap 'keep_raw; rm -rf "$tmp"' EXIT
limit=300
ok=1

quiet_enough() {
    [ -n "$load_max" ] || return 0
    local waited=0
    while awk -v m="$load_max" '{ exit !($1 >= m) }' /proc/loadavg && [ "$waited" -lt 600 ]; do
        sleep 5
        waited=$((waited + 5))
    done
}

run() { # <column> <launcher...> -- <binary prefix>
    local col=$1; shift
    quiet_enough
    local args=() prefix
    while [ "$1" != -- ]; do args+=("$1"); shift; done
    prefix=$2
    : >"$tmp/$col.txt"
    local tries=1
    [ "${args[0]}" = oshrun ] && tries=$osh_tries
    for b in host_osu "host_api -n"; do
        set -- $b
        if attempts "$tries" "$tmp/$col.part" "$tmp/$col.err" timeout "$limit" "${args[@]}" \
                "$prefix.$1" "${@:2}" ${bench_args[@]+"${bench_args[@]}"}; then
            cat "$tmp/$col.part" >>"$tmp/$col.txt"
        else
            echo "$col: $b FAILED:" >&2
            tail -n 5 "$tmp/$col.err" >&2
            return 1
        fi
    done
}

# <title> <ours files> <osh files> [<third column's name> <its files>]
# (each a space-separated list, one file per round): the rows of sizes 8 B
# to 1 MiB, ours, OSHMEM's and the ratio; with several rounds, medians.
table() {
    echo
    echo "== $1"
    # shellcheck disable=SC2086 # the lists split into their files
    awk -v f1=" $2 " -v f2=" $3 " -v name3="${4:-}" '
        function fmt(v) { return v == "" ? "-" : v }
        function median(a, m,   i, j, t) {
            for (i = 2; i <= m; i++)
                for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
            return m % 2 ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2
        }
        FNR == 1 { col = index(f1, " " FILENAME " ") ? 1 : index(f2, " " FILENAME " ") ? 2 : 3
                   round[col]++ }
        /^#/ || NF != 3 { next }
        $1 == "memcpy_lat" || $1 == "sync_all" || $1 == "team_sync" { next }
        $1 ~ /_(lat|bw)$/ && ($2 < 8 || $2 > 1048576) { next }
        {
            key = $1 " " $2
            v[col, key, round[col]] = $3
            if (!(key in seen)) { seen[key] = 1; order[++n] = key }
        }
        END {
            several = round[1] > 1
            printf "%-14s %8s %10s %10s %7s", "test", "bytes", "ours", "osh", "ratio"
            if (several) printf " %6s", "best"
            if (name3 != "") printf " %10s", name3
            printf "\n"
            for (i = 1; i <= n; i++) {
                key = order[i]
                split(key, k, " ")
                rate = k[1] ~ /_(bw|rate)$/
                for (c = 1; c <= 3; c++) {
                    m = 0
                    for (r = 1; r <= round[c]; r++)
                        if ((c, key, r) in v) col_v[++m] = v[c, key, r]
                    med[c] = m ? median(col_v, m) : ""
                    best[c] = m ? (rate ? col_v[m] : col_v[1]) : ""
                }
                m = 0
                for (r = 1; r <= round[1]; r++) {
                    a = v[1, key, r]; b = v[2, key, r]
                    if (a != "" && b != "" && a > 0 && b > 0)
                        ratios[++m] = rate ? b / a : a / b
                }
                printf "%-14s %8s %10s %10s %7s", k[1], k[2], fmt(med[1]), fmt(med[2]),
                       m ? sprintf("%.2f", median(ratios, m)) : "-"
                if (several) {
                    best_ratio = "-"
                    if (best[1] > 0 && best[2] > 0)
                        best_ratio = sprintf("%.2f", rate ? best[2] / best[1] : best[1] / best[2])
                    printf " %6s", best_ratio
                }
                if (name3 != "") printf " %10s", fmt(med[3])
                printf "\n"
            }
        }' $2 $3 ${5:-}
}

if ! ucx_bench_build "$tmp/ours" cc -I"$repo/include" -L"$builddir" -lshmem \
        -Wl,-rpath,"$builddir"; then
    echo "ours: building the benchmarks failed:" >&2; cat "$tmp/ours.err" >&2; exit 1
fi
have_osh=0
if command -v oshcc >/dev/null && ucx_bench_build "$tmp/osh" oshcc; then
    have_osh=1
else
    echo "note: OSHMEM (oshcc/oshrun) unavailable; its columns are empty" >&2
fi

read -ra place <<<"${PLACE---oversubscribe}"
echo "placement (both libraries): ${place[*]:-default}" >&2
mpi=(mpirun -np 2 "${place[@]}" -x SHMEM_VIRTUAL_NODES=1)
osh=(oshrun -np 2 "${place[@]}" --mca spml ucx --mca osc ^rdma)
setting() { # <name> <title> <UCX_TLS or ""> [OSHMEM's extra options...]
    local name=$1 title=$2 tls=$3; shift 3
    [ -z "$only" ] || [ "$only" = "$name" ] || return 0
    local x=()
    [ -z "$tls" ] || x=(-x UCX_TLS="$tls")
    local r ours=() oshs=() ldst=()
    for ((r = 1; r <= rounds; r++)); do
        run "$name.ours.$r" "${mpi[@]}" "${x[@]+"${x[@]}"}" -- "$tmp/ours" || ok=0
        ours+=("$tmp/$name.ours.$r.txt")
        : >"$tmp/$name.osh.$r.txt"
        oshs+=("$tmp/$name.osh.$r.txt")
        if [ "$have_osh" = 1 ]; then
            run "$name.osh.$r" "${osh[@]}" "${x[@]+"${x[@]}"}" "$@" -- "$tmp/osh" ||
                echo "note: OSHMEM's $name run failed; its column is incomplete" >&2
        fi
        if [ "$name" = default ]; then
            run "ldst.$r" mpirun -np 2 "${place[@]}" -- "$tmp/ours" || ok=0
            ldst+=("$tmp/ldst.$r.txt")
        fi
    done
    if [ "$name" = default ]; then
        table "$title" "${ours[*]}" "${oshs[*]}" ldst "${ldst[*]}"
    else
        table "$title" "${ours[*]}" "${oshs[*]}"
    fi
}

setting default "default: UCX's choice (OSHMEM: loads/stores through rkey_ptr)" ""
# shellcheck disable=SC2046 # the options split into words
setting tcp "tcp: UCX_TLS=tcp,self on both sides (OSHMEM: $(osh_ucx_opts tcp))" tcp,self \
    $(osh_ucx_opts tcp)
# shellcheck disable=SC2046
setting sm "sm: UCX_TLS=sm,self, both heaps outside UCX (OSHMEM: $(osh_ucx_opts sm))" sm,self \
    $(osh_ucx_opts sm)
echo "units: *_lat, barrier_all: us; put_bw, get_bw: MB/s; *_rate: M/s" >&2
[ "$ok" = 1 ] || { echo "FAILED: a run of ours failed" >&2; exit 1; }
