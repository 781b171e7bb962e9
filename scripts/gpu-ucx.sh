# Sourced on the GPU machine: where pkg-config finds no UCX (the GPU image
# has none and cannot fetch one), unpacks Debian's libucx0/libucx-dev .debs
# carried in .debs/ under /tmp, moves their prefix there, and exports
# PKG_CONFIG_PATH and LD_LIBRARY_PATH; SHMEM_UCX_DEBS then says so. Fetch
# them with: mkdir -p .debs && (cd .debs && apt-get download libucx0 libucx-dev)
# (.debs/ is ignored by git: name it in the device tool's carry).
if ! pkg-config --exists ucx && ls .debs/libucx*.deb >/dev/null 2>&1; then
    ucx_root=/tmp/ucx-root
    rm -rf "$ucx_root" && mkdir -p "$ucx_root"
    for f in .debs/libucx*.deb; do dpkg -x "$f" "$ucx_root"; done
    ucx_lib=$ucx_root/usr/lib/x86_64-linux-gnu
    sed -i "s|^prefix = /usr|prefix = $ucx_root/usr|" "$ucx_lib"/pkgconfig/*.pc
    export PKG_CONFIG_PATH=$ucx_lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}
    export LD_LIBRARY_PATH=$ucx_lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
    SHMEM_UCX_DEBS="$(pkg-config --modversion ucx) unpacked from .debs/"
fi
