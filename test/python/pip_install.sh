#!/bin/sh
# pip_install.sh <python> <build tree's package> <shmemrun> <work dir>: the
# package installs with pip (no compiler, no network), and the installed
# copy runs the first program of docs/python.md at 4 PEs, finding the
# library it was built with.
set -e
py=$1 pkg=$2 shmemrun=$3 work=$4
rm -rf "$work"
mkdir -p "$work"
# pip writes its build files beside the sources: a copy keeps the tree clean.
cp -r "$pkg" "$work/src"
"$py" -m pip install --quiet --no-deps --no-build-isolation --no-index \
    --target "$work/site" "$work/src"
cd "$work"
PYTHONPATH="$work/site" "$shmemrun" -n 4 "$py" "$work/src/examples/hello.py" > out.txt
cat out.txt
# print() writes its text and its newline apart where Python's output is
# unbuffered (PYTHONUNBUFFERED), so another PE's line may land between them.
for pe in 0 1 2 3; do
    grep -qE "PE $pe received $(( (pe + 3) % 4 ))([^0-9]|\$)" out.txt ||
        { echo "FAIL: PE $pe did not receive $(( (pe + 3) % 4 ))"; exit 1; }
done
echo "installed package ran at 4 PEs"
