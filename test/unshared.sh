#!/bin/sh
# Runs a command in namespaces of its own, to see how the runtime fares
# where the network or the name service is not what it expects:
#   unshared.sh net -- cmd...       a network namespace (its loopback down:
#                                   no TCP at all)
#   unshared.sh host NAME -- cmd... a UTS namespace whose host name is NAME
#                                   (one that does not resolve)
# Exits 77 (the test is skipped) where the system does not let this user
# make such a namespace (unprivileged containers).
kind=$1
shift
case "$kind" in
net) flags=-n ;;
host) flags=-u name=$1; shift ;;
*) echo "unshared.sh: net or host" >&2; exit 2 ;;
esac
[ "$1" = -- ] && shift
if ! unshare $flags true 2>/dev/null; then
    echo "unshared.sh: unshare $flags is not permitted here: skipped"
    exit 77
fi
if [ "$kind" = host ]; then
    exec unshare -u sh -c 'hostname "$0" && exec "$@"' "$name" "$@"
fi
exec unshare -n "$@"
