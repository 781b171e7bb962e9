#!/usr/bin/env bash
# The heap service's cost (src/transport/ucx/ucx_service.c): 2 PEs on two
# virtual nodes, host heaps, over UCX_TLS=tcp,self and sm,self, with the
# service off (UCX's RMA and AMOs on the registered heap) and on
# (SHMEM_UCX_HEAP_SERVICE=1: every access an active message the target
# performs, as for a device heap, without the copy engine's part). Rows:
# 8-byte putmem + quiet, 8-byte getmem and fetch_add latency (us), and
# 1 MiB putmem_nbi bandwidth (MB/s), each the median of 3 runs of
# host_osu.c and host_api.c -n.
#
# usage: bench/heap_service.sh [builddir] [-q]
set -u

source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
quick=()
for a in ${bench_args[@]+"${bench_args[@]}"}; do
    case "$a" in
    -q) quick=(-q) ;;
    *) echo "usage: $0 [builddir] [-q]" >&2; exit 2 ;;
    esac
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for b in host_osu host_api; do
    cc -O2 -std=c11 "$here/$b.c" -o "$tmp/$b" -I"$repo/include" -L"$builddir" -lshmem \
        -Wl,-rpath,"$builddir" || exit 1
done

# <tls> <service> <out>: three runs of both programs, their lines appended.
measure() {
    local tls=$1 svc=$2 out=$3
    : >"$out"
    for run in 1 2 3; do
        for b in host_osu "host_api -n"; do
            set -- $b
            if ! timeout 300 mpirun -np 2 --oversubscribe -x SHMEM_VIRTUAL_NODES=1 \
                    -x UCX_TLS="$tls" -x SHMEM_UCX_HEAP_SERVICE="$svc" \
                    "$tmp/$1" "${@:2}" ${quick[@]+"${quick[@]}"} >>"$out" 2>"$tmp/err"; then
                echo "$tls service=$svc: $b FAILED:" >&2
                tail -n 5 "$tmp/err" >&2
                exit 1
            fi
        done
    done
}

# The median of the three runs of <name> <bytes> in <file>.
pick() {
    awk -v n="$1" -v s="$2" '$1 == n && $2 == s { v[++k] = $3 }
        END { if (k == 0) { print "-"; exit }
              for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++)
                  if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
              print v[int((k + 1) / 2)] }' "$3"
}

printf "%-10s %-22s %10s %10s %7s\n" tls test off on on/off
for tls in tcp,self sm,self; do
    measure "$tls" 0 "$tmp/off"
    measure "$tls" 1 "$tmp/on"
    for row in "put_lat 8 putmem+quiet_8B_us" "get_lat 8 getmem_8B_us" \
               "amo_fadd_lat 8 fetch_add_us" "put_bw 1048576 put_nbi_1MiB_MB/s"; do
        set -- $row
        off=$(pick "$1" "$2" "$tmp/off")
        on=$(pick "$1" "$2" "$tmp/on")
        ratio=$(awk -v a="$on" -v b="$off" 'BEGIN { if (a + 0 > 0 && b + 0 > 0)
            printf "%.2f", a / b; else print "-" }')
        printf "%-10s %-22s %10s %10s %7s\n" "$tls" "$3" "$off" "$on" "$ratio"
    done
done
