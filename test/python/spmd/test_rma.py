import numpy as np
import pytest

import shmem


@pytest.mark.parametrize("dtype", [np.int8, np.uint16, np.int32, np.int64, np.uint64,
                                   np.float32, np.float64])
def test_put_then_get_round_trip(me, n, dtype):
    right, left = (me + 1) % n, (me - 1) % n
    dest = shmem.zeros(5, dtype)
    shmem.put(dest, np.arange(5, dtype=dtype) + me, right)
    shmem.barrier_all()
    arrived = dest.copy()
    back = np.zeros(5, dtype)
    shmem.get(back, dest, right)
    shmem.barrier_all()
    shmem.free(dest)
    assert arrived.tolist() == (np.arange(5, dtype=dtype) + left).tolist()
    assert back.tolist() == (np.arange(5, dtype=dtype) + me).tolist()


def test_p_and_g_address_single_elements(me, n):
    a = shmem.zeros(n, np.int32)
    for pe in range(n):
        shmem.p(a[me:], 100 * me + pe, pe)
    shmem.barrier_all()
    row = a.tolist()
    fetched = [int(shmem.g(a[pe:], (me + 1) % n)) for pe in range(n)]
    shmem.barrier_all()
    shmem.free(a)
    assert row == [100 * pe + me for pe in range(n)]
    assert fetched == [100 * pe + (me + 1) % n for pe in range(n)]


def test_put_from_a_list_and_nbi_forms(me, n):
    a = shmem.zeros(3, np.float64)
    shmem.put_nbi(a, [me, me + 0.5], (me + 1) % n)
    shmem.quiet()
    shmem.barrier_all()
    local = np.zeros(2)
    shmem.get_nbi(local, a, me)
    shmem.quiet()
    shmem.barrier_all()
    shmem.free(a)
    left = (me - 1) % n
    assert local.tolist() == [left, left + 0.5]


def test_two_dimensional_arrays_move_whole(me, n):
    a = shmem.zeros((2, 4), np.int16)
    shmem.put(a, np.full((2, 4), me, np.int16), (me + 1) % n)
    shmem.barrier_all()
    got = a.copy()
    shmem.barrier_all()
    shmem.free(a)
    assert (got == (me - 1) % n).all()


def test_iput_and_iget_move_every_other_element(me, n):
    right, left = (me + 1) % n, (me - 1) % n
    dest = shmem.zeros(8, np.int32)
    shmem.iput(dest, np.arange(8, dtype=np.int32) + 10 * me, 2, 2, 4, right)
    shmem.barrier_all()
    arrived = dest.tolist()
    back = np.full(4, -1, np.int32)
    shmem.iget(back, dest, 1, 2, 4, right)
    shmem.barrier_all()
    shmem.free(dest)
    # Elements 0, 2, 4, 6 of the left PE's source into 0, 2, 4, 6; the rest stay 0.
    assert arrived == [10 * left + k if k % 2 == 0 else 0 for k in range(8)]
    assert back.tolist() == [10 * me + 2 * k for k in range(4)]


def test_strides_past_the_end_are_refused_before_the_call(me, n):
    dest = shmem.zeros(8, np.int32)
    with pytest.raises(ValueError, match=r"iput.*5 elements 2 apart run past the end of dest"):
        shmem.iput(dest, np.zeros(10, np.int32), 2, 1, 5, 0)
    with pytest.raises(ValueError, match=r"iget.*stride of source is 0"):
        shmem.iget(np.zeros(4, np.int32), dest, 1, 0, 4, 0)
    shmem.barrier_all()
    shmem.free(dest)


def test_ibput_and_ibget_move_blocks(me, n):
    # 3 blocks of 2 elements, 3 apart in source, 4 apart in dest.
    right = (me + 1) % n
    dest = shmem.full(12, -1, np.int64)
    src = np.arange(9, dtype=np.int64) + 100 * me
    shmem.barrier_all()
    shmem.ibput(dest, src, 4, 3, 2, 3, right)
    shmem.barrier_all()
    arrived = dest.tolist()
    back = np.full(6, -1, np.int64)
    shmem.ibget(back, dest, 2, 4, 2, 3, right)
    with pytest.raises(ValueError, match=r"ibput.*stride of dest is 1.*2 or more"):
        shmem.ibput(dest, src, 1, 3, 2, 3, right)
    with pytest.raises(ValueError, match=r"3 blocks of 2 elements 6 apart run past the end of dest"):
        shmem.ibput(dest, src, 6, 3, 2, 3, right)
    shmem.barrier_all()
    shmem.free(dest)
    left = (me - 1) % n
    want = [-1] * 12
    for b in range(3):
        for k in range(2):
            want[4 * b + k] = 100 * left + 3 * b + k
    assert arrived == want
    assert back.tolist() == [100 * me + 3 * b + k for b in range(3) for k in range(2)]


def test_ptr_gives_the_peer_copy_on_the_node(me, n):
    right = (me + 1) % n
    a = shmem.zeros(4, np.int64)
    peer = shmem.ptr(a, right)
    mine = shmem.ptr(a, me)
    peer[:] = [me, me + 1, me + 2, me + 3]  # plain stores into the right PE's a
    shmem.barrier_all()
    got = a.tolist()
    with pytest.raises(IndexError):
        shmem.ptr(a, n)
    with pytest.raises(ValueError, match="not symmetric"):
        shmem.ptr(np.zeros(4, np.int64), right)
    shmem.barrier_all()
    shmem.free(a)
    left = (me - 1) % n
    assert mine.ctypes.data == a.ctypes.data
    assert got == [left, left + 1, left + 2, left + 3]
