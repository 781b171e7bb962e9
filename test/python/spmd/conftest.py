"""Every PE runs the same tests in the same order (they are SPMD programs:
collectives must match), inside one shmem.init. A test asserts after its
last collective call, so a PE whose check fails still takes part in every
call the others make."""
import pytest

import shmem


@pytest.fixture(scope="session", autouse=True)
def session():
    with shmem.init():
        yield
        shmem.barrier_all()


@pytest.fixture
def me():
    return shmem.my_pe()


@pytest.fixture
def n():
    return shmem.n_pes()
