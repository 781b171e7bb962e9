import numpy as np

import shmem


def test_put_signal_delivers_data_before_signal(me, n):
    data = shmem.zeros(4, np.int32)
    sig = shmem.zeros(1, np.uint64)
    shmem.barrier_all()
    shmem.put_signal(data, np.full(4, me + 10, np.int32), sig, me + 1, (me + 1) % n)
    seen = int(shmem.signal_wait_until(sig, shmem.CMP_NE, 0))
    got = data.tolist()
    fetched = int(shmem.signal_fetch(sig))
    shmem.barrier_all()
    shmem.free(sig)
    shmem.free(data)
    left = (me - 1) % n
    assert seen == left + 1 and fetched == left + 1
    assert got == [left + 10] * 4


def test_signal_add_accumulates(me, n):
    sig = shmem.zeros(1, np.uint64)
    shmem.barrier_all()
    shmem.signal_add(sig, 1, 0)
    if me == 0:
        shmem.signal_wait_until(sig, ">=", n)
    shmem.barrier_all()
    total = int(shmem.signal_fetch(sig))
    shmem.barrier_all()
    if me == 0:
        shmem.signal_set(sig, 0, 0)
    shmem.barrier_all()
    reset = int(shmem.signal_fetch(sig))
    shmem.barrier_all()
    shmem.free(sig)
    assert total == (n if me == 0 else 0)
    assert reset == 0


def test_wait_until_and_test_on_a_flag(me, n):
    flag = shmem.zeros(1, np.int64)
    shmem.barrier_all()
    before = shmem.test(flag, shmem.CMP_EQ, 1)
    shmem.barrier_all()
    shmem.atomic_set(flag, 1, (me + 1) % n)
    shmem.wait_until(flag, "==", 1)
    after = shmem.test(flag, shmem.CMP_EQ, 1)
    shmem.barrier_all()
    shmem.free(flag)
    assert not before and after
