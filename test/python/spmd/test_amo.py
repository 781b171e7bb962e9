import numpy as np

import shmem


def test_fetch_add_counts_every_pe(me, n):
    c = shmem.zeros(1, np.int64)
    old = shmem.atomic_fetch_add(c, me + 1, 0)
    shmem.atomic_add(c, 1, 0)
    shmem.atomic_inc(c, 0)
    shmem.barrier_all()
    total = int(shmem.atomic_fetch(c, 0))
    shmem.barrier_all()
    shmem.free(c)
    assert 0 <= old < n * (n + 1) // 2 + 2 * n
    assert total == n * (n + 1) // 2 + 2 * n


def test_compare_swap_lets_one_pe_win(me, n):
    flag = shmem.full(1, -1, np.int32)
    won = shmem.atomic_compare_swap(flag, -1, me, 0) == -1
    winners = shmem.zeros(1, np.int32)
    total = shmem.zeros(1, np.int32)
    winners[0] = int(won)
    shmem.barrier_all()
    shmem.sum_reduce(total, winners)
    owner = int(shmem.g(flag, 0))
    n_won = int(total[0])
    shmem.barrier_all()
    for a in (total, winners, flag):
        shmem.free(a)
    assert n_won == 1
    assert owner in range(n)
    assert won == (owner == me)


def test_swap_set_and_bitwise(me, n):
    w = shmem.zeros(1, np.uint64)
    shmem.barrier_all()
    shmem.atomic_or(w, 1 << me, 0)
    shmem.barrier_all()
    bits = int(shmem.atomic_fetch(w, 0))
    shmem.barrier_all()
    if me == 0:
        shmem.atomic_set(w, 0xFF, 0)
        shmem.atomic_and(w, 0x0F, 0)
        shmem.atomic_xor(w, 0x3, 0)
        previous = int(shmem.atomic_swap(w, 42, 0))
    shmem.barrier_all()
    final = int(shmem.atomic_fetch(w, 0))
    shmem.barrier_all()
    shmem.free(w)
    assert bits == (1 << n) - 1
    assert final == 42
    if me == 0:
        assert previous == 0x0C


def test_float_fetch_and_swap(me, n):
    f = shmem.zeros(1, np.float64)
    shmem.barrier_all()
    if me == n - 1:
        shmem.atomic_set(f, 2.5, 0)
    shmem.barrier_all()
    got = float(shmem.atomic_fetch(f, 0))
    shmem.barrier_all()
    shmem.free(f)
    assert got == 2.5


def test_nonblocking_fetches_land_after_quiet(me, n):
    c = shmem.zeros(2, np.int64)
    shmem.barrier_all()
    olds = np.full(3, -1, np.int64)
    shmem.atomic_fetch_add_nbi(olds[0:], c, me + 1, 0)
    shmem.atomic_fetch_inc_nbi(olds[1:], c[1:], 0)
    shmem.quiet()
    shmem.barrier_all()
    shmem.atomic_fetch_nbi(olds[2:], c, 0)
    swapped = np.zeros(1, np.int64)
    if me == 0:
        shmem.atomic_compare_swap_nbi(swapped, c[1:], n, -5, 0)
    shmem.quiet()
    shmem.barrier_all()
    final = c.tolist()
    shmem.barrier_all()
    shmem.free(c)
    assert 0 <= olds[0] < n * (n + 1) // 2 and 0 <= olds[1] < n
    assert olds[2] == n * (n + 1) // 2
    if me == 0:
        assert final == [n * (n + 1) // 2, -5] and swapped[0] == n
