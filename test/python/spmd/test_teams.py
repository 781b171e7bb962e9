import numpy as np
import pytest

import shmem


def test_world_and_shared_teams(me, n):
    assert shmem.TEAM_WORLD.my_pe() == me
    assert shmem.TEAM_WORLD.n_pes() == n
    # Every PE of these tests runs on one node.
    assert shmem.TEAM_SHARED.n_pes() == n
    shmem.TEAM_WORLD.sync()


def test_split_even_pes_and_reduce_over_them(me, n):
    evens = shmem.TEAM_WORLD.split_strided(0, 2, (n + 1) // 2)
    src = shmem.full(1, me, np.int32)
    dst = shmem.zeros(1, np.int32)
    gathered = shmem.zeros(n, np.int32)
    if evens is not None:
        team_me, team_n = evens.my_pe(), evens.n_pes()
        world = evens.translate_pe(team_me, shmem.TEAM_WORLD)
        shmem.sum_reduce(dst, src, team=evens)
        # Only the members call it: collect allocates nothing collectively.
        shmem.collect(gathered, src, team=evens)
        evens.destroy()
    got, members = int(dst[0]), gathered[: (n + 1) // 2].tolist()
    shmem.barrier_all()
    shmem.free(gathered)
    shmem.barrier_all()
    shmem.free(dst)
    shmem.free(src)
    if me % 2:
        assert evens is None
    else:
        assert (team_me, team_n, world) == (me // 2, (n + 1) // 2, me)
        assert got == sum(range(0, n, 2))
        assert members == list(range(0, n, 2))


def test_split_2d_rows_and_columns(me, n):
    # A grid 2 wide: row me // 2 (PEs 2r, 2r + 1), column me % 2.
    row, col = shmem.TEAM_WORLD.split_2d(2)
    got = (row.n_pes(), row.my_pe(), col.n_pes(), col.my_pe(),
           row.translate_pe(0, shmem.TEAM_WORLD), col.translate_pe(0, shmem.TEAM_WORLD))
    row.sync()
    col.sync()
    row.destroy()
    col.destroy()
    assert got == (min(2, n - (me // 2) * 2), me % 2, (n - me % 2 + 1) // 2, me // 2,
                   (me // 2) * 2, me % 2)
    with pytest.raises(ValueError, match="xrange is 0"):
        shmem.TEAM_WORLD.split_2d(0)
