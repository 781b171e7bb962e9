"""Atomic memory operations on the first element of a symmetric array
(pass a slice, a[i:], for element i), host-initiated."""
from . import _arrays, _runtime
from ._errors import error
from ._routines import INT, P, typed_routine

# Each operation: the class of types it takes, whether it returns the old
# value, and how many values it takes.
_OPS = {
    "fetch_add": ("amo_standard", True, 1), "add": ("amo_standard", False, 1),
    "fetch_inc": ("amo_standard", True, 0), "inc": ("amo_standard", False, 0),
    "compare_swap": ("amo_standard", True, 2),
    "fetch": ("amo_extended", True, 0), "set": ("amo_extended", False, 1),
    "swap": ("amo_extended", True, 1),
    "fetch_and": ("amo_bitwise", True, 1), "and": ("amo_bitwise", False, 1),
    "fetch_or": ("amo_bitwise", True, 1), "or": ("amo_bitwise", False, 1),
    "fetch_xor": ("amo_bitwise", True, 1), "xor": ("amo_bitwise", False, 1),
}


def _amo(op, dest, pe, *values, ctx=None, fetch=None):
    """shmem_[ctx_]<typename>_atomic_<op>, or with fetch (a local array of
    dest's dtype) the _nbi form, whose old value lands in fetch[0] once
    shmem.quiet() returns (leave fetch alone, and alive, until then)."""
    call = f"atomic_{op}" + ("" if fetch is None else "_nbi")
    _runtime.require(call)
    cls, fetches, _ = _OPS[op]
    d = _arrays.element(call, dest, "dest")
    lead = () if ctx is None else (ctx,)
    if fetch is not None:
        f = _arrays.describe(call, fetch, "fetch", writable=True)
        if not f.size:
            raise error(ValueError, call, "fetch is empty",
                        "pass an array of at least one element")
        _arrays.same_dtype(call, d, f, "dest", "fetch")
        lead += (f.addr,)
    pe = _runtime.check_pe(call, pe)
    # The context comes first, then the fetch address; _nbi forms return nothing.
    pattern = ("shmem_{}_" if ctx is None else "shmem_ctx_{}_") + call
    fn = typed_routine(call, cls, d.dtype, pattern,
                       lambda ct: (ct if fetches and fetch is None else None, *((P,) * len(lead)),
                                   P, *([ct] * len(values)), INT))
    return fn(*lead, d.addr, *values, pe)


def atomic_fetch_add(dest, value, pe): return _amo("fetch_add", dest, pe, value)
def atomic_add(dest, value, pe): _amo("add", dest, pe, value)
def atomic_fetch_inc(dest, pe): return _amo("fetch_inc", dest, pe)
def atomic_inc(dest, pe): _amo("inc", dest, pe)
def atomic_compare_swap(dest, cond, value, pe): return _amo("compare_swap", dest, pe, cond, value)
def atomic_fetch(source, pe): return _amo("fetch", source, pe)
def atomic_set(dest, value, pe): _amo("set", dest, pe, value)
def atomic_swap(dest, value, pe): return _amo("swap", dest, pe, value)
def atomic_fetch_and(dest, value, pe): return _amo("fetch_and", dest, pe, value)
def atomic_and(dest, value, pe): _amo("and", dest, pe, value)
def atomic_fetch_or(dest, value, pe): return _amo("fetch_or", dest, pe, value)
def atomic_or(dest, value, pe): _amo("or", dest, pe, value)
def atomic_fetch_xor(dest, value, pe): return _amo("fetch_xor", dest, pe, value)
def atomic_xor(dest, value, pe): _amo("xor", dest, pe, value)


def atomic_fetch_nbi(fetch, source, pe): _amo("fetch", source, pe, fetch=fetch)
def atomic_fetch_add_nbi(fetch, dest, value, pe): _amo("fetch_add", dest, pe, value, fetch=fetch)
def atomic_fetch_inc_nbi(fetch, dest, pe): _amo("fetch_inc", dest, pe, fetch=fetch)
def atomic_compare_swap_nbi(fetch, dest, cond, value, pe):
    _amo("compare_swap", dest, pe, cond, value, fetch=fetch)
def atomic_swap_nbi(fetch, dest, value, pe): _amo("swap", dest, pe, value, fetch=fetch)
def atomic_fetch_and_nbi(fetch, dest, value, pe): _amo("fetch_and", dest, pe, value, fetch=fetch)
def atomic_fetch_or_nbi(fetch, dest, value, pe): _amo("fetch_or", dest, pe, value, fetch=fetch)
def atomic_fetch_xor_nbi(fetch, dest, value, pe): _amo("fetch_xor", dest, pe, value, fetch=fetch)
