"""Signals (put-with-signal, fetch, wait) and point-to-point waits."""
import ctypes

import numpy as np

from . import _arrays, _runtime
from ._errors import error
from ._routines import INT, P, SIZE, routine, typed

CMP_EQ, CMP_NE, CMP_GT, CMP_GE, CMP_LT, CMP_LE = range(6)
SIGNAL_SET, SIGNAL_ADD = 0, 1
_CMPS = {"==": CMP_EQ, "!=": CMP_NE, ">": CMP_GT, ">=": CMP_GE, "<": CMP_LT, "<=": CMP_LE}
U64 = ctypes.c_uint64


def _cmp(call, cmp):
    c = _CMPS.get(cmp, cmp)
    if c not in range(6) or isinstance(c, bool):
        raise error(ValueError, call, f"comparison {cmp!r} is unknown",
                    "pass shmem.CMP_EQ/NE/GT/GE/LT/LE or one of '==', '!=', '>', '>=', '<', '<='")
    return c


def _signal(call, sig):
    s = _arrays.element(call, sig, "sig")
    if s.dtype != np.uint64:
        raise error(TypeError, call, f"sig is {s.dtype}", "allocate signals as dtype=np.uint64")
    return s


def put_signal(dest, source, sig, signal, pe, sig_op=SIGNAL_SET):
    """Puts source into dest on pe, then sets (or adds to) the signal word
    sig[0] on pe: a PE that sees the signal sees the data."""
    _put_signal("put_signal", dest, source, sig, signal, pe, sig_op)


def put_signal_nbi(dest, source, sig, signal, pe, sig_op=SIGNAL_SET):
    """put_signal that returns at once: leave source alone until shmem.quiet()."""
    _put_signal("put_signal_nbi", dest, source, sig, signal, pe, sig_op)


def _put_signal(call, dest, source, sig, signal, pe, sig_op):
    _runtime.require(call)
    d = _arrays.symmetric(call, dest, "dest")
    s, keep = _arrays.local(call, source, "source", d.dtype)
    _arrays.same_dtype(call, d, s, "dest", "source")
    if s.size > d.size:
        raise error(ValueError, call, f"{s.size} elements do not fit in dest ({d.size})",
                    "pass a larger dest or a shorter source")
    sg = _signal(call, sig)
    if sig_op not in (SIGNAL_SET, SIGNAL_ADD):
        raise error(ValueError, call, f"sig_op {sig_op!r} is unknown",
                    "pass shmem.SIGNAL_SET or shmem.SIGNAL_ADD")
    pe = _runtime.check_pe(call, pe)
    tn, _ = typed(call, "rma", d.dtype, f"shmem_TYPENAME_{call}")
    routine(f"shmem_{tn}_{call}", None, P, P, SIZE, P, U64, INT, INT)(
        d.addr, s.addr, s.size, sg.addr, signal, sig_op, pe)
    if call == "put_signal_nbi":
        _runtime.hold(keep)
    del keep


def signal_fetch(sig):
    _runtime.require("signal_fetch")
    return routine("shmem_signal_fetch", U64, P)(_signal("signal_fetch", sig).addr)


def signal_wait_until(sig, cmp, value):
    """Waits until sig[0] on this PE satisfies cmp against value; returns it."""
    call = "signal_wait_until"
    _runtime.require(call)
    s, c = _signal(call, sig), _cmp(call, cmp)
    return routine("shmem_signal_wait_until", U64, P, INT, U64)(s.addr, c, value)


def signal_add(sig, value, pe):
    _runtime.require("signal_add")
    s, pe = _signal("signal_add", sig), _runtime.check_pe("signal_add", pe)
    routine("shmem_signal_add", None, P, U64, INT)(s.addr, value, pe)


def signal_set(sig, value, pe):
    _runtime.require("signal_set")
    s, pe = _signal("signal_set", sig), _runtime.check_pe("signal_set", pe)
    routine("shmem_signal_set", None, P, U64, INT)(s.addr, value, pe)


def wait_until(ivar, cmp, value):
    """Waits until ivar[0] on this PE satisfies cmp against value."""
    call = "wait_until"
    _runtime.require(call)
    v, c = _arrays.element(call, ivar, "ivar"), _cmp(call, cmp)
    tn, ct = typed(call, "p2p", v.dtype, "shmem_TYPENAME_wait_until")
    routine(f"shmem_{tn}_wait_until", None, P, INT, ct)(v.addr, c, value)


def test(ivar, cmp, value):
    """Whether ivar[0] on this PE satisfies cmp against value now."""
    call = "test"
    _runtime.require(call)
    v, c = _arrays.element(call, ivar, "ivar"), _cmp(call, cmp)
    tn, ct = typed(call, "p2p", v.dtype, "shmem_TYPENAME_test")
    return bool(routine(f"shmem_{tn}_test", INT, P, INT, ct)(v.addr, c, value))


# The wait and test sets (OpenSHMEM 1.5): over every element of ivars not
# excluded by status (nonzero), against one value or, when value is an
# array, element i against value[i] (the _vector forms).
SIZE_MAX = ctypes.c_size_t(-1).value


def _set_call(call, ivars, cmp, value, status, extra=None):
    """shmem_<typename>_<call>[_vector]; extra: the array of indices (_some)."""
    _runtime.require(call)
    v, c = _arrays.symmetric(call, ivars, "ivars"), _cmp(call, cmp)
    st = None
    if status is not None:
        st = np.ascontiguousarray(status, np.intc)
        if st.size != v.size:
            raise error(ValueError, call, f"status has {st.size} elements, ivars {v.size}",
                        "pass one status per element of ivars (nonzero leaves it out)")
    tn, ct = typed(call, "p2p", v.dtype, f"shmem_TYPENAME_{call}")
    vector = np.ndim(value) > 0
    if vector:
        vals = np.ascontiguousarray(value, v.dtype)
        if vals.size != v.size:
            raise error(ValueError, call, f"value has {vals.size} elements, ivars {v.size}",
                        "pass one comparison value per element of ivars, or a scalar")
        last, cval = P, vals.ctypes.data
    else:
        last, cval = ct, value
    restype = None if call == "wait_until_all" else (INT if call == "test_all" else SIZE)
    indices = () if extra is None else (extra.ctypes.data,)
    f = routine(f"shmem_{tn}_{call}{'_vector' if vector else ''}", restype, P, SIZE,
                *((P,) * len(indices)), P, INT, last)
    return f(v.addr, v.size, *indices, None if st is None else st.ctypes.data, c, cval)


def _any(form, ivars, cmp, value, status):
    i = _set_call(form, ivars, cmp, value, status)
    return None if i == SIZE_MAX else int(i)


def _some(form, ivars, cmp, value, status):
    idx = np.empty(max(np.size(ivars), 1), np.uintp)
    return idx[:_set_call(form, ivars, cmp, value, status, idx)].tolist()


def wait_until_all(ivars, cmp, value, status=None):
    """Waits until every element of ivars (not left out by status) satisfies cmp."""
    _set_call("wait_until_all", ivars, cmp, value, status)


def wait_until_any(ivars, cmp, value, status=None):
    """Waits until an element satisfies cmp; its index (None if status leaves out all)."""
    return _any("wait_until_any", ivars, cmp, value, status)


def wait_until_some(ivars, cmp, value, status=None):
    """Waits until at least one element satisfies cmp; the indices of those that do."""
    return _some("wait_until_some", ivars, cmp, value, status)


def test_all(ivars, cmp, value, status=None):
    """Whether every element (not left out by status) satisfies cmp now."""
    return bool(_set_call("test_all", ivars, cmp, value, status))


def test_any(ivars, cmp, value, status=None):
    """The index of an element that satisfies cmp now, or None."""
    return _any("test_any", ivars, cmp, value, status)


def test_some(ivars, cmp, value, status=None):
    """The indices of the elements that satisfy cmp now (maybe none)."""
    return _some("test_some", ivars, cmp, value, status)
