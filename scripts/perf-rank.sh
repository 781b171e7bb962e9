#!/bin/bash
# Profiles one rank of an SPMD run with perf, the others run as they are:
#   mpirun -np 2 -x PERF_RANK=1 scripts/perf-rank.sh prog args...
# writes perf.<rank>.data (in PERF_DIR, default /tmp) for `perf report -i`.
# The GPU machine has no perf: `scripts/perf-rank.sh --pack` (here, on
# Debian 12) copies this machine's perf and the libraries it needs beside
# libc into .perf/ (ignored by git; name it in the device tool's carry),
# which this script then runs there. It profiles both ends of a transfer:
# the sm put and get gap on UCX 1.16 was a waiting PE's sched_yield seen so
# (bench/results/2026-11-26-ucx-1.16-vs-oshmem.md). PERF_FREQ sets the sampling rate (default 20000
# per second); with PERF_RANK=all every rank is profiled.
# `scripts/perf-rank.sh --report <perf.data>` prints the top of its report
# (libraries, then functions) with the same perf.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
pack=$here/.perf
perf_cmd() { # perf with its own libraries where only the packed one is here
    if command -v perf >/dev/null; then
        perf "$@"
    else
        LD_LIBRARY_PATH="$pack${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" "$pack/perf" "$@"
    fi
}
if [ "${1:-}" = --report ]; then
    for sort in dso dso,symbol; do
        perf_cmd report -i "$2" --no-children --sort $sort 2>/dev/null |
            grep '%' | grep -v '^ *|\|--' | head -"${PERF_TOP:-30}"
    done
    exit 0
fi
if [ "${1:-}" = --pack ]; then
    rm -rf "$pack" && mkdir -p "$pack"
    perf=$(command -v perf) || { echo "no perf here: apt-get install linux-perf" >&2; exit 1; }
    cp -L "$perf" "$pack/perf"
    ldd "$perf" | awk '/=> \// { print $3 }' | grep -vE '/lib(c|m|pthread|dl|rt)\.so' |
        xargs -I{} cp -L {} "$pack/"
    echo "$pack: $(ls "$pack" | wc -l) files"
    exit 0
fi
rank=${OMPI_COMM_WORLD_RANK:-${PMIX_RANK:-0}}
if [ "${PERF_RANK:-0}" != all ] && [ "$rank" != "${PERF_RANK:-0}" ]; then
    exec "$@"
fi
command -v perf >/dev/null || [ -x "$pack/perf" ] ||
    { echo "no perf and no $pack (run $0 --pack where perf is)" >&2; exit 1; }
# perf's own libraries for perf alone: the program runs with the caller's.
perf_cmd record -F "${PERF_FREQ:-20000}" -g -o "${PERF_DIR:-/tmp}/perf.$rank.data" \
    env LD_LIBRARY_PATH="${LD_LIBRARY_PATH:-}" "$@"
