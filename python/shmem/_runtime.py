"""Start-up, shut-down, queries, and the ordering and synchronisation calls."""
import contextlib
import ctypes

from . import _lib
from ._errors import error

_c_init = _lib.fn("shmem_init", None)
_c_finalize = _lib.fn("shmem_finalize", None)
_c_my_pe = _lib.fn("shmem_my_pe", ctypes.c_int)
_c_n_pes = _lib.fn("shmem_n_pes", ctypes.c_int)
_c_initialized = _lib.fn("shmem_query_initialized", None, ctypes.POINTER(ctypes.c_int))
_c_version = _lib.fn("shmem_info_get_version", None, ctypes.POINTER(ctypes.c_int),
                     ctypes.POINTER(ctypes.c_int))
_c_name = _lib.fn("shmem_info_get_name", None, ctypes.c_char_p)
barrier_all = _lib.fn("shmem_barrier_all", None)
sync_all = _lib.fn("shmem_sync_all", None)
quiet = _lib.fn("shmem_quiet", None)
fence = _lib.fn("shmem_fence", None)
global_exit = _lib.fn("shmem_global_exit", None, ctypes.c_int)

# Cached at init: the checks of every call read them.
_me = None
_npes = None


def my_pe_or_none():
    return _me


def require(call):
    if _me is None:
        raise error(RuntimeError, call, "the library is not initialised",
                    "call shmem.init() first (or use `with shmem.init():`)")


class _Session(contextlib.AbstractContextManager):
    """What init returns: `with shmem.init():` finalizes at the block's end."""

    def __exit__(self, *exc):
        finalize()
        return False


def init():
    global _me, _npes
    if _me is None:
        _c_init()
        _me, _npes = _c_my_pe(), _c_n_pes()
        from . import _coll
        _coll.on_init()
    return _Session()


def finalize():
    global _me, _npes
    if _me is not None:
        from . import _arrays, kernel
        _arrays.forget_all()
        kernel.forget_modules()
        _c_finalize()
        _held.clear()
        _me = _npes = None


# Sources the package made for non-blocking puts (a list given as source
# becomes an array): kept alive until a quiet or barrier_all completes the
# puts, as the library may still be reading them.
_held = []


def hold(x):
    _held.append(x)


def completed():
    """After a quiet or barrier_all: the held sources may go."""
    _held.clear()


def initialized():
    flag = ctypes.c_int()
    _c_initialized(ctypes.byref(flag))
    return bool(flag.value)


def my_pe():
    require("my_pe")
    return _me


def n_pes():
    require("n_pes")
    return _npes


def info():
    """The library's specification version and vendor string."""
    major, minor = ctypes.c_int(), ctypes.c_int()
    _c_version(ctypes.byref(major), ctypes.byref(minor))
    name = ctypes.create_string_buffer(256)
    _c_name(name)
    return {"version": (major.value, minor.value), "name": name.value.decode(),
            "library": _lib.path}


def check_pe(call, pe, npes=None, what="PE"):
    """pe as an int, after checking it names a PE (of npes, world by default)."""
    if npes is None:
        npes = _npes
    if type(pe) is int and 0 <= pe < npes:
        return pe
    if isinstance(pe, bool) or not isinstance(pe, int):
        try:
            pe = int(pe.__index__())
        except (AttributeError, TypeError):
            raise error(TypeError, call, f"{what} {pe!r} is not an integer",
                        "pass the PE number as an int") from None
    if not 0 <= pe < npes:
        raise error(IndexError, call, f"{what} {pe} does not exist (there are {npes})",
                    f"pass a number from 0 to {npes - 1}")
    return pe
