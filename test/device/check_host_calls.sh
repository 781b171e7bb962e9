#!/bin/sh
# check_host_calls.sh <object of host_calls.cu>: the host side of the
# routines CUDA sources define inline calls shmem_X, never pshmem_X (which
# no profiling wrapper sees).
nm -u "$1" > "$1.syms" || exit 1
if grep -q 'pshmem_' "$1.syms"; then
    echo "host calls from a CUDA source reach pshmem_ names:"; grep 'pshmem_' "$1.syms"; exit 1
fi
for r in shmem_int_p shmem_putmem shmem_long_atomic_add shmem_int_wait_until \
         shmem_barrier_all shmem_my_pe shmem_team_my_pe; do
    grep -qx " *U $r" "$1.syms" || { echo "no call to $r"; cat "$1.syms"; exit 1; }
done
echo "host calls reach the shmem_ names"
