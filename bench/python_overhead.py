"""The Python side of bench/python_overhead.sh: the same loops as
bench/python_overhead.c through the package (shmem.p, ...), and through
ctypes alone (the library's routine called directly, no checks), which
splits the overhead between ctypes and the package's own checks; at 1 PE
only barrier_all, as there.
Output (PE 0): "<call> <package ns per call> <ctypes ns per call>"."""
import ctypes
import time

import numpy as np

import shmem
from shmem import _lib

ITERS = 50000


def per_call(fn, iters=ITERS):
    t = time.perf_counter_ns()
    for i in range(iters):
        fn(i)
    return (time.perf_counter_ns() - t) / iters


with shmem.init():
    me = shmem.my_pe()
    a = shmem.zeros(512, np.int64)
    one, src = np.zeros(1, np.int64), np.zeros(512, np.int64)
    addr, src_addr = a.ctypes.data, src.ctypes.data
    P, L, S, I = ctypes.c_void_p, ctypes.c_long, ctypes.c_size_t, ctypes.c_int
    c_p = _lib.fn("shmem_long_p", None, P, L, I)
    c_g = _lib.fn("shmem_long_g", L, P, I)
    c_put = _lib.fn("shmem_long_put", None, P, P, S, I)
    c_get = _lib.fn("shmem_long_get", None, P, P, S, I)
    c_fadd = _lib.fn("shmem_long_atomic_fetch_add", L, P, L, I)
    c_barrier = _lib.fn("shmem_barrier_all", None)
    rows = [
        ("p", lambda i: shmem.p(a, i, 1), lambda i: c_p(addr, i, 1)),
        ("g", lambda i: shmem.g(a, 1), lambda i: c_g(addr, 1)),
        ("put_8B", lambda i: shmem.put(a, one, 1), lambda i: c_put(addr, src_addr, 1, 1)),
        ("put_4KiB", lambda i: shmem.put(a, src, 1), lambda i: c_put(addr, src_addr, 512, 1)),
        ("get_8B", lambda i: shmem.get(one, a, 1), lambda i: c_get(src_addr, addr, 1, 1)),
        ("atomic_fetch_add", lambda i: shmem.atomic_fetch_add(a, 1, 1),
         lambda i: c_fadd(addr, 1, 1)),
    ]
    for name, package, raw in rows:
        shmem.barrier_all()
        if me == 0 and shmem.n_pes() > 1:
            print(name, f"{per_call(package):.1f}", f"{per_call(raw):.1f}", flush=True)
    shmem.barrier_all()
    times = [per_call(lambda i: shmem.barrier_all(), ITERS // 10),
             per_call(lambda i: c_barrier(), ITERS // 10)]
    if me == 0:
        print(f"barrier_all_{shmem.n_pes()}pe", *(f"{t:.1f}" for t in times), flush=True)
    shmem.barrier_all()
    shmem.free(a)
