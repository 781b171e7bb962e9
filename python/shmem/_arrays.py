"""Symmetric arrays: NumPy arrays (or, on a GPU heap, torch tensors and CuPy
arrays) over symmetric heap memory, with no copy, and the checks that every
call makes of the arrays it is given.

Freeing is collective (shmem_free synchronises every PE and must be called
in the same order everywhere), so it is never left to the garbage collector,
which runs at different moments on different PEs: free(a) or a `with
shmem.freeing(a):` block frees it, shmem.finalize() drops whatever is left."""
import bisect
import contextlib
import ctypes
import math
import weakref

import numpy as np

from . import _cuda, _lib, _runtime
from ._errors import error

_c_malloc = _lib.fn("shmem_malloc", ctypes.c_void_p, ctypes.c_size_t)
_c_calloc = _lib.fn("shmem_calloc", ctypes.c_void_p, ctypes.c_size_t, ctypes.c_size_t)
_c_free = _lib.fn("shmem_free", None, ctypes.c_void_p)

# The live allocations: sorted start addresses, and the end of each.
_starts = []
_ends = {}


def _find(addr):
    """(start, end) of the allocation holding addr, or None."""
    i = bisect.bisect_right(_starts, addr) - 1
    if i >= 0:
        start = _starts[i]
        if addr < _ends[start]:
            return start, _ends[start]
    return None


def forget_all():
    _starts.clear()
    _ends.clear()
    _symmetric.clear()


class Buf:
    """Where an array's elements are: address, dtype, element count, bytes."""
    __slots__ = ("addr", "dtype", "size", "nbytes", "device")

    def __init__(self, addr, dtype, size, device):
        self.addr, self.dtype, self.size, self.device = addr, dtype, size, device
        self.nbytes = size * dtype.itemsize


def _contiguous(shape, strides, itemsize):
    expect = itemsize
    for n, s in zip(reversed(shape), reversed(strides)):
        if n != 1 and s != expect:
            return False
        expect *= n
    return True


# The Bufs of arrays already described, by id, with a weak reference to the
# array (a dead one's id may be reused) and what its Buf depends on, which a
# program can change in place: a NumPy array's dtype and shape; a torch
# tensor's address, element count, dtype and layout (set_, resize_ and
# as_strided_ change them). A call on an array seen before costs a lookup
# and that check, not the description (NumPy's __array_interface__ builds
# a dict; a torch tensor's took 0.9 of a put_on_stream's 8.3 us, and the
# checks around it 1.5 more: bench/results/2026-11-28-sums-ll-2gpu.md).
_seen = {}
# Those of _seen found symmetric; emptied whenever memory is freed.
_symmetric = {}
_SEEN_MAX = 256


def _state(x):
    if isinstance(x, np.ndarray):
        return x.dtype, x.shape
    return x.data_ptr(), x.numel(), x.dtype, x.is_contiguous()


def _remember(cache, x, b):
    # NumPy arrays and torch tensors only (CuPy's description is built from
    # its __cuda_array_interface__ alone).
    if not isinstance(x, np.ndarray) and not (b.device == "cuda" and hasattr(x, "data_ptr")):
        return
    ref = weakref.ref(x)
    if len(cache) >= _SEEN_MAX:
        cache.clear()
    cache[id(x)] = (ref, _state(x), b)


def _recall(cache, x):
    e = cache.get(id(x))
    if e is not None and e[0]() is x and _state(x) == e[1]:
        return e[2]
    return None


def describe(call, x, name, writable=False):
    """The Buf of x (a NumPy array, or an object with __cuda_array_interface__),
    or a ValueError/TypeError naming the call, the argument and the fix."""
    b = _recall(_seen, x)
    if b is not None and not (writable and b.device == "cpu" and not x.flags.writeable):
        return b
    b = _describe(call, x, name, writable)
    _remember(_seen, x, b)
    return b


# NumPy's dtype of each torch dtype seen (None where NumPy has none, such
# as bfloat16).
_torch_dtypes = {}


def _torch_dtype(t):
    d = _torch_dtypes.get(t, False)
    if d is False:
        try:
            d = np.dtype(str(t).rpartition(".")[2])
        except TypeError:
            d = None
        _torch_dtypes[t] = d
    return d


def _describe(call, x, name, writable):
    if isinstance(x, np.ndarray):
        if not x.flags.c_contiguous:
            raise error(ValueError, call, f"{name} is not contiguous",
                        "pass a contiguous array (np.ascontiguousarray, or a slice of one row)")
        if x.flags.writeable:
            # A quarter of the time of __array_interface__, which builds a dict.
            addr = ctypes.addressof(ctypes.c_char.from_buffer(x)) if x.size else \
                x.__array_interface__["data"][0]
        elif writable:
            raise error(ValueError, call, f"{name} is read-only", "pass a writable array")
        else:
            addr = x.__array_interface__["data"][0]
        return Buf(addr, x.dtype, x.size, "cpu")
    if getattr(x, "is_cuda", False) and hasattr(x, "data_ptr"):
        # A torch tensor: its __cuda_array_interface__ is built in Python on
        # every access (a put_on_stream of two tensors took 7.5 µs more so:
        # bench/results/2026-11-28-gpu-vs-nvshmem-3.8.md).
        dtype = _torch_dtype(x.dtype)
        if dtype is None:
            raise error(TypeError, call, f"{name} is a {x.dtype} tensor, which NumPy has no "
                        "dtype for", "convert it (.float()) or move its bits as integers "
                        "of its width (.view(torch.int16))")
        if not x.is_contiguous():
            raise error(ValueError, call, f"{name} is not contiguous",
                        "pass a contiguous tensor (.contiguous())")
        return Buf(x.data_ptr(), dtype, x.numel(), "cuda")
    cai = getattr(x, "__cuda_array_interface__", None)
    if cai is not None:
        dtype = np.dtype(cai["typestr"])
        shape = tuple(cai["shape"])
        strides = cai.get("strides")
        if strides is not None and not _contiguous(shape, strides, dtype.itemsize):
            raise error(ValueError, call, f"{name} is not contiguous",
                        "pass a contiguous tensor (.contiguous())")
        return Buf(cai["data"][0], dtype, math.prod(shape), "cuda")
    raise error(TypeError, call, f"{name} is a {type(x).__name__}, not an array",
                "pass a NumPy array, a CUDA torch tensor or a CuPy array")


def symmetric(call, x, name, writable=False):
    """describe(x), after checking that x lies in one symmetric allocation."""
    b = _recall(_symmetric, x)
    if b is not None:
        return b
    b = describe(call, x, name, writable)
    block = _find(b.addr)
    if block is None or b.addr + b.nbytes > block[1]:
        raise error(ValueError, call,
                    f"{name} is not symmetric (not memory of shmem.zeros/empty/full, "
                    "or already freed)",
                    "allocate it with shmem.zeros/empty/full on every PE")
    _remember(_symmetric, x, b)
    return b


def local(call, x, name, dtype, writable=False):
    """describe(x) for a local buffer; a list or scalar becomes an array of dtype."""
    if not isinstance(x, np.ndarray) and not hasattr(x, "__cuda_array_interface__"):
        if writable:
            raise error(TypeError, call, f"{name} is a {type(x).__name__}",
                        "pass a NumPy array to receive the data")
        x = np.ascontiguousarray(x, dtype=dtype)
    return describe(call, x, name, writable), x


def same_dtype(call, a, b, an, bn):
    if a.dtype != b.dtype:
        raise error(TypeError, call, f"{an} is {a.dtype} but {bn} is {b.dtype}",
                    f"convert {bn} with .astype({str(a.dtype)!r}) first")


def _allocate(call, shape, dtype, device, zero, framework):
    _runtime.require(call)
    dtype = np.dtype(dtype)
    shape = (shape,) if isinstance(shape, int) else tuple(int(n) for n in shape)
    if device not in ("cpu", "cuda"):
        raise error(ValueError, call, f"device {device!r} is unknown", "pass 'cpu' or 'cuda'")
    if device == "cuda":
        # Before allocating: a missing framework must not leave a block behind.
        from . import _dlpack
        make = _dlpack.framework(framework)
    nbytes = math.prod(shape) * dtype.itemsize
    # shmem_malloc(0) may return NULL; an empty array still gets an address.
    size = max(nbytes, 1)
    addr = _c_calloc(1, size) if zero else _c_malloc(size)
    if not addr:
        raise error(MemoryError, call, f"the symmetric heap has no room for {nbytes} bytes",
                    "raise SHMEM_SYMMETRIC_SIZE (or SHMEM_SYMMETRIC_SIZE_MAX) or free arrays")
    kind = _cuda.memory_kind(addr)
    # A pinned heap serves both: host memory that GPUs reach.
    if kind == ("device" if device == "cpu" else "host"):
        _c_free(addr)
        if kind == "device":
            raise error(ValueError, call, "the symmetric heap is GPU memory, which NumPy "
                        "cannot touch", "pass device='cuda', or run with SHMEM_HEAP=pinned "
                        "(GPU-reachable host memory) or SHMEM_HEAP=host")
        raise error(ValueError, call, "the symmetric heap is host memory",
                    "run with SHMEM_HEAP=device (or pinned) on a GPU machine, or pass device='cpu'")
    i = bisect.bisect(_starts, addr)
    _starts.insert(i, addr)
    _ends[addr] = addr + size
    if device == "cpu":
        raw = (ctypes.c_byte * size).from_address(addr)
        return np.frombuffer(raw, dtype=dtype, count=math.prod(shape)).reshape(shape)
    return _dlpack.wrap(make, addr, shape, dtype)


def zeros(shape, dtype=np.float64, device="cpu", framework=None):
    """A symmetric array of zeros (collective: every PE calls it with the same
    shape and dtype). device='cuda' returns a torch tensor over a GPU heap, or
    a CuPy array (framework='cupy', or where torch is not installed)."""
    return _allocate("zeros", shape, dtype, device, True, framework)


def empty(shape, dtype=np.float64, device="cpu", framework=None):
    """A symmetric array whose contents are undefined (collective)."""
    return _allocate("empty", shape, dtype, device, False, framework)


def full(shape, value, dtype=np.float64, device="cpu", framework=None):
    """A symmetric array filled with value on every PE (collective; returns
    after a barrier, so other PEs may write into it at once)."""
    a = _allocate("full", shape, dtype, device, False, framework)
    if device == "cpu":
        a.fill(value)
    else:
        a.fill_(value) if hasattr(a, "fill_") else a.fill(value)
        _cuda.synchronize()
    _runtime.barrier_all()
    return a


def free(x):
    """Frees a symmetric array (collective: every PE frees the same arrays in
    the same order). x and its views must not be used afterwards."""
    _runtime.require("free")
    b = describe("free", x, "the array")
    block = _find(b.addr)
    if block is None or block[0] != b.addr:
        raise error(ValueError, "free", "the array is not one returned by "
                    "shmem.zeros/empty/full (a view, or already freed)",
                    "free the array that the allocation returned, once")
    _starts.remove(b.addr)
    del _ends[b.addr]
    _symmetric.clear()
    _c_free(b.addr)


@contextlib.contextmanager
def freeing(*arrays):
    """`with shmem.freeing(shmem.zeros(4)) as a:` frees a at the block's end.
    Every PE must reach the end of the block: freeing is collective."""
    try:
        yield arrays[0] if len(arrays) == 1 else arrays
    finally:
        for x in reversed(arrays):
            free(x)


def element(call, x, name):
    """symmetric(x) for calls on its first element, which must exist."""
    b = symmetric(call, x, name)
    if not b.size:
        raise error(ValueError, call, f"{name} is empty", "pass an array of at least one element")
    return b


_c_ptr = _lib.fn("shmem_ptr", ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int)


def ptr(x, pe):
    """PE pe's copy of the symmetric array x as an array of this process
    (loads and stores reach pe's memory directly), or None where pe is not
    reachable so (another node). Of x's kind: a NumPy array, or on a GPU
    heap a tensor of x's framework. Valid until x is freed."""
    call = "ptr"
    _runtime.require(call)
    b = symmetric(call, x, "x")
    pe = _runtime.check_pe(call, pe)
    addr = _c_ptr(b.addr, pe)
    if not addr:
        return None
    shape = tuple(x.shape)
    if b.device == "cpu":
        raw = (ctypes.c_byte * max(b.nbytes, 1)).from_address(addr)
        return np.frombuffer(raw, dtype=b.dtype, count=b.size).reshape(shape)
    from . import _dlpack
    name = "cupy" if type(x).__module__.startswith("cupy") else "torch"
    return _dlpack.wrap(_dlpack.framework(name), addr, shape, b.dtype)
