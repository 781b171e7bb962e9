"""The one table of OpenSHMEM types for Python: which typed routines
(shmem_<typename>_put, shmem_<typename>_atomic_fetch_add, ...) exist for
which NumPy dtype. The rows are the tables of include/shmem/types.h, by
typename; test/python/test_types.py checks them against those X-macro
tables through the C preprocessor, so the two cannot drift apart. Every
dtype mapping is derived from here."""
import ctypes

import numpy as np

# The C type of each typename (the table "Standard RMA Types and Names"
# plus the complex types of the reductions); ctypes gives its size and kind.
CTYPES = {
    "float": ctypes.c_float, "double": ctypes.c_double,
    "longdouble": ctypes.c_longdouble, "char": ctypes.c_char,
    "schar": ctypes.c_byte, "short": ctypes.c_short, "int": ctypes.c_int,
    "long": ctypes.c_long, "longlong": ctypes.c_longlong,
    "uchar": ctypes.c_ubyte, "ushort": ctypes.c_ushort, "uint": ctypes.c_uint,
    "ulong": ctypes.c_ulong, "ulonglong": ctypes.c_ulonglong,
    "int8": ctypes.c_int8, "int16": ctypes.c_int16, "int32": ctypes.c_int32,
    "int64": ctypes.c_int64, "uint8": ctypes.c_uint8, "uint16": ctypes.c_uint16,
    "uint32": ctypes.c_uint32, "uint64": ctypes.c_uint64,
    "size": ctypes.c_size_t, "ptrdiff": ctypes.c_ssize_t,
    "complexf": None, "complexd": None,
}
COMPLEX = {"complexf": np.dtype(np.complex64), "complexd": np.dtype(np.complex128)}

_RMA = list(CTYPES)[:24]
_P2P = ["short", "int", "long", "longlong", "ushort", "uint", "ulong", "ulonglong",
        "int32", "int64", "uint32", "uint64", "size", "ptrdiff"]
_AMO_STANDARD = ["int", "long", "longlong", "uint", "ulong", "ulonglong",
                 "int32", "int64", "uint32", "uint64", "size", "ptrdiff"]
_REDUCE_BITWISE = ["uchar", "ushort", "uint", "ulong", "ulonglong", "int8", "int16",
                   "int32", "int64", "uint8", "uint16", "uint32", "uint64", "size"]
_REDUCE_MINMAX = (["char", "schar", "short", "int", "long", "longlong", "ptrdiff"]
                  + _REDUCE_BITWISE + ["float", "double", "longdouble"])

# Each class of routines and the typenames the specification gives it.
TABLES = {
    "rma": _RMA,
    "p2p": _P2P,
    "amo_standard": _AMO_STANDARD,
    "amo_extended": ["float", "double"] + _AMO_STANDARD,
    "amo_bitwise": ["uint", "ulong", "ulonglong", "int32", "int64", "uint32", "uint64"],
    "reduce_bitwise": _REDUCE_BITWISE,
    "reduce_minmax": _REDUCE_MINMAX,
    "reduce_arith": _REDUCE_MINMAX + ["complexd", "complexf"],
}
# The reduction operations and the class of types each takes.
REDUCE_OPS = {"and": "reduce_bitwise", "or": "reduce_bitwise", "xor": "reduce_bitwise",
              "max": "reduce_minmax", "min": "reduce_minmax",
              "sum": "reduce_arith", "prod": "reduce_arith"}


def dtype_of(typename):
    """The NumPy dtype of a typename; None for char, whose signedness is the
    platform's and which NumPy has no type for (schar and uchar cover it)."""
    if typename in COMPLEX:
        return COMPLEX[typename]
    if typename == "char":
        return None
    return np.dtype(CTYPES[typename])


def _by_dtype(names):
    # The first typename of a table wins: the standard C names come before
    # their fixed-width typedefs, as in the specification's tables.
    out = {}
    for n in names:
        d = dtype_of(n)
        if d is not None and d not in out:
            out[d] = n
    return out


BY_DTYPE = {cls: _by_dtype(names) for cls, names in TABLES.items()}


def typename(cls, dtype):
    """The typename for dtype in class cls, or None."""
    return BY_DTYPE[cls].get(np.dtype(dtype))


def supported(cls):
    return ", ".join(sorted({str(d) for d in BY_DTYPE[cls]}))
