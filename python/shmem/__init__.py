"""OpenSHMEM from Python over libshmem (shmem-gpu): symmetric NumPy arrays
(torch tensors or CuPy arrays on a GPU heap), one-sided puts, gets and
atomics, signals, collectives and teams, on-stream calls and CUDA kernels
compiled at run time. See docs/python.md."""
from ._runtime import (init, finalize, initialized, my_pe, n_pes, info,
                       global_exit)
from ._runtime import barrier_all as _c_barrier_all, sync_all as _c_sync_all
from ._runtime import quiet as _c_quiet, fence as _c_fence, require as _require
from ._runtime import completed as _completed
from ._arrays import zeros, empty, full, free, freeing, ptr
from ._rma import put, get, put_nbi, get_nbi, p, g, iput, iget, ibput, ibget
from ._lock import set_lock, clear_lock, test_lock
from ._amo import (atomic_fetch_add, atomic_add, atomic_fetch_inc, atomic_inc,
                   atomic_compare_swap, atomic_fetch, atomic_set, atomic_swap,
                   atomic_fetch_and, atomic_and, atomic_fetch_or, atomic_or,
                   atomic_fetch_xor, atomic_xor, atomic_fetch_nbi, atomic_fetch_add_nbi,
                   atomic_fetch_inc_nbi, atomic_compare_swap_nbi, atomic_swap_nbi,
                   atomic_fetch_and_nbi, atomic_fetch_or_nbi, atomic_fetch_xor_nbi)
from ._sync import (CMP_EQ, CMP_NE, CMP_GT, CMP_GE, CMP_LT, CMP_LE, SIGNAL_SET,
                    SIGNAL_ADD, put_signal, put_signal_nbi, signal_fetch, signal_wait_until,
                    signal_add, signal_set, wait_until, test, wait_until_all,
                    wait_until_any, wait_until_some, test_all, test_any, test_some)
from ._teams import Team, TEAM_WORLD, TEAM_SHARED
from ._ctx import Ctx, ctx_create, CTX_SERIALIZED, CTX_PRIVATE, CTX_NOSTORE
from ._coll import (broadcast, fcollect, collect, alltoall, alltoalls, reduce,
                    sum_reduce, prod_reduce, min_reduce, max_reduce, and_reduce,
                    or_reduce, xor_reduce, sum_inscan, sum_exscan)
from ._types import TABLES as type_tables
from . import stream
from .kernel import compile_kernel, compile_cubin


def barrier_all():
    _require("barrier_all")
    _c_barrier_all()
    _completed()


def sync_all():
    _require("sync_all")
    _c_sync_all()


def quiet():
    _require("quiet")
    _c_quiet()
    _completed()


def fence():
    _require("fence")
    _c_fence()


def cuda_device():
    """The GPU that shmem.init gave this PE (torch.cuda.set_device it)."""
    from ._cuda import device
    return device()
