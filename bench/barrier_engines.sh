#!/usr/bin/env bash
# Barrier latency against PE count for each engine: the dissemination
# barrier at radix 2, 3, 4 and 8, and the emulated switch. Prints one table,
# microseconds per shmem_barrier_all (the slowest PE's median run).
#
# usage: bench/barrier_engines.sh [builddir] [-q]
#   builddir defaults to <repo>/build; PES (default "2 4 8 16") sets the PE
#   counts, RADICES (default "2 3 4 8") the radices; -q makes each run short.
# PE counts above the cores measure the yielding, not the barrier.
set -u

source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
set -- "${bench_args[@]}"
run=$builddir/shmemrun
prog=$builddir/bench/barrier_engines
[ -x "$run" ] && [ -x "$prog" ] || { echo "barrier_engines.sh: build $builddir first" >&2; exit 1; }
pes=${PES:-2 4 8 16}
radices=${RADICES:-2 3 4 8}

# One measurement: prints the microseconds, or "fail".
measure() {
    local np=$1
    shift
    local out
    out=$(env "$@" "$run" -n "$np" "$prog" "${QUICK[@]}" 2>&1 | awk '/^barrier_lat/ {print $5}')
    echo "${out:-fail}"
}

QUICK=()
[ "${1:-}" = "-q" ] && QUICK=(-q)

printf '# %s, %s cores; usec per barrier\n' "$(uname -n)" "$(nproc)"
printf '%-18s' engine
for np in $pes; do printf '%10s' "$np PEs"; done
echo
status=0
row() {
    local name=$1
    shift
    printf '%-18s' "$name"
    for np in $pes; do
        v=$(measure "$np" "$@")
        [ "$v" = fail ] && status=1
        printf '%10s' "$v"
    done
    echo
}
for k in $radices; do
    row "dissemination k=$k" SHMEM_BARRIER=dissemination SHMEM_BARRIER_K="$k"
done
row "emulated switch" SHMEM_BARRIER=hw SHMEM_BARRIER_EMULATE=1
exit $status
