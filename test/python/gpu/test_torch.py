import numpy as np
import pytest

import shmem

torch = pytest.importorskip("torch")


def test_zeros_is_a_cuda_tensor_on_the_heap(me, n):
    t = shmem.zeros((4, 2), np.float32, device="cuda")
    assert isinstance(t, torch.Tensor) and t.is_cuda
    assert t.shape == (4, 2) and t.dtype == torch.float32
    assert float(t.abs().sum()) == 0
    shmem.free(t)


def test_host_put_from_a_tensor_and_get(me, n):
    dest = shmem.zeros(8, np.int64, device="cuda")
    src = torch.full((8,), me + 1, dtype=torch.int64, device="cuda")
    shmem.put(dest, src, (me + 1) % n)
    shmem.barrier_all()
    got = dest.cpu().tolist()
    back = np.zeros(8, np.int64)
    shmem.get(back, dest, (me + 1) % n)
    shmem.barrier_all()
    shmem.free(dest)
    assert got == [(me - 1) % n + 1] * 8
    assert back.tolist() == [me + 1] * 8


def test_atomics_and_collectives_on_the_gpu_heap(me, n):
    c = shmem.zeros(1, np.int64, device="cuda")
    shmem.atomic_fetch_add(c, me + 1, 0)
    shmem.barrier_all()
    total = int(shmem.atomic_fetch(c, 0))
    s = shmem.full(3, me + 1, np.float64, device="cuda")
    r = shmem.zeros(3, np.float64, device="cuda")
    shmem.sum_reduce(r, s)
    got = r.cpu().tolist()
    for a in (r, s, c):
        shmem.free(a)
    assert total == n * (n + 1) // 2
    assert got == [n * (n + 1) / 2] * 3


def test_on_stream_put_barrier_and_reduce(me, n):
    s = torch.cuda.Stream()
    dest = shmem.zeros(16, np.float32, device="cuda")
    src = torch.full((16,), float(me), device="cuda")
    red = shmem.full(4, me + 1, np.int32, device="cuda")
    s.wait_stream(torch.cuda.current_stream())  # src was filled there
    with torch.cuda.stream(s):
        shmem.stream.put_on_stream(dest, src, (me + 1) % n, s)
        shmem.stream.barrier_all_on_stream(s)
        shmem.stream.sum_reduce_on_stream(red, red, s)
    s.synchronize()
    got, total = dest.cpu().tolist(), red.cpu().tolist()
    shmem.barrier_all()
    for a in (red, dest):
        shmem.free(a)
    assert got == [float((me - 1) % n)] * 16
    assert total == [n * (n + 1) // 2] * 4


def test_on_stream_sums_of_16_bit_floats(me, n):
    # float16 and bfloat16 (a view of int16 heap memory: NumPy may have no
    # bfloat16), in one block (4 KiB) and in several (40 KiB), in place.
    s = torch.cuda.Stream()
    arrays = []
    for count in (2048, 20000):
        arrays.append(shmem.full(count, me + 1, np.float16, device="cuda"))
        bits = shmem.zeros(count, np.int16, device="cuda")
        bits.view(torch.bfloat16).fill_(me + 1)
        arrays.append(bits)
    s.wait_stream(torch.cuda.current_stream())
    for a in arrays:
        x = a if a.dtype == torch.float16 else a.view(torch.bfloat16)
        shmem.stream.sum_reduce_on_stream(x, x, s)
    s.synchronize()
    got = [set((a if a.dtype == torch.float16 else a.view(torch.bfloat16)).float().tolist())
           for a in arrays]
    shmem.barrier_all()
    for a in arrays:
        shmem.free(a)
    assert got == [{float(n * (n + 1) // 2)}] * 4


def test_on_stream_calls_replay_in_a_cuda_graph(me, n):
    s = torch.cuda.Stream()
    dest = shmem.zeros(4, np.int32, device="cuda")
    src = torch.zeros(4, dtype=torch.int32, device="cuda")
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph, stream=s):
        shmem.stream.put_on_stream(dest, src, (me + 1) % n, s)
        shmem.stream.barrier_all_on_stream(s)
    for k in range(3):
        src.fill_(10 * k + me)
        torch.cuda.synchronize()
        graph.replay()
    torch.cuda.synchronize()
    got = dest.cpu().tolist()
    shmem.barrier_all()
    shmem.free(dest)
    assert got == [20 + (me - 1) % n] * 4


def test_tensors_by_dtype_and_layout(me, n):
    # A tensor's address, dtype and size come from torch itself; a strided
    # view is refused, and a bfloat16 source for a float16 dest is named
    # (NumPy knows bfloat16 where ml_dtypes is loaded, as with JAX).
    s = torch.cuda.Stream()
    dest = shmem.zeros(6, np.float16, device="cuda")
    src = torch.arange(12, dtype=torch.float16, device="cuda") + me
    s.wait_stream(torch.cuda.current_stream())
    with pytest.raises(ValueError, match="not contiguous"):
        shmem.stream.put_on_stream(dest, src[::2], (me + 1) % n, s)
    shmem.stream.put_on_stream(dest, src[:6], (me + 1) % n, s)
    shmem.stream.barrier_all_on_stream(s)
    s.synchronize()
    got = dest.cpu().tolist()
    with pytest.raises(TypeError, match="bfloat16"):
        shmem.stream.put_on_stream(dest, torch.zeros(6, dtype=torch.bfloat16, device="cuda"),
                                   (me + 1) % n, s)
    shmem.barrier_all()
    shmem.free(dest)
    assert got == [float(i + (me - 1) % n) for i in range(6)]


def test_ptr_of_a_tensor_reaches_the_peer_gpu(me, n):
    a = shmem.zeros(4, np.int32, device="cuda")
    peer = shmem.ptr(a, (me + 1) % n)
    assert isinstance(peer, torch.Tensor) and peer.is_cuda and peer.shape == (4,)
    peer.fill_(me + 5)  # a torch kernel storing into the next PE's GPU memory
    torch.cuda.synchronize()
    shmem.barrier_all()
    got = a.cpu().tolist()
    shmem.barrier_all()
    shmem.free(a)
    assert got == [(me - 1) % n + 5] * 4


def test_a_tensor_changed_in_place_is_described_again(me, n):
    # The package remembers the tensors it has seen; a tensor that set_,
    # resize_ or as_strided_ changed must be described again: its new
    # storage is not symmetric, its new size is checked, its new layout is
    # refused, and a source's new storage is what is sent.
    s = torch.cuda.Stream()
    dest = shmem.zeros(4, np.int64, device="cuda")
    src = torch.full((4,), me + 1, dtype=torch.int64, device="cuda")
    s.wait_stream(torch.cuda.current_stream())
    shmem.stream.put_on_stream(dest, src, (me + 1) % n, s)
    src.set_(torch.full((4,), me + 100, dtype=torch.int64, device="cuda"))
    s.wait_stream(torch.cuda.current_stream())
    shmem.stream.put_on_stream(dest, src, (me + 1) % n, s)
    shmem.stream.barrier_all_on_stream(s)
    s.synchronize()
    got = dest.cpu().tolist()
    spare = shmem.zeros(4, np.int64, device="cuda")
    view = spare.view(4)
    shmem.stream.put_on_stream(view, src, (me + 1) % n, s)
    view.set_(torch.zeros(4, dtype=torch.int64, device="cuda"))
    with pytest.raises(ValueError, match="not symmetric"):
        shmem.stream.put_on_stream(view, src, (me + 1) % n, s)
    src.resize_(8)
    with pytest.raises(ValueError, match="does not fit"):
        shmem.stream.put_on_stream(dest, src, (me + 1) % n, s)
    src.as_strided_((4,), (2,))
    with pytest.raises(ValueError, match="not contiguous"):
        shmem.stream.put_on_stream(dest, src, (me + 1) % n, s)
    s.synchronize()
    shmem.barrier_all()
    shmem.free(spare)
    shmem.free(dest)
    assert got == [(me - 1) % n + 100] * 4
