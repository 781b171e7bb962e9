#!/bin/bash
# Runs a command, and if it is still running after SECONDS, prints the host
# stack of every thread, and the kernels on the GPU, of each process whose
# name matches PATTERN (the kernel keeps a name's first 15 characters), then
# kills the command: what a hang leaves to read. The GPU machine has no gdb,
# but its cuda-gdb attaches to host processes too. Matching names, not
# command lines, leaves out mpirun and ctest, whose lines name the program.
#   scripts/gpu-hang-stacks.sh SECONDS PATTERN command [args...]
set -u
[ $# -ge 3 ] || { echo "usage: $0 SECONDS PATTERN command [args...]" >&2; exit 2; }
secs=$1 pattern=$2
shift 2
setsid "$@" &
job=$!
for _ in $(seq "$secs"); do
    kill -0 "$job" 2>/dev/null || { wait "$job"; exit $?; }
    sleep 1
done
echo "== still running after $secs s: stacks of the processes matching '$pattern'"
gdb=$(command -v cuda-gdb || command -v gdb) || { echo "no cuda-gdb or gdb here"; gdb=; }
for pid in $(pgrep "$pattern"); do
    cmd=$(tr '\0' ' ' </proc/"$pid"/cmdline 2>/dev/null) || continue
    echo "== pid $pid: $cmd"
    [ -n "$gdb" ] || continue
    timeout 60 "$gdb" -q -batch -p "$pid" -ex "info threads" -ex "thread apply all bt" \
        -ex "info cuda kernels" 2>&1 |
        grep -v "^\[New Thread\|^Reading symbols\|^warning:"
done
kill -- -"$job" 2>/dev/null
wait "$job"
exit 124
