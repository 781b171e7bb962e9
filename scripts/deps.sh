#!/bin/sh
# Installs what building and testing need, from Debian 12's packages.
set -e
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
export DEBIAN_FRONTEND=noninteractive
if ! dpkg -s build-essential cmake pkg-config libpmix-dev libhwloc-dev libucx-dev \
        openmpi-bin libopenmpi-dev >/dev/null 2>&1; then
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq build-essential cmake pkg-config libpmix-dev \
        libhwloc-dev libucx-dev openmpi-bin libopenmpi-dev >/dev/null
fi
