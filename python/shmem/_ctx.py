"""Communication contexts: independent streams of puts, gets and atomics,
each with its own ordering (fence) and completion (quiet)."""
import ctypes

from . import _amo, _rma, _runtime
from ._errors import error
from ._routines import INT, P, routine

CTX_SERIALIZED, CTX_PRIVATE, CTX_NOSTORE = 1, 2, 4


class Ctx:
    """A context from ctx_create or Team.create_ctx; destroy() it (or use
    it in a with block) when done. Its calls take the arguments of the
    module-level ones (shmem.put, shmem.atomic_fetch_add, ...)."""

    def __init__(self, handle, name):
        self._handle, self.name = handle, name

    @property
    def handle(self):
        if not self._handle:
            raise error(ValueError, self.name, "the context was destroyed", "create a new one")
        return self._handle

    def put(self, dest, source, pe): _rma._transfer("ctx.put", "put", dest, source, pe, self.handle)
    def get(self, dest, source, pe): _rma._transfer("ctx.get", "get", dest, source, pe, self.handle)
    def put_nbi(self, dest, source, pe):
        _rma._transfer("ctx.put_nbi", "put_nbi", dest, source, pe, self.handle)
    def get_nbi(self, dest, source, pe):
        _rma._transfer("ctx.get_nbi", "get_nbi", dest, source, pe, self.handle)
    def p(self, dest, value, pe): _rma.p(dest, value, pe, self.handle)
    def g(self, source, pe): return _rma.g(source, pe, self.handle)

    def atomic(self, op, dest, *args):
        """shmem.atomic_<op>(dest, *args) on this context: op is fetch_add,
        add, fetch_inc, inc, compare_swap, fetch, set, swap or [fetch_]and/or/xor,
        args its values, then the PE."""
        if op not in _amo._OPS:
            raise error(ValueError, "ctx.atomic", f"operation {op!r} is unknown",
                        f"pass one of {', '.join(_amo._OPS)}")
        if len(args) != _amo._OPS[op][2] + 1:
            raise error(TypeError, f"ctx.atomic({op!r})", f"{len(args)} arguments after dest",
                        f"pass {_amo._OPS[op][2]} value(s), then the PE")
        *values, pe = args
        return _amo._amo(op, dest, pe, *values, ctx=self.handle)

    def quiet(self):
        routine("shmem_ctx_quiet", None, P)(self.handle)
        _runtime.completed()

    def fence(self):
        routine("shmem_ctx_fence", None, P)(self.handle)

    def destroy(self):
        routine("shmem_ctx_destroy", None, P)(self.handle)
        self._handle = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self._handle:
            self.destroy()
        return False

    def __repr__(self):
        return f"<shmem.Ctx {self.name}>"


def _create(call, make, name):
    _runtime.require(call)
    ctx = P()
    rc = make(ctypes.byref(ctx))
    if rc != 0 or not ctx.value:
        return None
    return Ctx(ctx.value, name)


def ctx_create(options=0):
    """A new context of the world team, or None where the library has none
    left (options: CTX_SERIALIZED, CTX_PRIVATE, CTX_NOSTORE, or'ed)."""
    return _create("ctx_create", lambda out: routine(
        "shmem_ctx_create", INT, ctypes.c_long, P)(options, out), f"ctx_create({options})")


def team_create_ctx(team, options=0):
    """A new context of team; None on PEs outside it or where none is left."""
    return _create("team_create_ctx", lambda out: routine(
        "shmem_team_create_ctx", INT, P, ctypes.c_long, P)(team.handle, options, out),
        f"{team.name}.create_ctx({options})")
