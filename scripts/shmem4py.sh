#!/bin/sh
# Builds shmem4py 1.0.0 from PyPI against a build of this library, the way
# docs/python.md tells users to:
#   CFLAGS="-include shmem4py_config.h" OSHCC=oshcc pip install shmem4py
# into <build>/shmem4py (an installation of the build, a venv that sees the
# system's NumPy, and shmem4py's own tests from its source distribution),
# where the python_shmem4py tests find it. Needs PyPI; without it this
# fails and those tests stay SKIPPED. Does nothing if already done.
#   shmem4py.sh [build dir (default build)]
set -e
cd "$(dirname "$0")/.."
build=$(cd "${1:-build}" && pwd)
out=$build/shmem4py
if [ -x "$out/venv/bin/python" ] && [ -d "$out/test" ] &&
        "$out/venv/bin/python" -c 'import shmem4py' 2>/dev/null; then
    exit 0
fi
rm -rf "$out"
mkdir -p "$out"
cmake --install "$build" --prefix "$out/prefix" >/dev/null
/usr/bin/python3 -m venv --system-site-packages "$out/venv"
pip="$out/venv/bin/python -m pip --disable-pip-version-check --timeout 20 --retries 1"
$pip download --quiet --no-deps --no-binary :all: shmem4py==1.0.0 -d "$out/sdist"
tar -xzf "$out/sdist/shmem4py-1.0.0.tar.gz" -C "$out"
mv "$out/shmem4py-1.0.0/test" "$out/test"
CFLAGS="-include $out/prefix/include/shmem4py_config.h" OSHCC="$out/prefix/bin/oshcc" \
    $pip install --quiet "$out/sdist/shmem4py-1.0.0.tar.gz"
echo "shmem4py built against $build in $out"
