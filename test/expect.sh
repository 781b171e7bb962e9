#!/bin/bash
# Runs a command that is meant to fail (or to print something) and checks how:
#   expect.sh [--status N|nonzero] [--match REGEX]... [--reject REGEX]...
#             [--once REGEX]... [--within SEC] -- cmd...
# (--reject: the output must not match REGEX; --once: exactly one line of it
# must.)
# It also checks that the run left nothing behind in /dev/shm or /tmp whose
# name mentions shmem, and that it ended within SEC seconds (default 30).
status=any
within=30
matches=()
rejects=()
onces=()
while [ $# -gt 0 ]; do
    case "$1" in
    --status) status=$2; shift 2 ;;
    --match) matches+=("$2"); shift 2 ;;
    --reject) rejects+=("$2"); shift 2 ;;
    --once) onces+=("$2"); shift 2 ;;
    --within) within=$2; shift 2 ;;
    --) shift; break ;;
    *) echo "expect.sh: unknown option $1" >&2; exit 2 ;;
    esac
done

leftovers() { ls -d /dev/shm/*shmem* /tmp/*shmem* 2>/dev/null | sort; }
before=$(leftovers)
out=$(mktemp)
trap 'rm -f "$out"' EXIT
start=$(date +%s)
timeout -k 5 "$within" "$@" >"$out" 2>&1
rc=$?
elapsed=$(( $(date +%s) - start ))
cat "$out"
echo "expect.sh: exit status $rc after ${elapsed}s"

fail=0
if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 -a "$elapsed" -ge "$within" ]; then
    echo "expect.sh: FAIL: the run did not end within ${within}s (hang)"; fail=1
fi
case "$status" in
any) ;;
nonzero) [ "$rc" -ne 0 ] || { echo "expect.sh: FAIL: expected a non-zero status"; fail=1; } ;;
*) [ "$rc" -eq "$status" ] || { echo "expect.sh: FAIL: expected status $status"; fail=1; } ;;
esac
for m in "${matches[@]}"; do
    grep -Eq -- "$m" "$out" || { echo "expect.sh: FAIL: output lacks /$m/"; fail=1; }
done
for m in "${rejects[@]}"; do
    ! grep -Eq -- "$m" "$out" || { echo "expect.sh: FAIL: output has /$m/"; fail=1; }
done
for m in "${onces[@]}"; do
    n=$(grep -Ec -- "$m" "$out")
    [ "$n" -eq 1 ] || { echo "expect.sh: FAIL: /$m/ on $n lines, not 1"; fail=1; }
done
after=$(leftovers)
if [ "$before" != "$after" ]; then
    echo "expect.sh: FAIL: left behind:"; comm -13 <(echo "$before") <(echo "$after"); fail=1
fi
exit $fail
