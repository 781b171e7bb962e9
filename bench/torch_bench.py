"""What bench/allreduce_compare.py and bench/alltoall_compare.py share: the
sizes, NCCL's process group beside shmem's PEs, and timing a call queued
back to back on one stream."""
import os

import torch
import torch.distributed as dist

import shmem

SIZES = [int(x) for x in os.environ.get(
    "SIZES", "8 4096 16384 65536 262144 1048576 4194304 16777216 67108864 268435456").split()]


def start():
    """After shmem.init: torch on this PE's GPU, NCCL's process group over
    the PEs, and a stream; returns (my_pe, n_pes, stream)."""
    me, n = shmem.my_pe(), shmem.n_pes()
    torch.cuda.set_device(shmem.cuda_device())
    dist.init_process_group("nccl", init_method=f"tcp://127.0.0.1:{os.environ.get('PORT', '29517')}",
                            rank=me, world_size=n,
                            device_id=torch.device("cuda", torch.cuda.current_device()))
    return me, n, torch.cuda.Stream()


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


def measure(variants, stream, nbytes, me):
    """Times each variant (a name: a call) in turn; PE 0 prints
    "<name> <bytes> <us>", or a note where a variant fails."""
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


def finish(me, n, what):
    if me == 0:
        print(f"# {n} GPUs, {torch.cuda.get_device_name()}, {what}", flush=True)
    dist.barrier()
    dist.destroy_process_group()
