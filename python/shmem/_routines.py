"""The library's typed routines, declared on first use: shmem_<typename>_<op>
for the typename that the type table gives a dtype in a class of routines."""
import ctypes

from . import _lib, _types
from ._errors import error

_cache = {}


def routine(name, restype, *argtypes):
    f = _cache.get(name)
    if f is None:
        f = _cache[name] = _lib.fn(name, restype, *argtypes)
    return f


def typed(call, cls, dtype, what):
    """(typename, ctypes type) of dtype in class cls, or a TypeError that
    lists the dtypes the class takes."""
    tn = _types.typename(cls, dtype)
    if tn is None:
        raise error(TypeError, call, f"{what} has no {dtype} form",
                    f"use an array of one of: {_types.supported(cls)}")
    return tn, _types.CTYPES[tn]


# By (name pattern, dtype): the routine, found once per pair, since the
# calls that use this run in loops.
_by_dtype = {}


def typed_routine(call, cls, dtype, pattern, signature):
    """The routine pattern.format(typename) for dtype in class cls, declared
    with signature(ctype) -> (restype, argtypes...)."""
    f = _by_dtype.get((pattern, dtype))
    if f is None:
        tn, ct = typed(call, cls, dtype, pattern.format("TYPENAME"))
        f = _by_dtype[(pattern, dtype)] = routine(pattern.format(tn), *signature(ct))
    return f


P = ctypes.c_void_p
SIZE = ctypes.c_size_t
PTRDIFF = ctypes.c_ssize_t
INT = ctypes.c_int
