"""Bad input raises a Python exception naming the call, the PE and the fix,
before any call into C, and the process goes on."""
import numpy as np
import pytest

import shmem


@pytest.fixture
def a():
    x = shmem.zeros(4, np.int32)
    yield x
    shmem.free(x)


def test_a_local_array_is_not_symmetric(me, a):
    with pytest.raises(ValueError) as e:
        shmem.put(np.zeros(4, np.int32), a, 0)
    assert str(e.value).startswith(f"shmem.put (PE {me}): dest is not symmetric")
    assert "allocate it with shmem.zeros/empty/full" in str(e.value)


def test_a_bad_pe_is_an_index_error(me, n, a):
    with pytest.raises(IndexError, match=rf"shmem.p \(PE {me}\): PE {n} does not exist "
                       rf"\(there are {n}\): pass a number from 0 to {n - 1}"):
        shmem.p(a, 1, n)
    with pytest.raises(IndexError):
        shmem.g(a, -1)
    with pytest.raises(IndexError, match="root"):
        shmem.broadcast(a, a, n)


def test_a_wrong_dtype_is_a_type_error(me, a):
    with pytest.raises(TypeError, match=r"dest is int32 but source is float64: convert "
                       r"source with .astype\('int32'\)"):
        shmem.put(a, np.zeros(4), 0)
    with pytest.raises(TypeError, match=r"shmem_TYPENAME_atomic_fetch_add has no float32 form"):
        f = shmem.zeros(1, np.float32)
        try:
            shmem.atomic_fetch_add(f, 1.0, 0)
        finally:
            shmem.free(f)
    with pytest.raises(TypeError, match="allocate signals as dtype=np.uint64"):
        shmem.signal_fetch(a)


def test_sizes_and_views_are_checked(me, n, a):
    with pytest.raises(ValueError, match="5 elements do not fit in dest"):
        shmem.put(a, np.zeros(5, np.int32), 0)
    with pytest.raises(ValueError, match="not contiguous"):
        shmem.put(a[::2], np.zeros(2, np.int32), 0)
    with pytest.raises(ValueError, match="a view, or already freed"):
        shmem.free(a[1:])
    with pytest.raises(ValueError, match="comparison 'bigger' is unknown"):
        shmem.wait_until(a, "bigger", 1)
    with pytest.raises(ValueError, match="operation 'mean' is unknown"):
        shmem.reduce("mean", a, a)


def test_a_freed_array_is_no_longer_symmetric(me):
    x = shmem.zeros(2, np.int64)
    shmem.p(x, 1, me)  # remembered as symmetric...
    shmem.barrier_all()
    shmem.free(x)      # ...until freed
    with pytest.raises(ValueError, match="already freed"):
        shmem.p(x, 1, 0)


def test_a_dtype_changed_in_place_is_seen(me, a):
    shmem.put(a, np.zeros(4, np.int32), me)
    view = a[:]
    shmem.put(view, np.zeros(4, np.int32), me)
    view.dtype = np.float32
    with pytest.raises(TypeError, match="dest is float32 but source is int32"):
        shmem.put(view, np.zeros(4, np.int32), me)
    shmem.barrier_all()


def test_a_gpu_array_on_a_host_heap_is_refused_before_allocating(me):
    live = len(shmem._arrays._starts)
    with pytest.raises(ValueError, match="device 'gpu' is unknown: pass 'cpu' or 'cuda'"):
        shmem.zeros(4, device="gpu")
    # Without torch or CuPy the framework is missing; with them, the heap is
    # host memory in these tests: either way nothing is left allocated.
    with pytest.raises((ImportError, ValueError),
                       match="needs torch or CuPy|symmetric heap is host memory"):
        shmem.zeros(4, device="cuda")
    assert len(shmem._arrays._starts) == live
