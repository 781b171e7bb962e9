"""The on-stream float sum in place on one heap buffer at offsets from a
256-byte boundary (0, 64, 128, 192 bytes), and through the Python package
against the C routine through ctypes: what a buffer's alignment costs a
kernel's 16-byte accesses. Run under shmemrun on the device heap, e.g.

    PYTHONPATH=build/python build/shmemrun -n 1 python3 bench/sum_alignment.py

NB: bytes per PE (default 64 MiB); ROUNDS: rounds, variants in turn in each
(default 3). PE 0 prints each variant's median and best, in us per call
(queued back to back, as bench/torch_bench.py times them).
(bench/results/2026-11-29-heap-alignment.md)"""
import ctypes
import os
import statistics

import numpy as np
import torch

import shmem
import shmem.stream as ss
from shmem import _lib
from shmem._teams import team as _team
from torch_bench import per_call_us

NB = int(os.environ.get("NB", 64 << 20))
ROUNDS = int(os.environ.get("ROUNDS", 3))

with shmem.init():
    me = shmem.my_pe()
    torch.cuda.set_device(shmem.cuda_device())
    stream = torch.cuda.Stream()
    count = NB // 4
    x = shmem.full(count + 64, 1, np.float32, device="cuda")
    addr = x.data_ptr()
    base = addr - addr % 256
    f = _lib.fn("shmemx_float_sum_reduce_on_stream", ctypes.c_int, ctypes.c_void_p,
                ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_void_p)
    world = _team(None).handle

    def at(off):
        p = base + 256 + off  # inside x whatever x's own alignment
        return lambda: f(world, p, p, count - 128, stream.cuda_stream)

    variants = {f"offset {off}": at(off) for off in (0, 64, 128, 192)}
    variants["package"] = lambda: ss.sum_reduce_on_stream(x, x, stream)
    variants["ctypes"] = lambda: f(world, addr, addr, count + 64, stream.cuda_stream)
    got = {k: [] for k in variants}
    for _ in range(ROUNDS):
        for k, call in variants.items():
            got[k].append(per_call_us(call, stream, NB))
    if me == 0:
        print(f"# buffer at {addr % 256} bytes past 256, {NB} bytes per PE, "
              f"{shmem.n_pes()} PEs, {torch.cuda.get_device_name()}")
        for k, t in got.items():
            print(f"{k:10s} median {statistics.median(t):8.2f} best {min(t):8.2f}")
