#!/bin/bash
# shmemrun whose first bootstrap socket name is taken:
#   shmemrun_taken.sh INTRUDER FIXED_RANDOM_SO SHMEMRUN ARGS...
# The name is shmemrun-<its pid>-<random>: a subshell that will exec
# shmemrun waits on a FIFO while the intruder takes the name that its pid
# and fixed_random.c's first draw make; then shmemrun starts.
intruder=$1 so=$2
shift 2
dir=$(mktemp -d)
trap 'kill "$ipid" 2>/dev/null; rm -rf "$dir"' EXIT
mkfifo "$dir/go"
# A sanitized shmemrun would refuse a library loaded before its runtime.
asan=${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0
(read -r _ <"$dir/go"; exec env LD_PRELOAD="$so" ASAN_OPTIONS="$asan" "$@") &
run=$!
"$intruder" listen "shmemrun-$run-5a5a5a5a5a5a5a5a" 60 >"$dir/log" 2>&1 &
ipid=$!
for _ in $(seq 100); do
    grep -q "^intruder: " "$dir/log" && break
    sleep 0.05
done
cat "$dir/log"
echo go >"$dir/go"
wait "$run"
