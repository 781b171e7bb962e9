"""GPU tests: 2 PEs on the GPU heap (SHMEM_HEAP=device), torch or CuPy
present (test/python/run.sh skips the whole run otherwise). Tests of the
framework that is missing are skipped by pytest; at least one runs."""
import pytest

import shmem


@pytest.fixture(scope="session", autouse=True)
def session():
    with shmem.init():
        try:
            import torch
            torch.cuda.set_device(shmem.cuda_device())
        except ImportError:
            import cupy
            cupy.cuda.Device(shmem.cuda_device()).use()
        yield
        shmem.barrier_all()


@pytest.fixture
def me():
    return shmem.my_pe()


@pytest.fixture
def n():
    return shmem.n_pes()
