"""put, get, p and g on symmetric arrays, host-initiated."""
from . import _arrays, _runtime
from ._errors import error
from ._routines import INT, P, PTRDIFF, SIZE, typed_routine


def _fits(call, n, have, name):
    if n > have:
        raise error(ValueError, call, f"{n} elements do not fit in {name} ({have})",
                    f"pass a {name} of at least {n} elements, or a shorter other side")


def _copy(ct):
    return (None, P, P, SIZE, INT)


def _p(ct):
    return (None, P, ct, INT)


def _g(ct):
    return (ct, P, INT)


# The context forms (shmem_ctx_<typename>_put(ctx, ...)): a context first.
_CTX_SIGNATURES = {_copy: lambda ct: (None, P, P, P, SIZE, INT),
                   _p: lambda ct: (None, P, P, ct, INT), _g: lambda ct: (ct, P, P, INT)}


def _typed(call, op, dtype, signature, ctx):
    """The typed routine of op, in its context form where ctx is given."""
    if ctx is None:
        return typed_routine(call, "rma", dtype, "shmem_{}_" + op, signature)
    f = typed_routine(call, "rma", dtype, "shmem_ctx_{}_" + op, _CTX_SIGNATURES[signature])
    return lambda *args: f(ctx, *args)


def _transfer(call, op, dest, source, pe, ctx=None):
    _runtime.require(call)
    if op[0] == "p":
        d = _arrays.symmetric(call, dest, "dest")
        s, keep = _arrays.local(call, source, "source", d.dtype)
        # A put moves all of source; a get fills all of dest.
        n = s.size
        _fits(call, n, d.size, "dest")
    else:
        s = _arrays.symmetric(call, source, "source")
        d, keep = _arrays.local(call, dest, "dest", s.dtype, writable=True)
        n = d.size
        _fits(call, n, s.size, "source")
    _arrays.same_dtype(call, d, s, "dest", "source")
    pe = _runtime.check_pe(call, pe)
    _typed(call, op, d.dtype, _copy, ctx)(d.addr, s.addr, n, pe)
    if op == "put_nbi":
        _runtime.hold(keep)
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


def p(dest, value, pe, ctx=None):
    """Stores value into the first element of the symmetric array dest on PE
    pe (pass a slice, a[i:], for element i)."""
    _runtime.require("p")
    d = _arrays.element("p", dest, "dest")
    pe = _runtime.check_pe("p", pe)
    _typed("p", "p", d.dtype, _p, ctx)(d.addr, value, pe)


def g(source, pe, ctx=None):
    """The first element of the symmetric array source on PE pe."""
    _runtime.require("g")
    s = _arrays.element("g", source, "source")
    pe = _runtime.check_pe("g", pe)
    return _typed("g", "g", s.dtype, _g, ctx)(s.addr, pe)


def _strided(ct):
    return (None, P, P, PTRDIFF, PTRDIFF, SIZE, INT)


def _blocked(ct):
    return (None, P, P, PTRDIFF, PTRDIFF, SIZE, SIZE, INT)


def _stride_reach(call, nblocks, stride, bsize, have, name):
    if stride < max(bsize, 1):
        raise error(ValueError, call, f"the stride of {name} is {stride}",
                    f"pass a stride of {max(bsize, 1)} or more elements"
                    + (" (blocks may not overlap)" if bsize > 1 else ""))
    if nblocks and bsize and (nblocks - 1) * stride + bsize > have:
        what = f"{nblocks} elements" if bsize == 1 else f"{nblocks} blocks of {bsize} elements"
        raise error(ValueError, call, f"{what} {stride} apart run past the end of {name} "
                    f"({have} elements)", f"pass fewer or a larger {name}")


def _strided_transfer(call, op, dest, source, dst, sst, nblocks, pe, bsize=None):
    """iput/iget (bsize None: blocks of one element) and ibput/ibget."""
    _runtime.require(call)
    if op.endswith("put"):
        d = _arrays.symmetric(call, dest, "dest")
        s, keep = _arrays.local(call, source, "source", d.dtype)
    else:
        s = _arrays.symmetric(call, source, "source")
        d, keep = _arrays.local(call, dest, "dest", s.dtype, writable=True)
    _arrays.same_dtype(call, d, s, "dest", "source")
    nblocks = int(nblocks)
    b = 1 if bsize is None else int(bsize)
    if nblocks < 0 or b < 0:
        raise error(ValueError, call, f"{'nelems' if bsize is None else 'nblocks'} is {nblocks}"
                    + ("" if bsize is None else f", bsize {b}"), "pass 0 or more")
    _stride_reach(call, nblocks, int(dst), b, d.size, "dest")
    _stride_reach(call, nblocks, int(sst), b, s.size, "source")
    pe = _runtime.check_pe(call, pe)
    if bsize is None:
        f = typed_routine(call, "rma", d.dtype, "shmem_{}_" + op, _strided)
        f(d.addr, s.addr, int(dst), int(sst), nblocks, pe)
    else:
        f = typed_routine(call, "rma", d.dtype, "shmem_{}_" + op, _blocked)
        f(d.addr, s.addr, int(dst), int(sst), b, nblocks, pe)
    del keep


def iput(dest, source, dst, sst, nelems, pe):
    """Element i of source (i * sst) into element i * dst of the symmetric
    array dest on PE pe, for nelems elements (strides in elements)."""
    _strided_transfer("iput", "iput", dest, source, dst, sst, nelems, pe)


def iget(dest, source, dst, sst, nelems, pe):
    """Element i * sst of the symmetric array source on PE pe into element
    i * dst of the local array dest, for nelems elements."""
    _strided_transfer("iget", "iget", dest, source, dst, sst, nelems, pe)


def ibput(dest, source, dst, sst, bsize, nblocks, pe):
    """nblocks blocks of bsize elements: block i of source (starting i * sst)
    into dest on PE pe starting i * dst (OpenSHMEM 1.6; strides >= bsize)."""
    _strided_transfer("ibput", "ibput", dest, source, dst, sst, nblocks, pe, bsize)


def ibget(dest, source, dst, sst, bsize, nblocks, pe):
    """ibput's inverse: blocks of the symmetric source on PE pe into dest."""
    _strided_transfer("ibget", "ibget", dest, source, dst, sst, nblocks, pe, bsize)
