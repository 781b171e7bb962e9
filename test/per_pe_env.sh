#!/bin/sh
# per_pe_env.sh VAR VALUE0 VALUE1 -- program [args]: runs program with VAR
# set to VALUE0 on the job's first PE and VALUE1 on the others (the PE from
# the launcher's rank variable), for the tests of variables that every PE
# must set alike.
var=$1 first=$2 rest=$3
shift 4
rank=${OMPI_COMM_WORLD_RANK:-${PMIX_RANK:-${SHMEMRUN_RANK:-0}}}
if [ "$rank" = 0 ]; then value=$first; else value=$rest; fi
export "$var=$value"
exec "$@"
