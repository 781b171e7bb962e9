"""put, get, p and g on symmetric arrays, host-initiated."""
from . import _arrays, _runtime
from ._errors import error
from ._routines import INT, P, SIZE, routine, typed


def _fits(call, n, have, name):
    if n > have:
        raise error(ValueError, call, f"{n} elements do not fit in {name} ({have})",
                    f"pass a {name} of at least {n} elements, or a shorter other side")


def _transfer(call, op, dest, source, pe):
    _runtime.require(call)
    if op.startswith("put"):
        d = _arrays.symmetric(call, dest, "dest")
        s, keep = _arrays.local(call, source, "source", d.dtype)
    else:
        s = _arrays.symmetric(call, source, "source")
        d, keep = _arrays.local(call, dest, "dest", s.dtype, writable=True)
    _arrays.same_dtype(call, d, s, "dest", "source")
    # A put moves all of source; a get fills all of dest.
    if op.startswith("put"):
        n = s.size
        _fits(call, n, d.size, "dest")
    else:
        n = d.size
        _fits(call, n, s.size, "source")
    pe = _runtime.check_pe(call, pe)
    tn, _ = typed(call, "rma", d.dtype, f"shmem_TYPENAME_{op}")
    routine(f"shmem_{tn}_{op}", None, P, P, SIZE, INT)(d.addr, s.addr, n, pe)
    del keep


def put(dest, source, pe):
    """Copies source (any array of dest's dtype, or a list) into the symmetric
    array dest on PE pe; returns once source may be reused."""
    _transfer("put", "put", dest, source, pe)


def get(dest, source, pe):
    """Fills the local array dest from the symmetric array source of PE pe."""
    _transfer("get", "get", dest, source, pe)


def put_nbi(dest, source, pe):
    """put that returns at once: leave source alone until shmem.quiet()."""
    _transfer("put_nbi", "put_nbi", dest, source, pe)


def get_nbi(dest, source, pe):
    """get that returns at once: dest holds the data after shmem.quiet()."""
    _transfer("get_nbi", "get_nbi", dest, source, pe)


def p(dest, value, pe):
    """Stores value into the first element of the symmetric array dest on PE
    pe (pass a slice, a[i:], for element i)."""
    _runtime.require("p")
    d = _arrays.element("p", dest, "dest")
    pe = _runtime.check_pe("p", pe)
    tn, ct = typed("p", "rma", d.dtype, "shmem_TYPENAME_p")
    routine(f"shmem_{tn}_p", None, P, ct, INT)(d.addr, value, pe)


def g(source, pe):
    """The first element of the symmetric array source on PE pe."""
    _runtime.require("g")
    s = _arrays.element("g", source, "source")
    pe = _runtime.check_pe("g", pe)
    tn, ct = typed("g", "rma", s.dtype, "shmem_TYPENAME_g")
    return routine(f"shmem_{tn}_g", ct, P, INT)(s.addr, pe)
