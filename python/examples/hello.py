"""The README's first program in Python: each PE stores its number into the
next PE's symmetric array. Run: shmemrun -n 4 python3 hello.py"""
import numpy as np

import shmem

with shmem.init():
    me, n = shmem.my_pe(), shmem.n_pes()
    with shmem.freeing(shmem.zeros(1, np.int32)) as from_left:  # symmetric
        shmem.p(from_left, me, (me + 1) % n)   # one store into the next PE's heap
        shmem.barrier_all()                    # completes it and synchronises
        print(f"PE {me} received {from_left[0]}")
