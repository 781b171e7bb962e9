"""Collectives on symmetric arrays over a team (the world by default)."""
import ctypes

from . import _arrays, _runtime, _types
from ._errors import error
from ._rma import _stride_reach
from ._routines import INT, P, PTRDIFF, SIZE, routine, typed
from ._teams import team as _team


def _pair(call, dest, source):
    _runtime.require(call)
    d = _arrays.symmetric(call, dest, "dest")
    s = _arrays.symmetric(call, source, "source")
    _arrays.same_dtype(call, d, s, "dest", "source")
    return d, s


def _need(call, d, n):
    if d.size < n:
        raise error(ValueError, call, f"dest has {d.size} elements where {n} are needed",
                    f"allocate dest with at least {n} elements")


def _run(call, rc):
    if rc != 0:
        raise error(RuntimeError, call, f"the library returned {rc}", "pass a valid team")


def broadcast(dest, source, root, team=None):
    """Copies source of the team's member root into dest on every other member."""
    call = "broadcast"
    d, s = _pair(call, dest, source)
    t = _team(team)
    root = _runtime.check_pe(call, root, t.n_pes(), what="root")
    _need(call, d, s.size)
    tn, _ = typed(call, "rma", d.dtype, "shmem_TYPENAME_broadcast")
    _run(call, routine(f"shmem_{tn}_broadcast", INT, P, P, P, SIZE, INT)(
        t.handle, d.addr, s.addr, s.size, root))


def fcollect(dest, source, team=None):
    """Concatenates every member's source (all of one size) into dest."""
    call = "fcollect"
    d, s = _pair(call, dest, source)
    t = _team(team)
    _need(call, d, s.size * t.n_pes())
    tn, _ = typed(call, "rma", d.dtype, "shmem_TYPENAME_fcollect")
    _run(call, routine(f"shmem_{tn}_fcollect", INT, P, P, P, SIZE)(
        t.handle, d.addr, s.addr, s.size))


# collect's scratch: two symmetric words (this PE's size, the team's sum),
# reached by put and get so that they work on every heap kind (the host
# cannot load a device heap). Allocated by init, since a collect over a team
# is not called by every PE, as an allocation must be.
_sizes = None
_putmem = routine("shmem_putmem", None, P, P, SIZE, INT)
_getmem = routine("shmem_getmem", None, P, P, SIZE, INT)
_sum_sizes = routine("shmem_uint64_sum_reduce", INT, P, P, P, SIZE)


def on_init():
    global _sizes
    _sizes = _arrays._c_calloc(2, 8)


def collect(dest, source, team=None):
    """Concatenates every member's source (of any sizes) into dest, in member
    order. Sums the sizes first (one reduction) to check that dest fits."""
    call = "collect"
    d, s = _pair(call, dest, source)
    t = _team(team)
    me = _runtime.my_pe()
    word = ctypes.c_uint64(s.size)
    _putmem(_sizes, ctypes.addressof(word), 8, me)
    _runtime.quiet()
    _run(call, _sum_sizes(t.handle, _sizes + 8, _sizes, 1))
    _getmem(ctypes.addressof(word), _sizes + 8, 8, me)
    _need(call, d, int(word.value))
    tn, _ = typed(call, "rma", d.dtype, "shmem_TYPENAME_collect")
    _run(call, routine(f"shmem_{tn}_collect", INT, P, P, P, SIZE)(
        t.handle, d.addr, s.addr, s.size))


def alltoall(dest, source, team=None):
    """Sends block j of source (source.size / n_pes elements) to member j,
    which finds it as block i of dest on member i."""
    call = "alltoall"
    d, s = _pair(call, dest, source)
    t = _team(team)
    n = t.n_pes()
    if s.size % n:
        raise error(ValueError, call, f"source has {s.size} elements, not a multiple of "
                    f"the team's {n} PEs", "make source one equal block per member")
    _need(call, d, s.size)
    tn, _ = typed(call, "rma", d.dtype, "shmem_TYPENAME_alltoall")
    _run(call, routine(f"shmem_{tn}_alltoall", INT, P, P, P, SIZE)(
        t.handle, d.addr, s.addr, s.size // n))


def reduce(op, dest, source, team=None):
    """dest[i] = op over the members of source[i]; op is one of sum, prod,
    min, max, and, or, xor. dest may be source."""
    call = f"{op}_reduce"
    if op not in _types.REDUCE_OPS:
        raise error(ValueError, "reduce", f"operation {op!r} is unknown",
                    f"pass one of {', '.join(_types.REDUCE_OPS)}")
    d, s = _pair(call, dest, source)
    t = _team(team)
    _need(call, d, s.size)
    tn, _ = typed(call, _types.REDUCE_OPS[op], d.dtype, f"shmem_TYPENAME_{op}_reduce")
    _run(call, routine(f"shmem_{tn}_{op}_reduce", INT, P, P, P, SIZE)(
        t.handle, d.addr, s.addr, s.size))


def sum_reduce(dest, source, team=None): reduce("sum", dest, source, team)
def prod_reduce(dest, source, team=None): reduce("prod", dest, source, team)
def min_reduce(dest, source, team=None): reduce("min", dest, source, team)
def max_reduce(dest, source, team=None): reduce("max", dest, source, team)
def and_reduce(dest, source, team=None): reduce("and", dest, source, team)
def or_reduce(dest, source, team=None): reduce("or", dest, source, team)
def xor_reduce(dest, source, team=None): reduce("xor", dest, source, team)


def alltoalls(dest, source, dst, sst, nelems, team=None):
    """alltoall of strided blocks: element i of the block for member j is
    source[(j * nelems + i) * sst] and lands in dest[(me * nelems + i) * dst]
    on member j (strides in elements, 1 or more)."""
    call = "alltoalls"
    d, s = _pair(call, dest, source)
    t = _team(team)
    for stride, b, name in ((dst, d, "dest"), (sst, s, "source")):
        _stride_reach(call, t.n_pes() * nelems, stride, 1, b.size, name)
    tn, _ = typed(call, "rma", d.dtype, "shmem_TYPENAME_alltoalls")
    _run(call, routine(f"shmem_{tn}_alltoalls", INT, P, P, P, PTRDIFF, PTRDIFF, SIZE)(
        t.handle, d.addr, s.addr, dst, sst, nelems))


def _scan(form, dest, source, team):
    call = f"sum_{form}"
    d, s = _pair(call, dest, source)
    t = _team(team)
    _need(call, d, s.size)
    tn, _ = typed(call, "reduce_arith", d.dtype, f"shmem_TYPENAME_sum_{form}")
    _run(call, routine(f"shmem_{tn}_sum_{form}", INT, P, P, P, SIZE)(
        t.handle, d.addr, s.addr, s.size))


def sum_inscan(dest, source, team=None):
    """dest[i] on member m = sum of source[i] over members 0..m (OpenSHMEM 1.6)."""
    _scan("inscan", dest, source, team)


def sum_exscan(dest, source, team=None):
    """dest[i] on member m = sum of source[i] over members 0..m-1 (0 on member 0)."""
    _scan("exscan", dest, source, team)
