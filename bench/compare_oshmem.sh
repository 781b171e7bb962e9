#!/usr/bin/env bash
# Runs bench/host_osu.c against our library and against Open MPI's OSHMEM on
# this machine and prints one comparison table.
#
# usage: bench/compare_oshmem.sh [builddir] [host_osu options, e.g. -q]
#   builddir defaults to <repo>/build and must hold libshmem.so.
#
# Exit status: 0 if our run succeeded (whatever the table says), 1 if our
# library is missing, fails to build the benchmark, or the run fails.  An
# OSHMEM failure is reported but does not fail the script, since OSHMEM is
# only the yardstick.
set -u

source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
set -- "${bench_args[@]}"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# A hung run must not hang CI; a full run takes a few seconds.
limit=45

ours_ok=0
if [ ! -f "$builddir/libshmem.so" ]; then
    echo "ours: $builddir/libshmem.so not found: build the library first" >&2
elif ! cc -O2 -std=c11 -I"$repo/include" "$here/host_osu.c" \
        -L"$builddir" -lshmem -Wl,-rpath,"$builddir" -o "$tmp/ours" \
        2>"$tmp/ours.err"; then
    echo "ours: building host_osu failed:" >&2
    cat "$tmp/ours.err" >&2
else
    echo "ours: mpirun -np 2 on $builddir/libshmem.so" >&2
    # --oversubscribe: the slot count Open MPI detects in a container can be
    # below 2 even where 2 cores are usable.
    if timeout "$limit" mpirun -np 2 --oversubscribe "$tmp/ours" "$@" \
            >"$tmp/ours.txt" 2>"$tmp/ours.err"; then
        ours_ok=1
    else
        echo "ours: run FAILED (exit $?):" >&2
        tail -n 20 "$tmp/ours.err" >&2
    fi
fi

# OSHMEM settings that work in a Debian 12 container (Open MPI 4.1.4,
# UCX 1.13), as root, without RDMA hardware:
#   --mca spml ucx     the only SPML in Debian's build; named so that a
#                      missing UCX fails loudly instead of falling back.
#   -x UCX_TLS=self,sm UCX over shared memory only (posix/sysv mappings, so
#                      put/get are plain loads and stores into the peer's
#                      heap); without it UCX could silently pick tcp, which
#                      is ~400x slower for small puts.
#   --mca osc ^rdma    the MPI one-sided rdma component crashes with SIGSEGV
#                      inside shmem_finalize (ompi_osc_base_finalize frees
#                      an invalid pointer) after every run otherwise.
#   --oversubscribe    as above.
# Not needed: UCX's rdmacm "No such device" diagnostics are harmless, and
# --mca scoll mpi must not be forced (it aborts in module enable).
osh_ok=0
if ! command -v oshcc >/dev/null || ! command -v oshrun >/dev/null; then
    echo "OSHMEM: oshcc/oshrun not found (apt-get install openmpi-bin libopenmpi-dev)" >&2
elif ! oshcc -O2 -std=c11 "$here/host_osu.c" -o "$tmp/osh" 2>"$tmp/osh.err"; then
    echo "OSHMEM: building host_osu with oshcc failed:" >&2
    cat "$tmp/osh.err" >&2
else
    echo "OSHMEM: oshrun -np 2 --mca spml ucx -x UCX_TLS=self,sm --mca osc ^rdma" >&2
    if timeout "$limit" oshrun -np 2 --oversubscribe --mca spml ucx \
            -x UCX_TLS=self,sm --mca osc ^rdma "$tmp/osh" "$@" \
            >"$tmp/osh.txt" 2>"$tmp/osh.err"; then
        osh_ok=1
    else
        echo "OSHMEM: run FAILED (exit $?); its column is partial or empty:" >&2
        tail -n 20 "$tmp/osh.err" >&2
    fi
fi
touch "$tmp/ours.txt" "$tmp/osh.txt"

# ratio is ours/OSHMEM in the row's own unit; 'ok' means ours is at least as
# good (lower latency, higher rate).  For put rows the memcpy column is the
# same size copied between private buffers, in the row's unit, and %mc is
# ours as a share of memcpy speed.
awk -v ours="$tmp/ours.txt" -v osh="$tmp/osh.txt" '
    function fmt(v) { return v == "" ? "-" : v }
    /^#/ || NF != 3 { next }
    {
        key = $1 " " $2
        if (FILENAME == ours) o[key] = $3; else s[key] = $3
        if ($1 == "memcpy_lat" && !($2 in mc)) mc[$2] = $3
        if ($1 != "memcpy_lat" && !(key in seen)) { seen[key] = 1; order[++n] = key }
    }
    END {
        unit["put_lat"] = "us"; unit["get_lat"] = "us"; unit["barrier_all"] = "us"
        unit["put_rate"] = "Mmsg/s"; unit["put_bw"] = "MB/s"
        printf "%-12s %8s %7s %10s %10s %7s %-7s %10s %5s\n", \
            "test", "bytes", "unit", "ours", "OSHMEM", "ratio", "verdict", "memcpy", "%mc"
        for (i = 1; i <= n; i++) {
            split(order[i], k, " ")
            t = k[1]; b = k[2]
            lower = unit[t] == "us"
            ratio = verdict = memcpy = pct = ""
            if ((order[i] in o) && (order[i] in s) && s[order[i]] > 0) {
                ratio = sprintf("%.2f", o[order[i]] / s[order[i]])
                good = lower ? o[order[i]] <= s[order[i]] : o[order[i]] >= s[order[i]]
                verdict = good ? "ok" : "SLOWER"
            }
            if ((b in mc) && mc[b] > 0) {
                if (t == "put_lat") memcpy = mc[b]
                if (t == "put_bw") memcpy = sprintf("%.2f", b / mc[b])
            }
            if (memcpy != "" && (order[i] in o) && o[order[i]] > 0)
                pct = sprintf("%.0f", 100 * (lower ? memcpy / o[order[i]] : o[order[i]] / memcpy))
            printf "%-12s %8s %7s %10s %10s %7s %-7s %10s %5s\n", t, b, unit[t], \
                fmt(o[order[i]]), fmt(s[order[i]]), fmt(ratio), fmt(verdict), fmt(memcpy), fmt(pct)
        }
    }' "$tmp/ours.txt" "$tmp/osh.txt"

[ "$osh_ok" = 1 ] || echo "note: OSHMEM run failed; its column is incomplete" >&2
if [ "$ours_ok" != 1 ]; then
    echo "FAILED: our library did not produce a complete run" >&2
    exit 1
fi
