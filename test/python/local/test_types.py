"""The package's type table (python/shmem/_types.py) is the X-macro tables of
include/shmem/types.h: the same typenames in each class, in the same order,
of the same sizes (a C program built from the tables prints them). The
test's CMake entry sets CC (the C compiler) and SHMEMPY_TEST_INCLUDE (the
include directory holding shmem/types.h)."""
import ctypes
import os
import subprocess

from shmem import _types

PROGRAM = r"""
#include <stdio.h>
#include <shmem/types.h>
#define ROW(T, N) printf(" %s:%zu", #N, sizeof(T));
#define ROW3(T, N, A) ROW(T, N)
#define OP(CLASS, OP) printf(" %s:%s", #OP, #CLASS);
int main(void)
{
    printf("rma"); SHMEMI_RMA_TYPES(ROW) printf("\n");
    printf("p2p"); SHMEMI_P2P_TYPES(ROW) printf("\n");
    printf("amo_standard"); SHMEMI_AMO_STANDARD_TYPES(ROW) printf("\n");
    printf("amo_extended"); SHMEMI_AMO_EXTENDED_TYPES(ROW) printf("\n");
    printf("amo_bitwise"); SHMEMI_AMO_BITWISE_TYPES(ROW) printf("\n");
    printf("reduce_bitwise"); SHMEMI_REDUCE_BITWISE_TYPES(ROW3, ) printf("\n");
    printf("reduce_minmax"); SHMEMI_REDUCE_MINMAX_TYPES(ROW3, ) printf("\n");
    printf("reduce_arith"); SHMEMI_REDUCE_ARITH_TYPES(ROW3, ) printf("\n");
    printf("ops"); SHMEMI_REDUCE_OPS(OP) printf("\n");
    return 0;
}
"""


def c_tables(tmp_path):
    src, exe = tmp_path / "tables.c", tmp_path / "tables"
    src.write_text(PROGRAM)
    subprocess.run([os.environ.get("CC", "cc"), "-I", os.environ["SHMEMPY_TEST_INCLUDE"],
                    str(src), "-o", str(exe)], check=True)
    out = subprocess.run([str(exe)], check=True, capture_output=True, text=True).stdout
    tables = {}
    for line in out.splitlines():
        name, *rows = line.split()
        tables[name] = [tuple(r.split(":")) for r in rows]
    return tables


def test_every_table_matches_types_h(tmp_path):
    c = c_tables(tmp_path)
    ops = dict(c.pop("ops"))
    assert {op: "reduce_" + cls.lower() for op, cls in ops.items()} == _types.REDUCE_OPS
    assert sorted(c) == sorted(_types.TABLES)
    for cls, rows in c.items():
        assert [n for n, _ in rows] == _types.TABLES[cls], cls
        for n, size in rows:
            d = _types.dtype_of(n)
            py_size = d.itemsize if d is not None else ctypes.sizeof(_types.CTYPES[n])
            assert py_size == int(size), (cls, n)


def test_dtypes_map_to_the_first_typename_of_a_class():
    import numpy as np
    assert _types.typename("rma", np.int64) == "long"
    assert _types.typename("rma", np.int8) == "schar"
    assert _types.typename("amo_bitwise", np.int32) == "int32"
    assert _types.typename("amo_standard", np.float32) is None
    assert _types.typename("reduce_arith", np.complex64) == "complexf"
