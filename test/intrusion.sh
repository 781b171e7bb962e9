#!/bin/bash
# Runs a job with an intruder beside it (test/intruder.c):
#   intrusion.sh USER -- INTRUDER ARGS... -- COMMAND...
# USER is the intruder's user: '-' for the job's own, or the name of
# another, which this script creates where it runs as root (useradd). Where
# it cannot, it exits 77 (the test is skipped). It starts the intruder,
# runs COMMAND (an expect.sh run of the job) once the intruder is ready,
# prints what the intruder saw, and fails where COMMAND failed or the
# intruder got something ("intruder: got ...").
user=$1
shift 2
intruder=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do
    intruder+=("$1")
    shift
done
shift

if [ "$user" != - ]; then
    if [ "$(id -u)" != 0 ]; then
        echo "intrusion.sh: making user $user needs root: skipped"
        exit 77
    fi
    # Tests that run at once would race to add the user.
    if ! flock /etc/passwd sh -c "getent passwd '$user' >/dev/null ||
            useradd --system --no-create-home --shell /usr/sbin/nologin '$user'"; then
        echo "intrusion.sh: cannot add user $user: skipped"
        exit 77
    fi
    export INTRUDER_USER=$user
fi

# The intruder goes for this script's jobs alone.
export INTRUDER_SCOPE=$$
log=$(mktemp)
trap 'rm -f "$log"' EXIT
"${intruder[@]}" >"$log" 2>&1 &
pid=$!
for _ in $(seq 100); do
    grep -q "^intruder: ready" "$log" && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.05
done
if ! grep -q "^intruder: ready" "$log"; then
    cat "$log"
    echo "intrusion.sh: FAIL: the intruder did not start"
    kill "$pid" 2>/dev/null
    exit 1
fi

"$@"
rc=$?
kill "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
echo "--- what the intruder saw:"
cat "$log"
if grep -q "^intruder: got" "$log"; then
    echo "intrusion.sh: FAIL: the intruder got into the job"
    rc=1
fi
exit $rc
