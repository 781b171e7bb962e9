#!/bin/sh
# Installs what building and testing need, from Debian 12's packages.
set -e
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
export DEBIAN_FRONTEND=noninteractive
# python3: scripts/check-layers.py, the layering check of the test suite.
if ! dpkg -s build-essential cmake pkg-config libpmix-dev libhwloc-dev libucx-dev \
        openmpi-bin libopenmpi-dev python3 >/dev/null 2>&1; then
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq build-essential cmake pkg-config libpmix-dev \
        libhwloc-dev libucx-dev openmpi-bin libopenmpi-dev python3 >/dev/null
fi
