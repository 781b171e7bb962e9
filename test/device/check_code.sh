#!/bin/sh
# Checks the code of test/device/probe.cu: each probe kernel stores to
# global memory and calls nothing (in PTX, nor divides 64-bit integers,
# which becomes a call in the machine code), and the module holds no printf.
#   check_code.sh ptx FILE.ptx      (nvcc's PTX: runs everywhere)
#   check_code.sh sass FILE.cubin   (the machine code: needs cuobjdump)
set -u
kind=$1 file=$2
if [ "$kind" = sass ]; then
    command -v cuobjdump >/dev/null || PATH=$PATH:/usr/local/cuda/bin
    command -v cuobjdump >/dev/null || { echo "SKIPPED: no cuobjdump here"; exit 77; }
    code=$(cuobjdump -sass "$file") || exit 1
    store='(STG|ST)\.E'
    call='CALL'
else
    code=$(cat "$file")
    store='st(\.volatile)?\.global'
    # ptxas turns a 64-bit division or remainder into a call.
    call='call|(div|rem)\.[us]64'
fi
fail=0
for k in probe_p probe_put; do
    body=$(printf '%s\n' "$code" | awk -v k="$k" '
        $0 ~ ("Function : " k "$") || $0 ~ ("\\.entry " k "\\(") { on = 1; next }
        on && ($0 ~ /Function : / || $0 ~ /\.entry /) { on = 0 }
        on { print }')
    [ -n "$body" ] || { echo "$k: not found in $file"; fail=1; continue; }
    if printf '%s\n' "$body" | grep -Eq "$store"; then
        echo "$k: global stores: $(printf '%s\n' "$body" | grep -Ec "$store")"
    else
        echo "$k: FAIL: no global store"; fail=1
    fi
    if printf '%s\n' "$body" | grep -Eqw "$call"; then
        echo "$k: FAIL: calls:"; printf '%s\n' "$body" | grep -Ew "$call"; fail=1
    fi
done
# The device API brings no printf into a user's module: a module with one
# makes the driver reserve 64 MiB of GPU memory when it loads.
if [ "$kind" = ptx ]; then
    if grep -q 'vprintf' "$file"; then
        echo "printf: FAIL: the probe module calls vprintf"; fail=1
    else
        echo "printf: none"
    fi
fi
exit $fail
