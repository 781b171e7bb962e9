import numpy as np
import pytest

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


def test_wait_and_test_sets(me, n):
    # Every PE sets its own flag on PE 0 (flags[pe] = pe + 1); PE 0 waits
    # for them by every set form, the vector forms and a status mask.
    flags = shmem.zeros(n, np.int64)
    shmem.barrier_all()
    none_yet = shmem.test_any(flags, "!=", 0) if me == 0 else None
    shmem.barrier_all()
    shmem.p(flags[me:], me + 1, 0)
    got = {}
    if me == 0:
        shmem.wait_until_all(flags, "!=", 0)
        got["all"] = flags.tolist()
        got["any"] = shmem.wait_until_any(flags, ">", 0)
        got["some"] = shmem.wait_until_some(flags, ">", 0)
        got["vector"] = shmem.test_all(flags, "==", np.arange(1, n + 1))
        got["masked"] = shmem.test_some(flags, ">=", 1, status=[1] + [0] * (n - 1))
        got["excluded"] = shmem.test_any(flags, ">=", 1, status=[1] * n)
        got["no_match"] = shmem.test_some(flags, ">", n)
        got["vector_any"] = shmem.test_any(flags, "==", np.arange(n, 0, -1))
    shmem.barrier_all()
    shmem.free(flags)
    if me == 0:
        assert none_yet is None
        assert got["all"] == list(range(1, n + 1))
        assert got["any"] in range(n)
        assert sorted(got["some"]) == list(range(n))
        assert got["vector"] is True
        assert sorted(got["masked"]) == list(range(1, n))
        assert got["excluded"] is None and got["no_match"] == []
        # flags[i] == n - i holds only where i + 1 == n - i: the middle.
        assert got["vector_any"] == (None if n % 2 == 0 else (n - 1) // 2)


def test_wait_sets_refuse_bad_input(me, n):
    flags = shmem.zeros(2, np.int64)
    with pytest.raises(ValueError, match="status has 3 elements"):
        shmem.test_all(flags, "==", 0, status=[0, 0, 0])
    with pytest.raises(ValueError, match="value has 3 elements"):
        shmem.test_any(flags, "==", np.zeros(3, np.int64))
    floats = shmem.zeros(2, np.float64)
    with pytest.raises(TypeError, match="no float64 form"):
        shmem.test_all(floats, "==", 0)
    shmem.free(floats)
    shmem.free(flags)


def test_put_signal_nbi_from_a_list(me, n):
    # The list becomes an array the package keeps until the quiet.
    data = shmem.zeros(3, np.int32)
    sig = shmem.zeros(1, np.uint64)
    shmem.barrier_all()
    shmem.put_signal_nbi(data, [me, me + 1, me + 2], sig, 1, (me + 1) % n, shmem.SIGNAL_ADD)
    shmem.quiet()
    shmem.signal_wait_until(sig, ">=", 1)
    got = data.tolist()
    shmem.barrier_all()
    shmem.free(sig)
    shmem.free(data)
    left = (me - 1) % n
    assert got == [left, left + 1, left + 2]
