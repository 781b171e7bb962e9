#!/usr/bin/env bash
# Runs bench/host_api.c (atomics, barriers, collectives) against our library
# and against Open MPI's OSHMEM at 2, 4 and 8 PEs and prints one table.
#
# usage: bench/compare_api.sh [builddir] [host_api options, e.g. -q]
#   builddir defaults to <repo>/build and must hold libshmem.so;
#   PES="2 4" (environment) changes the PE counts; OSH_TRIES=n starts an
#   OSHMEM run up to n times (default 3) when it fails (bench/common.sh).
#
# OSHMEM 4.1 implements OpenSHMEM 1.4: no teams. Both builds therefore
# measure the deprecated active-set collectives (shmem_broadcast32,
# shmem_fcollect32, shmem_int_sum_to_all with pSync/pWrk) and sync_all;
# the rows of 1.5 team forms (team_sync, *_team) are ours alone.
#
# Exit status: 0 if every run of ours succeeded, 1 otherwise. An OSHMEM
# failure is reported but does not fail the script, since OSHMEM is only
# the yardstick.
set -u

source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
set -- "${bench_args[@]}"
pes=${PES:-2 4 8}
cores=$(getconf _NPROCESSORS_ONLN)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# A full run takes seconds; oversubscribed runs of a slow library longer.
limit=300

ours_ok=1
if [ ! -f "$builddir/libshmem.so" ]; then
    echo "ours: $builddir/libshmem.so not found: build the library first" >&2
    exit 1
fi
if ! cc -O2 -std=c11 -I"$repo/include" "$here/host_api.c" \
        -L"$builddir" -lshmem -Wl,-rpath,"$builddir" -o "$tmp/ours" 2>"$tmp/err"; then
    echo "ours: building host_api failed:" >&2
    cat "$tmp/err" >&2
    exit 1
fi
have_osh=1
if ! command -v oshcc >/dev/null || ! command -v oshrun >/dev/null; then
    echo "OSHMEM: oshcc/oshrun not found (apt-get install openmpi-bin libopenmpi-dev)" >&2
    have_osh=0
elif ! oshcc -O2 -std=c11 "$here/host_api.c" -o "$tmp/osh" 2>"$tmp/err"; then
    echo "OSHMEM: building host_api with oshcc failed:" >&2
    cat "$tmp/err" >&2
    have_osh=0
fi

for np in $pes; do
    echo "ours: mpirun -np $np on $builddir/libshmem.so" >&2
    # --oversubscribe: more PEs than cores, and the slot count Open MPI
    # detects in a container can be below the usable cores.
    if ! timeout "$limit" mpirun -np "$np" --oversubscribe "$tmp/ours" "$@" \
            >"$tmp/ours.$np" 2>"$tmp/err"; then
        echo "ours: run at $np PEs FAILED:" >&2
        tail -n 20 "$tmp/err" >&2
        ours_ok=0
    fi
    touch "$tmp/osh.$np"
    [ "$have_osh" = 1 ] || continue
    # The OSHMEM settings of compare_oshmem.sh, which says why each is needed.
    echo "OSHMEM: oshrun -np $np --mca spml ucx -x UCX_TLS=self,sm --mca osc ^rdma" >&2
    if ! attempts "$osh_tries" "$tmp/osh.$np" "$tmp/err" timeout "$limit" oshrun -np "$np" \
            --oversubscribe --mca spml ucx -x UCX_TLS=self,sm --mca osc ^rdma "$tmp/osh" "$@"; then
        echo "OSHMEM: run at $np PEs FAILED; its column is partial:" >&2
        tail -n 20 "$tmp/err" >&2
    fi
done

echo "# $cores cores; runs with more PEs than cores are oversubscribed (load 'over'):"
echo "# PEs take turns on the cores, so their latencies measure the scheduler too."
echo "# ratio = ours/OSHMEM in the row's unit; 'ok': ours at least as good."
echo "# Collectives: active-set forms in both builds (OSHMEM 4.1 has no teams);"
echo "# team_sync and *_team rows are our 1.5 team forms, with no OSHMEM figure."
echo "# Broadcast rows rotate the root, one PE further each call (host_api.c says why)."
for np in $pes; do
    awk -v np="$np" -v cores="$cores" -v ours="$tmp/ours.$np" -v osh="$tmp/osh.$np" \
        -v head="$([ "$np" = "${pes%% *}" ] && echo 1)" '
        function fmt(v) { return v == "" ? "-" : v }
        /^#/ || NF != 3 { next }
        {
            key = $1 " " $2
            if (FILENAME == ours) o[key] = $3; else s[key] = $3
            if (!(key in seen)) { seen[key] = 1; order[++n] = key }
        }
        END {
            if (head)
                printf "%-4s %-5s %-16s %8s %7s %10s %10s %6s %s\n", "PEs", "load", \
                    "test", "bytes", "unit", "ours", "OSHMEM", "ratio", "verdict"
            load = np > cores ? "over" : "-"
            for (i = 1; i <= n; i++) {
                split(order[i], k, " ")
                t = k[1]
                unit = t ~ /_rate$/ ? "Mops/s" : "us"
                ratio = verdict = ""
                if ((order[i] in o) && (order[i] in s) && s[order[i]] > 0) {
                    ratio = sprintf("%.2f", o[order[i]] / s[order[i]])
                    good = unit == "us" ? o[order[i]] <= s[order[i]] \
                                        : o[order[i]] >= s[order[i]]
                    verdict = good ? "ok" : "SLOWER"
                }
                printf "%-4s %-5s %-16s %8s %7s %10s %10s %6s %s\n", np, load, t, k[2], \
                    unit, fmt(o[order[i]]), fmt(s[order[i]]), fmt(ratio), fmt(verdict)
            }
        }' "$tmp/ours.$np" "$tmp/osh.$np"
done

if [ "$ours_ok" != 1 ]; then
    echo "FAILED: our library did not produce every run" >&2
    exit 1
fi
