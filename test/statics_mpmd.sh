#!/bin/sh
# One PE of the mpmd scenario: PE 0 (under mpirun or shmemrun) runs
# statics_edges, the others statics_other.
#   statics_mpmd.sh <statics_edges> <statics_other>
rank=${OMPI_COMM_WORLD_RANK:-${SHMEMRUN_RANK:-0}}
if [ "$rank" = 0 ]; then exec "$1" mpmd; else exec "$2"; fi
