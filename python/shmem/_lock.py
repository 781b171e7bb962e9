"""Distributed locks on a symmetric int64 (C long) element: zero before its
first use, named alike by every PE, and touched only through these calls
(the library keeps a queue of waiting PEs in it)."""
import ctypes

import numpy as np

from . import _arrays, _runtime
from ._errors import error
from ._routines import routine


def _lock(call, lock):
    _runtime.require(call)
    b = _arrays.element(call, lock, "lock")
    if b.dtype != np.dtype(np.int64):
        raise error(TypeError, call, f"lock is {b.dtype}",
                    "pass an element of a symmetric int64 array (shmem.zeros(1, np.int64))")
    return b.addr


def set_lock(lock):
    """Waits until this PE holds the lock (first come, first served)."""
    routine("shmem_set_lock", None, ctypes.c_void_p)(_lock("set_lock", lock))


def clear_lock(lock):
    """Releases the lock, after completing this PE's puts and AMOs."""
    routine("shmem_clear_lock", None, ctypes.c_void_p)(_lock("clear_lock", lock))


def test_lock(lock):
    """Takes the lock if it is free: False if taken now, True if another PE
    holds it."""
    f = routine("shmem_test_lock", ctypes.c_int, ctypes.c_void_p)
    return bool(f(_lock("test_lock", lock)))
