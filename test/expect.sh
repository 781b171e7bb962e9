#!/bin/bash
# Runs a command that is meant to fail (or to print something) and checks how:
#   expect.sh [--status N|nonzero] [--match REGEX]... [--reject REGEX]...
#             [--once REGEX]... [--within SEC] [--repeat N] -- cmd...
# (--reject: the output must not match REGEX; --once: exactly one line of it
# must; --repeat: N runs, each checked, for outcomes that could race.)
# It also checks that the runs left nothing behind in /dev/shm or /tmp whose
# name mentions shmem, and that each ended within SEC seconds (default 30).
status=any
within=30
repeat=1
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
    --repeat) repeat=$2; shift 2 ;;
    --) shift; break ;;
    *) echo "expect.sh: unknown option $1" >&2; exit 2 ;;
    esac
done

leftovers() { ls -d /dev/shm/*shmem* /tmp/*shmem* 2>/dev/null | sort; }
before=$(leftovers)
out=$(mktemp)
trap 'rm -f "$out"' EXIT

# One run and its checks: the failures, one line each, in $failures.
run() {
    local start rc elapsed m n
    failures=""
    start=$(date +%s)
    timeout -k 5 "$within" "$@" >"$out" 2>&1
    rc=$?
    elapsed=$(( $(date +%s) - start ))
    summary="exit status $rc after ${elapsed}s"
    if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 -a "$elapsed" -ge "$within" ]; then
        failures+="the run did not end within ${within}s (hang)"$'\n'
    fi
    case "$status" in
    any) ;;
    nonzero) [ "$rc" -ne 0 ] || failures+="expected a non-zero status"$'\n' ;;
    *) [ "$rc" -eq "$status" ] || failures+="expected status $status"$'\n' ;;
    esac
    for m in "${matches[@]}"; do
        grep -Eq -- "$m" "$out" || failures+="output lacks /$m/"$'\n'
    done
    for m in "${rejects[@]}"; do
        ! grep -Eq -- "$m" "$out" || failures+="output has /$m/"$'\n'
    done
    for m in "${onces[@]}"; do
        n=$(grep -Ec -- "$m" "$out")
        [ "$n" -eq 1 ] || failures+="/$m/ on $n lines, not 1"$'\n'
    done
}

fail=0
for i in $(seq "$repeat"); do
    run "$@"
    # A run repeated is shown only where it failed, to keep the log short.
    if [ "$repeat" -eq 1 ] || [ -n "$failures" ]; then
        cat "$out"
    fi
    if [ "$repeat" -eq 1 ]; then
        echo "expect.sh: $summary"
    else
        echo "expect.sh: run $i of $repeat: $summary"
    fi
    if [ -n "$failures" ]; then
        printf '%s' "$failures" | sed 's/^/expect.sh: FAIL: /'
        fail=1
    fi
done
after=$(leftovers)
if [ "$before" != "$after" ]; then
    echo "expect.sh: FAIL: left behind:"; comm -13 <(echo "$before") <(echo "$after"); fail=1
fi
exit $fail
