#!/bin/sh
# Installs what building and testing need, from Debian 12's packages.
set -e
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
export DEBIAN_FRONTEND=noninteractive
# Python 3 (which these bring) runs scripts/check-layers.py; python3-numpy
# and python3-pytest run the Python package's tests; python3-venv holds
# shmem4py (scripts/shmem4py.sh).
if ! dpkg -s build-essential cmake pkg-config libpmix-dev libhwloc-dev libucx-dev \
        openmpi-bin libopenmpi-dev python3-numpy python3-pytest python3-venv >/dev/null 2>&1; then
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq build-essential cmake pkg-config libpmix-dev \
        libhwloc-dev libucx-dev openmpi-bin libopenmpi-dev python3-numpy python3-pytest \
        python3-venv >/dev/null
fi
