import numpy as np
import pytest

import shmem


def test_broadcast_from_last_pe(me, n):
    src = shmem.full(3, me, np.int32)
    dst = shmem.full(3, -1, np.int32)
    shmem.broadcast(dst, src, n - 1)
    got = dst.tolist()
    shmem.free(dst)
    shmem.free(src)
    # Team-based broadcasts (OpenSHMEM 1.5) update the root's dest too.
    assert got == [n - 1] * 3


def test_fcollect_and_collect(me, n):
    src = shmem.full(2, me, np.int64)
    dst = shmem.zeros(2 * n, np.int64)
    shmem.fcollect(dst, src)
    fixed = dst.tolist()
    var_src = shmem.full(n, me, np.int64)
    var_dst = shmem.zeros(n * n, np.int64)
    shmem.collect(var_dst, var_src[: me + 1])
    variable = var_dst[: n * (n + 1) // 2].tolist()
    for a in (var_dst, var_src, dst, src):
        shmem.free(a)
    assert fixed == [pe for pe in range(n) for _ in range(2)]
    assert variable == [pe for pe in range(n) for _ in range(pe + 1)]


def test_alltoall_exchanges_blocks(me, n):
    src = shmem.zeros(2 * n, np.float32)
    src[:] = [100 * me + j // 2 for j in range(2 * n)]
    dst = shmem.zeros(2 * n, np.float32)
    shmem.barrier_all()
    shmem.alltoall(dst, src)
    got = dst.tolist()
    shmem.free(dst)
    shmem.free(src)
    assert got == [100 * pe + me for pe in range(n) for _ in range(2)]


@pytest.mark.parametrize("op,dtype,expect", [
    ("sum", np.int32, lambda n: [sum(range(1, n + 1)), 2 * n]),
    ("prod", np.float64, lambda n: [float(np.prod(range(1, n + 1))), 2.0 ** n]),
    ("min", np.int64, lambda n: [1, 2]),
    ("max", np.uint8, lambda n: [n, 2]),
])
def test_arithmetic_reductions(me, n, op, dtype, expect):
    src = shmem.zeros(2, dtype)
    src[:] = [me + 1, 2]
    dst = shmem.zeros(2, dtype)
    shmem.reduce(op, dst, src)
    got = dst.tolist()
    shmem.free(dst)
    shmem.free(src)
    assert got == expect(n)


def test_bitwise_reductions_in_place(me, n):
    a = shmem.zeros(3, np.uint32)
    a[:] = [1 << me, 0xFF, 1 << me]
    shmem.barrier_all()
    shmem.or_reduce(a[:1], a[:1])
    shmem.and_reduce(a[1:2], a[1:2])
    shmem.xor_reduce(a[2:], a[2:])
    got = a.tolist()
    shmem.free(a)
    assert got == [(1 << n) - 1, 0xFF, (1 << n) - 1]


def test_complex_sum(me, n):
    src = shmem.full(1, complex(me, 1), np.complex128)
    dst = shmem.zeros(1, np.complex128)
    shmem.sum_reduce(dst, src)
    got = complex(dst[0])
    shmem.free(dst)
    shmem.free(src)
    assert got == complex(n * (n - 1) / 2, n)


def test_scans_in_member_order(me, n):
    src = shmem.full(3, me + 1, np.int64)
    inc, exc = shmem.zeros(3, np.int64), shmem.zeros(3, np.float64)
    fsrc = shmem.full(3, float(me + 1), np.float64)
    shmem.sum_inscan(inc, src)
    shmem.sum_exscan(exc, fsrc)
    got = inc.tolist(), exc.tolist()
    for a in (fsrc, exc, inc, src):
        shmem.free(a)
    assert got[0] == [(me + 1) * (me + 2) // 2] * 3
    assert got[1] == [float(me * (me + 1) // 2)] * 3


def test_alltoalls_strided_blocks(me, n):
    # Block j of source (for member j), 2 elements 3 apart, holds
    # 100 * me + 10 * j + i; it lands 2 apart in block me of dest on j.
    nelems, sst, dst = 2, 3, 2
    source = shmem.zeros(n * nelems * sst, np.int32)
    dest = shmem.full(n * nelems * dst, -1, np.int32)
    for j in range(n):
        for i in range(nelems):
            source[(j * nelems + i) * sst] = 100 * me + 10 * j + i
    shmem.barrier_all()
    shmem.alltoalls(dest, source, dst, sst, nelems)
    got = dest.tolist()
    with pytest.raises(ValueError, match="run past the end of source"):
        shmem.alltoalls(dest, source, dst, sst * 2, nelems)
    with pytest.raises(ValueError, match="stride of dest is 0"):
        shmem.alltoalls(dest, source, 0, sst, nelems)
    shmem.barrier_all()
    shmem.free(dest)
    shmem.free(source)
    for j in range(n):
        for i in range(nelems):
            assert got[(j * nelems + i) * dst] == 100 * j + 10 * me + i
            assert got[(j * nelems + i) * dst + 1] == -1
