"""GPU symmetric arrays as torch tensors or CuPy arrays, through DLPack: a
DLManagedTensor over the heap memory, which the framework takes without a
copy. The framework's deleter only drops our record of it: the memory is
the heap's, freed collectively by shmem.free."""
import ctypes

import numpy as np

from . import _cuda
from ._errors import error

_KDL_CUDA = 2
# DLDataTypeCode by NumPy kind.
_CODES = {"i": 0, "u": 1, "f": 2, "c": 5, "b": 6}


class _Device(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int), ("device_id", ctypes.c_int)]


class _DType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16)]


class _Tensor(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("device", _Device), ("ndim", ctypes.c_int),
                ("dtype", _DType), ("shape", ctypes.POINTER(ctypes.c_int64)),
                ("strides", ctypes.POINTER(ctypes.c_int64)), ("byte_offset", ctypes.c_uint64)]


class _Managed(ctypes.Structure):
    pass


_Deleter = ctypes.CFUNCTYPE(None, ctypes.POINTER(_Managed))
_Managed._fields_ = [("dl_tensor", _Tensor), ("manager_ctx", ctypes.c_void_p),
                     ("deleter", _Deleter)]

# What a framework still holds, by the address of its DLManagedTensor.
_held = {}


@_Deleter
def _delete(managed):
    _held.pop(ctypes.addressof(managed.contents), None)


_capsule_new = ctypes.pythonapi.PyCapsule_New
_capsule_new.restype = ctypes.py_object
_capsule_new.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]


class _Exporter:
    """An object with __dlpack__ and __dlpack_device__, as from_dlpack wants."""

    def __init__(self, addr, shape, dtype, device_id):
        if dtype.kind not in _CODES:
            raise error(TypeError, "zeros", f"dtype {dtype} has no DLPack code",
                        "use an integer, floating, complex or bool dtype")
        self.device_id = device_id
        m = _Managed()
        shp = (ctypes.c_int64 * max(len(shape), 1))(*shape)
        m.dl_tensor = _Tensor(addr, _Device(_KDL_CUDA, device_id), len(shape),
                              _DType(_CODES[dtype.kind], dtype.itemsize * 8, 1),
                              shp, None, 0)
        m.deleter = _delete
        self.managed = m
        _held[ctypes.addressof(m)] = (m, shp)

    def __dlpack__(self, stream=None, **_):
        return _capsule_new(ctypes.addressof(self.managed), b"dltensor", None)

    def __dlpack_device__(self):
        return (_KDL_CUDA, self.device_id)


def framework(name):
    """The from_dlpack of the framework named (None: torch, else CuPy)."""
    if name not in (None, "torch", "cupy"):
        raise error(ValueError, "zeros", f"framework {name!r} is unknown",
                    "pass 'torch', 'cupy' or None (torch where installed)")
    for candidate in ((name,) if name else ("torch", "cupy")):
        try:
            return __import__(candidate).from_dlpack
        except ImportError:
            pass
    raise error(ImportError, "zeros", f"device='cuda' needs {name or 'torch or CuPy'}",
                "pip install torch (or cupy-cuda12x)")


def wrap(from_dlpack, addr, shape, dtype):
    return from_dlpack(_Exporter(addr, shape, np.dtype(dtype), _cuda.device()))
