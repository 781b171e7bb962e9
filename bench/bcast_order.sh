#!/usr/bin/env bash
# Runs bench/bcast_order.c for our library and for Open MPI's OSHMEM, with
# each root in ROOTS, at each PE count in PES: which PE leaves the barrier
# between broadcasts first, each PE's broadcast time, and the loop time
# (bcast_order.c says why this matters to host_api's broadcast rows).
#
# usage: bench/bcast_order.sh [builddir]
#   builddir defaults to <repo>/build and must hold libshmem.so;
#   PES (default "4") and ROOTS (default "0 1") in the environment.
set -u

source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
pes=${PES:-4}
roots=${ROOTS:-0 1}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if [ ! -f "$builddir/libshmem.so" ]; then
    echo "ours: $builddir/libshmem.so not found: build the library first" >&2
    exit 1
fi
if ! cc -O2 -std=c11 -I"$repo/include" "$here/bcast_order.c" \
        -L"$builddir" -lshmem -Wl,-rpath,"$builddir" -o "$tmp/ours"; then
    echo "ours: building bcast_order failed" >&2
    exit 1
fi
have_osh=1
if ! command -v oshcc >/dev/null || ! oshcc -O2 -std=c11 "$here/bcast_order.c" -o "$tmp/osh"; then
    echo "OSHMEM: oshcc missing or failed (apt-get install openmpi-bin libopenmpi-dev)" >&2
    have_osh=0
fi

status=0
for np in $pes; do
    for root in $roots; do
        echo "== $np PEs, root $root (usec; 'first': calls of $((20000 - 5000)))"
        echo "-- ours"
        timeout 120 mpirun -np "$np" --oversubscribe "$tmp/ours" "$root" || status=1
        [ "$have_osh" = 1 ] || continue
        echo "-- OSHMEM"
        # The OSHMEM settings of compare_oshmem.sh, which says why each is needed.
        timeout 120 oshrun -np "$np" --oversubscribe --mca spml ucx -x UCX_TLS=self,sm \
            --mca osc ^rdma "$tmp/osh" "$root"
    done
done
exit "$status"
