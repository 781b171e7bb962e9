#!/usr/bin/env bash
# Heap against global buffers: bench/host_osu.c's rows with its symmetric
# buffers from shmem_malloc and as global arrays (-g), the two launched in
# turn, ROUNDS times (default 5), on 2 PEs under shmemrun, cores 0 and 1
# when taskset is there. Prints one table: each row's median and best
# over the rounds, for both, and global/heap of the medians (time rows)
# or heap/global (bandwidth rows), so that above 1 means globals slower.
#
# usage: bench/statics.sh [builddir]   (ROUNDS, ROWS="test:bytes ...")
set -u
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
rounds=${ROUNDS:-5}
rows=${ROWS:-"put_lat:8 put_lat:4096 get_lat:8 get_lat:4096 put_rate:8 put_bw:65536 get_bw:65536"}
bin=$builddir/bench/host_osu
[ -x "$bin" ] || { echo "statics.sh: $bin not found: build the benchmarks first" >&2; exit 1; }
pin=()
command -v taskset >/dev/null && pin=(taskset -c 0,1)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for ((r = 1; r <= rounds; r++)); do
    for row in $rows; do
        t=${row%%:*} b=${row##*:}
        for kind in heap global; do
            flag=()
            [ $kind = global ] && flag=(-g)
            "${pin[@]}" timeout 60 "$builddir/shmemrun" -n 2 "$bin" "${flag[@]}" -o "$t" -s "$b" \
                >"$tmp/out" 2>"$tmp/err" || { cat "$tmp/err" >&2; exit 1; }
            awk -v k=$kind '!/^#/ {print k, $1, $2, $3}' "$tmp/out" >>"$tmp/all"
        done
    done
done
echo "# bench/statics.sh: $rounds rounds, 2 PEs, shmemrun; heap and global runs in turn"
printf '| row | bytes | heap median | heap best | global median | global best | global vs heap |\n'
printf '|---|---|---|---|---|---|---|\n'
for row in $rows; do
    t=${row%%:*} b=${row##*:}
    stats() { awk -v k=$1 -v t=$t -v b=$b '$1 == k && $2 == t && $3 == b {print $4}' "$tmp/all" | sort -g; }
    hm=$(stats heap | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}')
    gm=$(stats global | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}')
    case $t in *_lat) hb=$(stats heap | head -1); gb=$(stats global | head -1);
                      ratio=$(awk -v g=$gm -v h=$hm 'BEGIN {printf "%.3f", g / h}') ;;
               *) hb=$(stats heap | tail -1); gb=$(stats global | tail -1);
                  ratio=$(awk -v g=$gm -v h=$hm 'BEGIN {printf "%.3f", h / g}') ;;
    esac
    printf '| %s | %s | %s | %s | %s | %s | %s |\n' "$t" "$b" "$hm" "$hb" "$gm" "$gb" "$ratio"
done
