"""Finds and loads libshmem, and declares its routines for ctypes.

The library is looked for, in order: at SHMEMPY_LIBRARY (a path); where the
CMake build that produced this copy of the package put it (_build_config.py,
written only into the build tree's copy); through pkg-config's `shmem`
module; by the dynamic loader's search (LD_LIBRARY_PATH, ld.so.conf).
The package's variables are SHMEMPY_*: the library warns about any SHMEM_
variable that is not its own.
"""
import ctypes
import os
import subprocess

try:
    from . import _build_config
except ImportError:
    _build_config = None


def _candidates():
    env = os.environ.get("SHMEMPY_LIBRARY")
    if env:
        # An explicit choice is the only one: falling back would hide a typo.
        return [env]
    found = []
    if _build_config is not None:
        found.append(_build_config.LIBRARY)
    try:
        libdir = subprocess.run(["pkg-config", "--variable=libdir", "shmem"],
                                capture_output=True, text=True, timeout=10).stdout.strip()
        if libdir:
            found.append(os.path.join(libdir, "libshmem.so"))
    except (OSError, subprocess.SubprocessError):
        pass
    found.append("libshmem.so.0")
    return found


def _load():
    tried = []
    for path in _candidates():
        try:
            # RTLD_GLOBAL: CUDA modules compiled at run time reach the
            # library's exported registration call through the process.
            return ctypes.CDLL(path, mode=ctypes.RTLD_GLOBAL), path
        except OSError as e:
            tried.append(f"{path}: {e}")
    raise ImportError("shmem: libshmem not found (tried " + "; ".join(tried) +
                      "); set SHMEMPY_LIBRARY to the path of libshmem.so, or install "
                      "the package from the build tree (pip install <build>/python)")


lib, path = _load()


def fn(name, restype, *argtypes):
    """The routine `name` of the library, with its C signature declared."""
    f = getattr(lib, name)
    f.restype = restype
    f.argtypes = argtypes
    return f


def include_dirs():
    """Where shmem.h is, for compiling kernels: the build's or the install's."""
    if _build_config is not None:
        return list(_build_config.INCLUDE_DIRS)
    env = os.environ.get("SHMEMPY_INCLUDE_DIR")
    if env:
        return [env]
    return [os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(path))), "include")]
