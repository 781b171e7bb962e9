"""All-to-all on the GPUs of one node (the exchange of mixture-of-experts
dispatch), per call when queued back to back on one stream: ours from
Python (shmem.stream.alltoall_on_stream on the device heap) and NCCL
(torch.distributed.all_to_all_single), in turn, for each size of SIZES
(bytes each PE sends each PE). Run by bench/coll_compare.sh, one
process per GPU under shmemrun, once a round. Output (PE 0):
"<column> <bytes> <us>" (bench/rounds_table.py makes the table)."""
import numpy as np
import torch
import torch.distributed as dist

import shmem
import shmem.stream as ss
from torch_bench import SIZES, finish, measure, start

with shmem.init():
    me, n, stream = start()
    pes = torch.arange(n, device="cuda", dtype=torch.int32)
    for nbytes in SIZES:
        count = max(nbytes // 4, 1)  # int32 elements a block
        src = shmem.zeros(count * n, np.int32, device="cuda")
        dst = shmem.zeros(count * n, np.int32, device="cuda")
        # Block j of PE i's source holds i * n + j; it lands as block i of
        # PE j's dest.
        src.view(n, count).copy_((me * n + pes).unsqueeze(1).expand(n, count))
        stream.wait_stream(torch.cuda.current_stream())
        ss.alltoall_on_stream(dst, src, stream)
        stream.synchronize()
        want = (pes * n + me).unsqueeze(1).expand(n, count)
        assert torch.equal(dst.view(n, count), want), "ours: a block landed in the wrong place"
        inp = torch.zeros(count * n, dtype=torch.int32, device="cuda")
        out = torch.empty_like(inp)
        stream.wait_stream(torch.cuda.current_stream())
        measure({"ours": lambda: ss.alltoall_on_stream(dst, src, stream),
                 "nccl": lambda: dist.all_to_all_single(out, inp)}, stream, nbytes, me)
        shmem.barrier_all()
        shmem.free(dst)
        shmem.free(src)
    finish(me, n, "int32 blocks")
