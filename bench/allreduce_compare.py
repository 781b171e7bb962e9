"""Sum all-reduce of float32 (bfloat16 with DTYPE=bfloat16) on the GPUs of one node, per call when queued
back to back on one stream: ours from Python (shmem.stream.sum_reduce_on_stream
on the device heap), NCCL (torch.distributed.all_reduce) and PyTorch
symmetric memory's one-shot and two-shot all-reduce, in turn, every size of
SIZES (bytes per PE). Run by bench/allreduce_compare.sh, one process per
GPU under shmemrun, once a round. Output (PE 0): "<column> <bytes> <us>".
With --table FILE: the table of such lines over the rounds (medians, best)."""
import os
import statistics
import sys

SIZES = [int(x) for x in os.environ.get(
    "SIZES", "8 4096 16384 65536 262144 1048576 4194304 16777216 67108864 268435456").split()]
COLUMNS = ["ours_c", "ours_c_copies", "ours", "nccl", "one_shot", "two_shot"]


def table(path):
    runs, notes = {}, []
    for line in open(path):
        if line.startswith("#"):
            if line not in notes:
                notes.append(line)
                print(line.rstrip())
            continue
        name, nbytes, us = line.split()
        runs.setdefault((int(nbytes), name), []).append(float(us))
    rounds = max(len(v) for v in runs.values())
    print(f"us per call, median of {rounds} rounds (best)\n")
    print("| bytes per PE | " + " | ".join(COLUMNS) + " |")
    print("|---" * (len(COLUMNS) + 1) + "|")
    for nbytes in sorted({k[0] for k in runs}):
        cells = [f"{statistics.median(v):.1f} ({min(v):.1f})" if (v := runs.get((nbytes, c)))
                 else "-" for c in COLUMNS]
        print(f"| {nbytes} | " + " | ".join(cells) + " |")


if len(sys.argv) == 3 and sys.argv[1] == "--table":
    table(sys.argv[2])
    sys.exit(0)

import numpy as np  # noqa: E402 (the table above needs none of these)
import torch  # noqa: E402
import torch.distributed as dist  # noqa: E402

import shmem  # noqa: E402
import shmem.stream as ss  # noqa: E402


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
        for name, fn in variants.items():
            try:
                t = per_call_us(fn, stream, nbytes)
            except Exception as e:
                if me == 0:
                    print(f"# {name} at {nbytes} B: {type(e).__name__}: {e}", flush=True)
                continue
            if me == 0:
                print(name, nbytes, f"{t:.2f}", flush=True)
        stream.synchronize()
        shmem.barrier_all()
        shmem.free(held)
    if me == 0:
        print(f"# {n} GPUs, {torch.cuda.get_device_name()}, {dtype}", flush=True)
    dist.barrier()
    dist.destroy_process_group()
