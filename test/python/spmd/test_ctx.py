import numpy as np
import pytest

import shmem


def test_contexts_move_data_and_complete_on_their_quiet(me, n):
    right, left = (me + 1) % n, (me - 1) % n
    a = shmem.zeros(4, np.int64)
    c = shmem.zeros(1, np.int64)
    with shmem.ctx_create(shmem.CTX_PRIVATE) as ctx:
        ctx.put(a, [me] * 3, right)
        ctx.p(a[3:], 100 + me, right)
        ctx.atomic("add", c, me + 1, 0)
        ctx.quiet()
        shmem.barrier_all()
        got = a.tolist()
        back = np.zeros(4, np.int64)
        ctx.get(back, a, right)
        g3 = ctx.g(a[3:], right)
        total = ctx.atomic("fetch", c, 0)
        with pytest.raises(ValueError, match="operation 'nope' is unknown"):
            ctx.atomic("nope", c, 0)
        with pytest.raises(TypeError, match="pass 1 value"):
            ctx.atomic("add", c, 0)
        shmem.barrier_all()
    with pytest.raises(ValueError, match="destroyed"):
        ctx.put(a, [0], right)
    team_ctx = shmem.TEAM_WORLD.create_ctx()
    assert team_ctx is not None
    team_ctx.put_nbi(a, np.array([7], np.int64), me)
    team_ctx.quiet()
    mine = int(a[0])
    team_ctx.destroy()
    shmem.barrier_all()
    shmem.free(c)
    shmem.free(a)
    assert got == [left] * 3 + [100 + left]
    assert back.tolist() == [me] * 3 + [100 + me] and g3 == 100 + me
    assert total == n * (n + 1) // 2
    assert mine == 7
