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
"$py" - "$tmp" "$rounds" <<'PY'
import statistics, sys
tmp, rounds = sys.argv[1], int(sys.argv[2])
def load(kind):
    runs = []
    for r in range(1, rounds + 1):
        runs.append({l.split()[0]: [float(x) for x in l.split()[1:]]
                     for l in open(f"{tmp}/{kind}.{r}")})
    return runs
c, py = load("c"), load("py")
print(f"| call | C (ns) | Python package (ns) | ctypes alone (ns) | package overhead (ns) |")
print("|---|---|---|---|---|")
for name in c[0]:
    cm = statistics.median(run[name][0] for run in c)
    pm = statistics.median(run[name][0] for run in py)
    rm = statistics.median(run[name][1] for run in py)
    print(f"| {name} | {cm:.0f} | {pm:.0f} | {rm:.0f} | {pm - cm:.0f} |")
print(f"\nmedians of {rounds} rounds; each round runs C then Python")
PY
