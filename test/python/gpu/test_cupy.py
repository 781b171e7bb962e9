import numpy as np
import pytest

import shmem

cupy = pytest.importorskip("cupy")


def test_cupy_arrays_over_the_gpu_heap(me, n):
    a = shmem.zeros(4, np.float32, device="cuda", framework="cupy")
    assert isinstance(a, cupy.ndarray)
    shmem.put(a, cupy.full(4, me, cupy.float32), (me + 1) % n)
    shmem.barrier_all()
    got = cupy.asnumpy(a).tolist()
    shmem.barrier_all()
    shmem.free(a)
    assert got == [float((me - 1) % n)] * 4


def test_cupy_stream_drives_on_stream_calls(me, n):
    s = cupy.cuda.Stream(non_blocking=True)
    src = cupy.full(8, me + 1, cupy.int32)
    dest = shmem.zeros(8, np.int32, device="cuda")
    cupy.cuda.Device().synchronize()  # src was filled on another stream
    shmem.stream.put_on_stream(dest, src, (me + 1) % n, s)
    shmem.stream.barrier_all_on_stream(s)
    s.synchronize()
    back = np.zeros(8, np.int32)
    shmem.get(back, dest, me)
    shmem.barrier_all()
    shmem.free(dest)
    assert back.tolist() == [(me - 1) % n + 1] * 8
