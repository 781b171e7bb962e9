"""Where the package's time per on-stream call goes, with torch tensors:
each step of put_on_stream and sum_reduce_on_stream timed alone, PE 0's
microseconds per call. On a machine with 2 GPUs:
    PYTHONPATH=build/python SHMEM_HEAP=device build/shmemrun -n 2 \
        python3 bench/python_call_profile.py
bench/python_stream_overhead.sh gives the whole calls next to C's."""
import time

import numpy as np
import torch

import shmem
import shmem.stream as ss
from shmem import _arrays, _lib, _runtime
from shmem._routines import routine, INT, P, SIZE
from shmem.kernel import _stream


def t(name, fn, n=20000):
    for _ in range(200):
        fn()
    a = time.perf_counter()
    for _ in range(n):
        fn()
    print(f"{name:40s} {(time.perf_counter() - a) / n * 1e6:8.3f}", flush=True)


with shmem.init():
    torch.cuda.set_device(shmem.cuda_device())
    me = shmem.my_pe()
    dst = shmem.zeros(1, np.int64, device="cuda")
    src = shmem.zeros(1, np.int64, device="cuda")
    acc = shmem.zeros(2, np.float32, device="cuda")
    s = torch.cuda.Stream()
    shmem.barrier_all()
    if me == 0:
        t("noop lambda", lambda: None)
        t("x.is_cuda", lambda: src.is_cuda)
        t("hasattr data_ptr", lambda: hasattr(src, "data_ptr"))
        t("x.dtype", lambda: src.dtype)
        t("x.is_contiguous()", lambda: src.is_contiguous())
        t("x.data_ptr()", lambda: src.data_ptr())
        t("x.numel()", lambda: src.numel())
        t("str(x.dtype)", lambda: str(src.dtype))
        t("_torch_dtype", lambda: _arrays._torch_dtype(src.dtype))
        t("_arrays._describe", lambda: _arrays._describe("c", src, "source", False))
        t("_arrays.describe", lambda: _arrays.describe("c", src, "source"))
        t("_arrays.symmetric", lambda: _arrays.symmetric("c", dst, "dest"))
        d, b = _arrays.symmetric("c", dst, "dest"), _arrays.describe("c", src, "source")
        t("same_dtype", lambda: _arrays.same_dtype("c", d, b, "dest", "source"))
        t("check_pe", lambda: _runtime.check_pe("c", 1))
        t("require", lambda: _runtime.require("c"))
        t("_stream(torch stream)", lambda: _stream(s))
        t("s.cuda_stream", lambda: s.cuda_stream)
        t("routine lookup", lambda: routine("shmemx_putmem_on_stream", None, P, P, SIZE, INT, P))
        t("ss._rma", lambda: ss._rma("put_on_stream", dst, src, 1, True))
        t("ss._team(None)", lambda: ss._team(None))
        t("ss._bfloat16_bits", lambda: ss._bfloat16_bits(acc))
        t("ss._pair", lambda: ss._pair("c", acc, acc, lambda b: b))
        c_put = _lib.fn("shmemx_putmem_on_stream", None, P, P, SIZE, INT, P)
        raw = s.cuda_stream
        da, sa = dst.data_ptr(), src.data_ptr()
        t("ctypes put (queued)", lambda: c_put(da, sa, 8, 1, raw), 5000)
        s.synchronize()
        t("package put (queued)", lambda: ss.put_on_stream(dst, src, 1, s), 5000)
        s.synchronize()
        nop = _lib.fn("shmem_my_pe", INT)
        t("ctypes shmem_my_pe", lambda: nop())
        t("shmem.my_pe()", lambda: shmem.my_pe())
    shmem.barrier_all()
