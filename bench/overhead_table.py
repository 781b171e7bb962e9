"""The table of bench/python_overhead.sh and bench/python_stream_overhead.sh:
<dir>/c.<r> holds round r's C lines "<call> <time>", <dir>/py.<r> its Python
lines "<call> <package time> <ctypes time>"; prints the medians of each call
(the Python file's calls, in its order) and the package's overhead over C.
usage: overhead_table.py <dir> <rounds> <unit> <decimals>"""
import statistics
import sys

tmp, rounds, unit, places = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])


def load(kind):
    return [{l.split()[0]: [float(x) for x in l.split()[1:]] for l in open(f"{tmp}/{kind}.{r}")}
            for r in range(1, rounds + 1)]


c, py = load("c"), load("py")
print(f"| call | C ({unit}) | Python package ({unit}) | ctypes alone ({unit}) | "
      f"package overhead ({unit}) |")
print("|---|---|---|---|---|")
for name in py[0]:
    cm = statistics.median(run[name][0] for run in c)
    pm = statistics.median(run[name][0] for run in py)
    rm = statistics.median(run[name][1] for run in py)
    print(f"| {name} | {cm:.{places}f} | {pm:.{places}f} | {rm:.{places}f} | {pm - cm:.{places}f} |")
print(f"\nmedians of {rounds} rounds; each round runs C then Python")
