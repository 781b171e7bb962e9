"""The on-stream calls (shmemx.h): each checks its arguments and queues its
work on a CUDA stream (a torch.cuda.Stream, a CuPy stream or a CUstream
int) without waiting, so they may be captured into a CUDA graph. They need
the symmetric heap on the GPU (SHMEM_HEAP=device or pinned)."""
import ctypes

import numpy as np

from . import _arrays, _runtime, _types
from ._errors import error
from ._routines import INT, P, SIZE, routine
from ._sync import SIGNAL_SET, SIGNAL_ADD, _cmp, _signal
from ._teams import team as _team
from .kernel import _stream

U64 = ctypes.c_uint64


def _rma(call, dest, source, pe, put):
    _runtime.require(call)
    if put:
        d = _arrays.symmetric(call, dest, "dest")
        s = _arrays.describe(call, source, "source")
    else:
        s = _arrays.symmetric(call, source, "source")
        d = _arrays.describe(call, dest, "dest", writable=True)
    _arrays.same_dtype(call, d, s, "dest", "source")
    n = s.nbytes if put else d.nbytes
    if n > (d.nbytes if put else s.nbytes):
        raise error(ValueError, call, "the data does not fit the other side",
                    "pass arrays of matching sizes")
    return d, s, n, _runtime.check_pe(call, pe)


def put_on_stream(dest, source, pe, stream):
    """Queues a copy of source into the symmetric dest on pe."""
    d, s, n, pe = _rma("put_on_stream", dest, source, pe, True)
    routine("shmemx_putmem_on_stream", None, P, P, SIZE, INT, P)(
        d.addr, s.addr, n, pe, _stream(stream))


def get_on_stream(dest, source, pe, stream):
    """Queues a copy of the symmetric source on pe into dest."""
    d, s, n, pe = _rma("get_on_stream", dest, source, pe, False)
    routine("shmemx_getmem_on_stream", None, P, P, SIZE, INT, P)(
        d.addr, s.addr, n, pe, _stream(stream))


def put_signal_on_stream(dest, source, sig, signal, pe, stream, sig_op=SIGNAL_SET):
    call = "put_signal_on_stream"
    d, s, n, pe = _rma(call, dest, source, pe, True)
    sg = _signal(call, sig)
    if sig_op not in (SIGNAL_SET, SIGNAL_ADD):
        raise error(ValueError, call, f"sig_op {sig_op!r} is unknown",
                    "pass shmem.SIGNAL_SET or shmem.SIGNAL_ADD")
    routine("shmemx_putmem_signal_on_stream", None, P, P, SIZE, P, U64, INT, INT, P)(
        d.addr, s.addr, n, sg.addr, signal, sig_op, pe, _stream(stream))


def signal_wait_until_on_stream(sig, cmp, value, stream):
    call = "signal_wait_until_on_stream"
    _runtime.require(call)
    routine("shmemx_signal_wait_until_on_stream", None, P, INT, U64, P)(
        _signal(call, sig).addr, _cmp(call, cmp), value, _stream(stream))


def quiet_on_stream(stream):
    _runtime.require("quiet_on_stream")
    routine("shmemx_quiet_on_stream", None, P)(_stream(stream))


def barrier_all_on_stream(stream):
    _runtime.require("barrier_all_on_stream")
    routine("shmemx_barrier_all_on_stream", None, P)(_stream(stream))


def sync_all_on_stream(stream):
    _runtime.require("sync_all_on_stream")
    routine("shmemx_sync_all_on_stream", None, P)(_stream(stream))


def _run(call, rc):
    if rc != 0:
        raise error(RuntimeError, call, f"the library returned {rc}", "pass a valid team")


def team_sync_on_stream(team, stream):
    _runtime.require("team_sync_on_stream")
    _run("team_sync_on_stream", routine("shmemx_team_sync_on_stream", INT, P, P)(
        _team(team).handle, _stream(stream)))


def _pair(call, dest, source, need):
    _runtime.require(call)
    d = _arrays.symmetric(call, dest, "dest")
    s = _arrays.symmetric(call, source, "source")
    _arrays.same_dtype(call, d, s, "dest", "source")
    if d.nbytes < need(s.nbytes):
        raise error(ValueError, call, f"dest has {d.nbytes} bytes where {need(s.nbytes)} "
                    "are needed", "allocate a larger dest")
    return d, s


def broadcast_on_stream(dest, source, root, stream, team=None):
    call = "broadcast_on_stream"
    t = _team(team)
    d, s = _pair(call, dest, source, lambda b: b)
    root = _runtime.check_pe(call, root, t.n_pes(), what="root")
    _run(call, routine("shmemx_broadcastmem_on_stream", INT, P, P, P, SIZE, INT, P)(
        t.handle, d.addr, s.addr, s.nbytes, root, _stream(stream)))


def fcollect_on_stream(dest, source, stream, team=None):
    call = "fcollect_on_stream"
    t = _team(team)
    d, s = _pair(call, dest, source, lambda b: b * t.n_pes())
    _run(call, routine("shmemx_fcollectmem_on_stream", INT, P, P, P, SIZE, P)(
        t.handle, d.addr, s.addr, s.nbytes, _stream(stream)))


def alltoall_on_stream(dest, source, stream, team=None):
    call = "alltoall_on_stream"
    t = _team(team)
    d, s = _pair(call, dest, source, lambda b: b)
    if s.size % t.n_pes():
        raise error(ValueError, call, "source is not one equal block per member",
                    "make source's size a multiple of the team's PEs")
    _run(call, routine("shmemx_alltoallmem_on_stream", INT, P, P, P, SIZE, P)(
        t.handle, d.addr, s.addr, s.nbytes // t.n_pes(), _stream(stream)))


# The sum reductions shmemx.h has on streams, by their typename (the
# 16-bit floats are extensions, summed in float: half and bfloat16).
_SUM_ON_STREAM = ("int", "long", "float", "double", "half", "bfloat16")
# Their routines by typename.
_sum_routines = {}


# The sum's typename by dtype, found once: NumPy computes dtype.name in
# Python (2 to 4 µs), which a loop of small sums would pay on every call.
_sum_names = {}


def _sum_typename(dtype):
    tn = _sum_names.get(dtype)
    if tn is None:
        tn = _sum_names[dtype] = {"float16": "half", "bfloat16": "bfloat16"}.get(
            dtype.name, _types.typename("rma", dtype))
    return tn


# Whether arrays of a dtype move as int16 (torch's bfloat16 where NumPy has
# none), found once per dtype: the test took 0.6 µs of each small sum's 14
# twice over (bench/results/2026-11-28-sums-ll-2gpu.md).
_as_bits = {}


def _bfloat16_bits(x):
    """x as int16 when it is a torch bfloat16 tensor and NumPy has no
    bfloat16 dtype (ml_dtypes not loaded), else None."""
    dt = getattr(x, "dtype", None)
    if dt is None:
        return None
    bits = _as_bits.get(dt)
    if bits is None:
        # NumPy builds str() of its dtypes in Python (a few µs): they go first.
        bits = _as_bits[dt] = not (isinstance(dt, np.dtype) or str(dt) != "torch.bfloat16"
                                   or _arrays._torch_dtype(dt) is not None)
    if not bits:
        return None
    import torch
    return x.view(torch.int16)


def sum_reduce_on_stream(dest, source, stream, team=None):
    """dest = the sum over the team of source (dest may be source)."""
    call = "sum_reduce_on_stream"
    t = _team(team)
    bits = _bfloat16_bits(dest), _bfloat16_bits(source)
    if bits[0] is not None and bits[1] is not None:
        d, s = _pair(call, bits[0], bits[1], lambda b: b)
        tn = "bfloat16"
    else:
        d, s = _pair(call, dest, source, lambda b: b)
        tn = _sum_typename(d.dtype)
    if tn not in _SUM_ON_STREAM:
        raise error(TypeError, call, f"there is no {d.dtype} form",
                    "use int32, int64, float32, float64, float16 or bfloat16")
    f = _sum_routines.get(tn)
    if f is None:
        f = _sum_routines[tn] = routine(f"shmemx_{tn}_sum_reduce_on_stream",
                                        INT, P, P, P, SIZE, P)
    _run(call, f(t.handle, d.addr, s.addr, s.size, _stream(stream)))
