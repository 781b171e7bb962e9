import numpy as np
import pytest

import shmem


def test_a_lock_guards_a_read_modify_write_on_pe_0(me, n):
    # g then p under the lock: without it, two PEs would read the same value.
    lock = shmem.zeros(1, np.int64)
    counter = shmem.zeros(1, np.int64)
    rounds = 50
    for _ in range(rounds):
        shmem.set_lock(lock)
        v = int(shmem.g(counter, 0))
        shmem.p(counter, v + 1, 0)
        shmem.quiet()
        shmem.clear_lock(lock)
    shmem.barrier_all()
    total = int(shmem.g(counter, 0))
    shmem.barrier_all()
    shmem.free(counter)
    shmem.free(lock)
    assert total == rounds * n


def test_test_lock_takes_a_free_lock_and_reports_a_held_one(me, n):
    lock = shmem.zeros(1, np.int64)
    took = held_seen = None
    if me == 0:
        took = shmem.test_lock(lock)
    shmem.barrier_all()
    if me == n - 1 and n > 1:
        held_seen = shmem.test_lock(lock)
    shmem.barrier_all()
    if me == 0:
        shmem.clear_lock(lock)
    shmem.barrier_all()
    shmem.free(lock)
    if me == 0:
        assert took is False
    if me == n - 1 and n > 1:
        assert held_seen is True


def test_a_lock_must_be_a_symmetric_int64(me, n):
    wrong = shmem.zeros(1, np.int32)
    with pytest.raises(TypeError, match=r"set_lock.*lock is int32.*int64"):
        shmem.set_lock(wrong)
    with pytest.raises(ValueError, match=r"lock is not symmetric"):
        shmem.set_lock(np.zeros(1, np.int64))
    shmem.free(wrong)
