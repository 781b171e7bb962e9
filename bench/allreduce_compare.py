"""Sum all-reduce of float32 (bfloat16 with DTYPE=bfloat16) on the GPUs of
one node, per call when queued back to back on one stream: ours from
Python (shmem.stream.sum_reduce_on_stream on the device heap), NCCL
(torch.distributed.all_reduce) and PyTorch symmetric memory's one-shot and
two-shot all-reduce, in turn, every size of SIZES (bytes per PE). Run by
bench/coll_compare.sh, one process per GPU under shmemrun, once a
round. Output (PE 0): "<column> <bytes> <us>" (bench/rounds_table.py makes
the table)."""
import os

import numpy as np
import torch
import torch.distributed as dist

import shmem
import shmem.stream as ss
from torch_bench import SIZES, finish, measure, start

with shmem.init():
    me, n, stream = start()
    group = dist.group.WORLD.group_name
    try:
        import torch.distributed._symmetric_memory as symm_mem
    except ImportError:
        symm_mem = None
    bf16 = os.environ.get("DTYPE") == "bfloat16"
    dtype = torch.bfloat16 if bf16 else torch.float32
    for nbytes in SIZES:
        count = max(nbytes // dtype.itemsize, 1)
        if bf16:  # NumPy may have no bfloat16: a view of int16 heap memory
            held = shmem.zeros(count, np.int16, device="cuda")
            ours = held.view(torch.bfloat16)
            ours.fill_(me + 1)
        else:
            held = ours = shmem.full(count, me + 1, np.float32, device="cuda")
        stream.wait_stream(torch.cuda.current_stream())
        ss.sum_reduce_on_stream(ours, ours, stream)
        stream.synchronize()
        want = float(n * (n + 1) // 2)
        assert torch.all(ours == want).item(), f"ours: the sum of {count} floats is wrong"
        plain = torch.ones(count, dtype=dtype, device="cuda")
        stream.wait_stream(torch.cuda.current_stream())
        variants = {
            "ours": lambda: ss.sum_reduce_on_stream(ours, ours, stream),
            "nccl": lambda: dist.all_reduce(plain),
        }
        if symm_mem is not None:
            try:
                sym = symm_mem.empty(count, dtype=dtype, device="cuda")
                symm_mem.rendezvous(sym, group)
                sym.fill_(1)
                stream.wait_stream(torch.cuda.current_stream())
                variants["one_shot"] = lambda: torch.ops.symm_mem.one_shot_all_reduce(sym, "sum", group)
                variants["two_shot"] = lambda: torch.ops.symm_mem.two_shot_all_reduce_(sym, "sum", group)
            except Exception as e:  # an unavailable backend leaves its columns empty
                if me == 0:
                    print(f"# symmetric memory at {nbytes} B: {type(e).__name__}: {e}", flush=True)
        measure(variants, stream, nbytes, me)
        shmem.barrier_all()
        shmem.free(held)
    finish(me, n, dtype)
