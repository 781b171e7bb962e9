import os
import subprocess
import sys

import numpy as np

import shmem


def test_pe_numbers_are_distinct_and_complete(me, n):
    ids = shmem.zeros(1, np.int32)
    all_ids = shmem.zeros(n, np.int32)
    ids[0] = me
    shmem.barrier_all()
    shmem.fcollect(all_ids, ids)
    got = all_ids.tolist()
    shmem.free(all_ids)
    shmem.free(ids)
    assert got == list(range(n))
    assert shmem.initialized()


def test_info_names_the_library():
    info = shmem.info()
    assert info["version"] == (1, 5)
    assert info["name"].startswith("shmem-gpu")
    assert os.path.exists(info["library"])


def test_calls_before_init_raise_instead_of_ending_the_process(me):
    if me != 0:
        return
    code = ("import shmem\n"
            "try:\n    shmem.barrier_all()\nexcept RuntimeError as e:\n    print(e)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 0, out.stderr
    assert "shmem.barrier_all (before shmem.init): the library is not initialised" in out.stdout


def test_sync_quiet_fence_complete_puts(me, n):
    a = shmem.zeros(2, np.int64)
    shmem.p(a, me + 1, (me + 1) % n)
    shmem.fence()
    shmem.p(a[1:], me + 2, (me + 1) % n)
    shmem.quiet()
    shmem.sync_all()
    got = a.tolist()
    shmem.barrier_all()
    shmem.free(a)
    left = (me - 1) % n
    assert got == [left + 1, left + 2]


def test_freeing_block_frees_and_full_fills(n):
    with shmem.freeing(shmem.full((2, 3), 7, np.float32)) as a:
        assert a.shape == (2, 3) and a.dtype == np.float32
        assert (a == 7).all()
        addr = a.__array_interface__["data"][0]
    # The freed memory is reused by the next allocation of the same size.
    with shmem.freeing(shmem.empty((2, 3), np.float32)) as b:
        again = b.__array_interface__["data"][0]
    assert again == addr
