"""CUDA kernels from Python strings. A source that includes <shmem.h> calls
the device API in its kernels like any CUDA source of this library's: no
-rdc and no device library, so nvcc compiles it alone into a cubin, which
the driver loads. The library fills each module's copy of the state its
kernels read (window, PE numbers, teams) through the registration call it
offers CUDA modules; a kernel should be declared extern "C" so that its name
is the one given here.

SHMEMPY_NVCC names nvcc; else nvcc on PATH, $CUDA_HOME/bin or
/usr/local/cuda/bin."""
import ctypes
import os
import re
import shutil
import subprocess
import tempfile

import numpy as np

from . import _cuda, _lib, _runtime
from ._errors import error


def nvcc():
    for path in (os.environ.get("SHMEMPY_NVCC"), shutil.which("nvcc"),
                 os.path.join(os.environ.get("CUDA_HOME", "/usr/local/cuda"), "bin", "nvcc"),
                 "/usr/local/cuda/bin/nvcc"):
        if path and os.access(path, os.X_OK):
            return path
    raise error(FileNotFoundError, "compile_kernel", "nvcc was not found",
                "install the CUDA toolkit or set SHMEMPY_NVCC to nvcc's path")


def compile_cubin(source, arch=None, options=()):
    """The cubin (bytes) of a CUDA source string, compiled with nvcc for arch
    (e.g. "sm_90"; by default the GPU of this PE). Needs no GPU when arch is
    given."""
    if arch is None:
        major, minor = _cuda.compute_capability()
        arch = f"sm_{major}{minor}"
    with tempfile.TemporaryDirectory(prefix="shmem-kernel-") as tmp:
        src, out = os.path.join(tmp, "kernel.cu"), os.path.join(tmp, "kernel.cubin")
        with open(src, "w") as f:
            f.write(source)
        # SHMEMI_DEVICE_MODULE gives the state an unmangled name, which the
        # package looks up in the loaded module to fill it.
        cmd = [nvcc(), "-cubin", f"-arch={arch}", "-std=c++17", "-O3",
               "-DSHMEMI_DEVICE_MODULE", *[f"-I{d}" for d in _lib.include_dirs()],
               *options, "-o", out, src]
        done = subprocess.run(cmd, capture_output=True, text=True)
        if done.returncode != 0:
            raise error(RuntimeError, "compile_kernel", "nvcc failed:\n" + done.stderr.strip(),
                        "fix the source (command: " + " ".join(cmd) + ")")
        with open(out, "rb") as f:
            return f.read()


# The loaded modules' state variables (device address, bytes), which the
# library's update fills; the library's own state, once it has given it.
_modules = {}
_state = None


@ctypes.CFUNCTYPE(None, ctypes.c_void_p)
def _update(state):
    global _state
    _state = state
    for ptr, size in _modules.values():
        _copy_state(ptr, size)


def _copy_state(ptr, size):
    cu = _cuda.driver()
    _cuda.check("compile_kernel", cu.cuMemcpyHtoD_v2(ctypes.c_uint64(ptr),
                                                     ctypes.c_void_p(_state),
                                                     ctypes.c_size_t(size)), "cuMemcpyHtoD")


_registered = False


def _registration():
    """The library's entry point for CUDA modules' state (as the headers'
    registration calls it)."""
    return _lib.fn("shmemi_device_register_abi", None, ctypes.c_uint, ctypes.c_size_t,
                   ctypes.c_void_p)


def _abi_version():
    """The device ABI version of the headers that compile_cubin compiles
    against, which the library checks with the state's size (a module built
    against other headers would misread the state it is given)."""
    for d in _lib.include_dirs():
        path = os.path.join(d, "shmem", "internal", "device_state.h")
        if os.path.exists(path):
            with open(path) as f:
                m = re.search(r"^#define SHMEMI_DEVICE_ABI_VERSION (\d+)", f.read(), re.M)
            if m:
                return int(m.group(1))
    raise error(FileNotFoundError, "compile_kernel",
                "shmem/internal/device_state.h (SHMEMI_DEVICE_ABI_VERSION) was not found in "
                + ", ".join(_lib.include_dirs()),
                "set SHMEMPY_INCLUDE_DIR to the include folder installed with the library")


def _register(module, ptr, size):
    global _registered
    _modules[module] = (ptr, size)
    if not _registered:
        # The library calls _update now if the heap is on the GPU, and again
        # at shmem_finalize; the callback lives as long as the process.
        _registration()(_abi_version(), size, ctypes.cast(_update, ctypes.c_void_p))
        _registered = True
    elif _state is not None:
        _copy_state(ptr, size)
    if _state is None:
        del _modules[module]
        raise error(RuntimeError, "compile_kernel", "the symmetric heap is not on the GPU, "
                    "so kernels cannot reach it", "run with SHMEM_HEAP=device (or pinned)")


def forget_modules():
    """At shmem.finalize: the modules' state is no longer the library's to
    fill (it publishes a last, empty one while it tears the GPU state down)."""
    _modules.clear()


def _stream(s):
    """A CUstream from a torch.cuda.Stream, a CuPy stream, an int or None."""
    if s is None:
        return 0
    if isinstance(s, int):
        return s
    h = getattr(s, "cuda_stream", None)  # torch
    if h is None:
        h = getattr(s, "ptr", None)  # CuPy
    if h is not None:
        return int(h)
    raise error(TypeError, "stream", f"{type(s).__name__} is not a stream",
                "pass a torch.cuda.Stream, a CuPy stream, a CUstream int or None")


def _arg(i, a):
    if isinstance(a, ctypes._SimpleCData):
        return a
    if hasattr(a, "__cuda_array_interface__"):
        return ctypes.c_void_p(a.__cuda_array_interface__["data"][0])
    if isinstance(a, np.ndarray):
        return ctypes.c_void_p(a.__array_interface__["data"][0])
    if isinstance(a, np.generic):
        return np.ctypeslib.as_ctypes_type(a.dtype)(a.item())
    if isinstance(a, bool) or not isinstance(a, (int, float)):
        raise error(TypeError, "Kernel", f"argument {i} is a {type(a).__name__}",
                    "pass arrays, ints (as C int), floats (as C double), NumPy scalars "
                    "or ctypes values")
    if isinstance(a, float):
        return ctypes.c_double(a)
    if not -2**31 <= a < 2**31:
        raise error(TypeError, "Kernel", f"argument {i} ({a}) does not fit a C int",
                    "pass ctypes.c_longlong(value) or np.int64(value)")
    return ctypes.c_int(a)


def _dim3(call, d):
    d = (d,) if isinstance(d, int) else tuple(d)
    if not 1 <= len(d) <= 3:
        raise error(ValueError, call, f"{d} is not a 1-3 dimensional size", "pass an int or a tuple")
    return d + (1,) * (3 - len(d))


class Kernel:
    """A kernel of a module compiled by compile_kernel; call it as
    kernel(grid, block, *args, stream=None, shared_mem=0)."""

    def __init__(self, cubin, name):
        _runtime.require("compile_kernel")
        cu = _cuda.require("compile_kernel")
        self._module = ctypes.c_void_p()
        _cuda.check("compile_kernel", cu.cuModuleLoadData(ctypes.byref(self._module), cubin),
                    "cuModuleLoadData")
        self._fn = ctypes.c_void_p()
        rc = cu.cuModuleGetFunction(ctypes.byref(self._fn), self._module, name.encode())
        _cuda.check("compile_kernel", rc, f"finding kernel {name!r} (declare it extern \"C\")")
        ptr, size = ctypes.c_uint64(), ctypes.c_size_t()
        rc = cu.cuModuleGetGlobal_v2(ctypes.byref(ptr), ctypes.byref(size), self._module,
                                     b"shmemi_dstate")
        _cuda.check("compile_kernel", rc, "finding the device state (#include <shmem.h>)")
        try:
            _register(self._module.value, ptr.value, size.value)
        except RuntimeError:
            cu.cuModuleUnload(self._module)
            raise
        self.name = name

    def __call__(self, grid, block, *args, stream=None, shared_mem=0):
        cu = _cuda.driver()
        cargs = [_arg(i, a) for i, a in enumerate(args)]
        params = (ctypes.c_void_p * max(len(cargs), 1))(
            *[ctypes.addressof(a) for a in cargs])
        g, b = _dim3("Kernel", grid), _dim3("Kernel", block)
        rc = cu.cuLaunchKernel(self._fn, *[ctypes.c_uint(x) for x in g + b],
                               ctypes.c_uint(shared_mem), ctypes.c_void_p(_stream(stream)),
                               params, None)
        _cuda.check("Kernel", rc, f"launching {self.name}")

    def unload(self):
        _modules.pop(self._module.value, None)
        _cuda.check("Kernel.unload", _cuda.driver().cuModuleUnload(self._module),
                    "cuModuleUnload")


def compile_kernel(source, name, arch=None, options=()):
    """Compiles source with nvcc and loads kernel `name` on this PE's GPU
    (after shmem.init, on a GPU heap)."""
    return Kernel(compile_cubin(source, arch, options), name)
