"""A kernel that calls the device API compiles from a Python string with
nvcc alone (no GPU needed): a cubin that holds the kernel and the state
variable that the package fills."""
import pathlib

import pytest

from shmem import kernel

SOURCE = r"""
#include <shmem.h>
extern "C" __global__ void ring_put(int *dest, const int *src, int n)
{
    int me = shmem_my_pe(), npes = shmem_n_pes();
    if (threadIdx.x == 0 && blockIdx.x == 0) {
        shmem_putmem(dest, src, n * sizeof(int), (me + 1) % npes);
        shmem_quiet();
    }
}
"""


def test_putmem_kernel_compiles_to_a_cubin():
    cubin = kernel.compile_cubin(SOURCE, arch="sm_90")
    assert cubin[:4] == b"\x7fELF"
    assert b"ring_put" in cubin
    assert b"shmemi_dstate" in cubin


def test_a_compile_error_names_the_call_and_nvccs_message():
    with pytest.raises(RuntimeError, match=r"shmem.compile_kernel \(before shmem.init\): "
                       r"nvcc failed:\n.*undefined_call"):
        kernel.compile_cubin(SOURCE.replace("shmem_quiet()", "undefined_call()"), arch="sm_90")


def test_the_allreduce_example_compiles():
    # Its SOURCE, read without importing the example (which needs torch).
    import ast
    path = pathlib.Path(__file__).parents[3] / "python" / "examples" / "allreduce_kernel.py"
    tree = ast.parse(path.read_text())
    source = next(node.value.value for node in tree.body if isinstance(node, ast.Assign)
                  and node.targets[0].id == "SOURCE")
    cubin = kernel.compile_cubin(source, arch="sm_90")
    assert b"allreduce_sum" in cubin


def test_the_registration_it_calls_is_the_librarys():
    # The version of the headers it compiles against, and the library's
    # registration entry point that takes it (a renamed entry point would
    # only show at the first kernel, on a GPU).
    import re

    from shmem import _lib
    header = next(p for p in (pathlib.Path(d) / "shmem" / "internal" / "device_state.h"
                              for d in _lib.include_dirs()) if p.exists())
    want = int(re.search(r"^#define SHMEMI_DEVICE_ABI_VERSION (\d+)", header.read_text(),
                         re.M).group(1))
    assert kernel._abi_version() == want
    assert kernel._registration() is not None
