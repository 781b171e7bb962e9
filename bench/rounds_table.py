"""The table of bench/coll_compare.sh:
FILE holds lines "<column> <bytes> <us>" from every round (and "# ..." notes,
printed once); prints one row per size with the median of the rounds and
the best in brackets, the columns in the order they first appear.
usage: rounds_table.py FILE [size label]"""
import statistics
import sys


def table(path, label="bytes per PE"):
    runs, notes, columns = {}, [], []
    for line in open(path):
        if line.startswith("#"):
            if line not in notes:
                notes.append(line)
                print(line.rstrip())
            continue
        name, nbytes, us = line.split()
        if name not in columns:
            columns.append(name)
        runs.setdefault((int(nbytes), name), []).append(float(us))
    if not runs:
        sys.exit(f"rounds_table.py: no measurements in {path}")
    rounds = max(len(v) for v in runs.values())
    print(f"us per call, median of {rounds} rounds (best)\n")
    print(f"| {label} | " + " | ".join(columns) + " |")
    print("|---" * (len(columns) + 1) + "|")
    for nbytes in sorted({k[0] for k in runs}):
        cells = [f"{statistics.median(v):.1f} ({min(v):.1f})" if (v := runs.get((nbytes, c)))
                 else "-" for c in columns]
        print(f"| {nbytes} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    table(*sys.argv[1:])
