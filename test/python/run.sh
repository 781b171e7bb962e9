#!/bin/sh
# run.sh <python> <needs> <command ...>: runs the command once <python> has
# what the tests need, else exits 77, which ctest reports as SKIPPED (a
# missing module must never count as a pass). <needs>:
#   host  NumPy and pytest
#   nvcc  NumPy, pytest and nvcc (SHMEMPY_NVCC, else nvcc on PATH or in
#         /usr/local/cuda/bin)
#   gpu   NumPy, pytest, torch or CuPy, and a GPU that they see
#   shmem4py  shmem4py (built against this library by scripts/shmem4py.sh)
py=$1 needs=$2
shift 2
skip() { echo "SKIPPED: $*"; exit 77; }
"$py" -c 'import numpy, pytest' 2>/dev/null ||
    skip "$py lacks NumPy or pytest (apt-get install python3-numpy python3-pytest)"
case $needs in
nvcc)
    [ -x "${SHMEMPY_NVCC:-}" ] || command -v nvcc >/dev/null || [ -x /usr/local/cuda/bin/nvcc ] ||
        skip "no nvcc (set SHMEMPY_NVCC or install the CUDA toolkit)" ;;
gpu)
    "$py" - <<'PY' 2>/dev/null || skip "no GPU seen by torch or CuPy in $py"
try:
    import torch
    ok = torch.cuda.is_available()
except ImportError:
    import cupy
    ok = cupy.cuda.runtime.getDeviceCount() > 0
raise SystemExit(0 if ok else 1)
PY
    ;;
shmem4py)
    "$py" -c 'import shmem4py' 2>/dev/null ||
        skip "shmem4py is not installed in $py (sh scripts/shmem4py.sh <build dir>)" ;;
esac
exec "$@"
