"""The Python side of bench/python_stream_overhead.sh: the on-stream rows of
bench/gpu_host_rma.c (an 8-byte put_on_stream from PE 0's GPU heap into PE
1's, then quiet_on_stream and the stream's synchronize, one after the other;
1000 such puts queued back to back, then one synchronize; and 2000 sums of
two floats in place, queued on both PEs, per call and the host's time to
queue one) through the package and through ctypes alone (the routine called
directly, no checks), with torch arrays and a torch.cuda.Stream.
Output (PE 0): "<row> <package us per call> <ctypes us per call>"."""
import ctypes
import time

import numpy as np
import torch

import shmem
import shmem.stream as ss
from shmem import _lib


def timed(fn, iters):
    t = time.perf_counter()
    for _ in range(iters):
        fn()
    return (time.perf_counter() - t) / iters * 1e6


with shmem.init():
    torch.cuda.set_device(shmem.cuda_device())
    me = shmem.my_pe()
    dst = shmem.zeros(1, np.int64, device="cuda")
    src = shmem.zeros(1, np.int64, device="cuda")
    s = torch.cuda.Stream()
    raw_s = s.cuda_stream
    P, S, I = ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int
    c_put = _lib.fn("shmemx_putmem_on_stream", None, P, P, S, I, P)
    c_quiet = _lib.fn("shmemx_quiet_on_stream", None, P)
    d_addr, s_addr = dst.data_ptr(), src.data_ptr()

    def pkg_one():
        ss.put_on_stream(dst, src, 1, s)
        ss.quiet_on_stream(s)
        s.synchronize()

    def raw_one():
        c_put(d_addr, s_addr, 8, 1, raw_s)
        c_quiet(raw_s)
        s.synchronize()

    def queued(put):
        def run():
            for _ in range(1000):
                put()
            s.synchronize()
        return run

    shmem.barrier_all()
    if me == 0:
        for f in (pkg_one, raw_one):
            timed(f, 100)
        print("putmem_on_stream_quiet_sync_8B_us", f"{timed(pkg_one, 2000):.2f}",
              f"{timed(raw_one, 2000):.2f}", flush=True)
        pkg_q = queued(lambda: ss.put_on_stream(dst, src, 1, s))
        raw_q = queued(lambda: c_put(d_addr, s_addr, 8, 1, raw_s))
        print("putmem_on_stream_queued_8B_us", f"{timed(pkg_q, 3) / 1000:.2f}",
              f"{timed(raw_q, 3) / 1000:.2f}", flush=True)
    shmem.barrier_all()
    # Both PEs queue the same sums (a collective); the host's share shows in
    # the time to queue them, before the synchronize.
    acc = shmem.zeros(2, np.float32, device="cuda")
    c_sum = _lib.fn("shmemx_float_sum_reduce_on_stream", I, P, P, P, S, P)
    world, a_addr = shmem.TEAM_WORLD.handle, acc.data_ptr()

    def sums(one, iters):
        t = time.perf_counter()
        for _ in range(iters):
            one()
        host = time.perf_counter() - t
        s.synchronize()
        return (time.perf_counter() - t) / iters * 1e6, host / iters * 1e6

    pkg_sum = lambda: ss.sum_reduce_on_stream(acc, acc, s)
    raw_sum = lambda: c_sum(world, a_addr, a_addr, 2, raw_s)
    rows = []
    for one in (pkg_sum, raw_sum):
        sums(one, 100)
        shmem.barrier_all()
        rows.append(sums(one, 2000))
        shmem.barrier_all()
    if me == 0:
        print("float_sum_on_stream_8B_us", f"{rows[0][0]:.2f}", f"{rows[1][0]:.2f}", flush=True)
        print("float_sum_on_stream_8B_host_us", f"{rows[0][1]:.2f}", f"{rows[1][1]:.2f}",
              flush=True)
    shmem.free(acc)
    shmem.free(src)
    shmem.free(dst)
