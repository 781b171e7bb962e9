"""Sum all-reduce of float32 on the GPUs of one node, per call when queued
back to back on one stream: ours (shmem.stream.sum_reduce_on_stream on the
device heap), NCCL (torch.distributed.all_reduce) and PyTorch symmetric
memory's one-shot and two-shot all-reduce, in turn for ROUNDS rounds
(default 3), every size of SIZES (bytes per PE). Run by
bench/allreduce_compare.sh, one process per GPU under shmemrun or mpirun.
Output (PE 0): a markdown table of medians (µs per call) and the best rounds."""
import os
import statistics

import numpy as np
import torch
import torch.distributed as dist

import shmem
import shmem.stream as ss

SIZES = [int(x) for x in os.environ.get(
    "SIZES", "8 16384 65536 1048576 67108864").split()]
ROUNDS = int(os.environ.get("ROUNDS", "3"))


def per_call_us(fn, stream, nbytes):
    iters = 200 if nbytes <= (1 << 20) else 20
    with torch.cuda.stream(stream):
        for _ in range(5):
            fn()
        a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        a.record()
        for _ in range(iters):
            fn()
        b.record()
    b.synchronize()
    return a.elapsed_time(b) * 1e3 / iters


with shmem.init():
    me, n = shmem.my_pe(), shmem.n_pes()
    torch.cuda.set_device(shmem.cuda_device())
    dist.init_process_group("nccl", init_method=f"tcp://127.0.0.1:{os.environ.get('PORT', '29517')}",
                            rank=me, world_size=n, device_id=torch.device("cuda", torch.cuda.current_device()))
    group = dist.group.WORLD.group_name
    try:
        import torch.distributed._symmetric_memory as symm_mem
    except ImportError:
        symm_mem = None
    stream = torch.cuda.Stream()
    results = {}
    for nbytes in SIZES:
        count = max(nbytes // 4, 1)
        ours = shmem.full(count, me + 1, np.float32, device="cuda")
        stream.wait_stream(torch.cuda.current_stream())
        ss.sum_reduce_on_stream(ours, ours, stream)
        stream.synchronize()
        want = float(n * (n + 1) // 2)
        assert torch.all(ours == want).item(), f"ours: the sum of {count} floats is wrong"
        plain = torch.ones(count, dtype=torch.float32, device="cuda")
        stream.wait_stream(torch.cuda.current_stream())
        variants = {
            "ours": lambda: ss.sum_reduce_on_stream(ours, ours, stream),
            "nccl": lambda: dist.all_reduce(plain),
        }
        if symm_mem is not None:
            try:
                sym = symm_mem.empty(count, dtype=torch.float32, device="cuda")
                symm_mem.rendezvous(sym, group)
                sym.fill_(1)
                stream.wait_stream(torch.cuda.current_stream())
                variants["one_shot"] = lambda: torch.ops.symm_mem.one_shot_all_reduce(sym, "sum", group)
                variants["two_shot"] = lambda: torch.ops.symm_mem.two_shot_all_reduce_(sym, "sum", group)
            except Exception as e:  # an unavailable backend leaves its columns empty
                if me == 0:
                    print(f"# symmetric memory at {nbytes} B: {type(e).__name__}: {e}", flush=True)
        for _ in range(ROUNDS):
            for name, fn in variants.items():
                try:
                    t = per_call_us(fn, stream, nbytes)
                except Exception as e:
                    if me == 0:
                        print(f"# {name} at {nbytes} B: {type(e).__name__}: {e}", flush=True)
                    continue
                results.setdefault((nbytes, name), []).append(t)
        stream.synchronize()
        shmem.barrier_all()
        shmem.free(ours)
    if me == 0:
        names = ["ours", "nccl", "one_shot", "two_shot"]
        print(f"# {n} GPUs, {torch.cuda.get_device_name()}; us per call, median of {ROUNDS} rounds (best)")
        print("| bytes per PE | " + " | ".join(names) + " |")
        print("|---" * (len(names) + 1) + "|")
        for nbytes in SIZES:
            cells = []
            for name in names:
                v = results.get((nbytes, name))
                cells.append(f"{statistics.median(v):.1f} ({min(v):.1f})" if v else "-")
            print(f"| {nbytes} | " + " | ".join(cells) + " |", flush=True)
    dist.barrier()
    dist.destroy_process_group()
