#!/bin/sh
# Per-call time of host calls from Python (the package, and ctypes alone)
# next to the C call, at 2 PEs under shmemrun (barrier_all at 1 PE as well,
# the call alone): ROUNDS rounds (default 3), C and Python interleaved in
# each, and the median of each figure.
#   python_overhead.sh [build dir (default build)]
# PYTHON names the interpreter (default /usr/bin/python3).
set -e
cd "$(dirname "$0")/.."
build=${1:-build}
py=${PYTHON:-/usr/bin/python3}
rounds=${ROUNDS:-3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for r in $(seq "$rounds"); do
    for n in 1 2; do
        "$build/shmemrun" -n $n "$build/bench/python_overhead" >> "$tmp/c.$r"
        PYTHONPATH="$build/python" "$build/shmemrun" -n $n "$py" bench/python_overhead.py >> "$tmp/py.$r"
    done
done
"$py" bench/overhead_table.py "$tmp" "$rounds" ns 0
