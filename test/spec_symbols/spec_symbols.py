#!/usr/bin/env python3
"""Symbol coverage of the OpenSHMEM 1.5 C API (plus the 1.6 additions).

This file holds its own description of the specification, written from the
specification text and NOT derived from our headers, so that a mistake in our
type tables (a missing type, a misspelled name such as NVSHMEM's one-time
"put6" for "put16") shows up as a missing symbol here.

It expands the expected C function names per group, then checks
  * the library: `nm -D --defined-only <lib>` must list each as a function;
  * the header: a C file that includes <shmem.h> takes the address of every
    expected function, one per line, and is compiled with -fsyntax-only; each
    error is mapped back to its line, so every undeclared name is reported;
  * the constants, handles and types the specification defines, each used in
    the way a program uses it (integer constant expressions, array sizes,
    string literal, handle initialisers), one per line likewise.

Groups: "core-1.5", "1.6" (additions in 1.6), "deprecated" (deprecated but
still defined by 1.5/1.6), "profiling" (the pshmem_ twin of every shmem_
routine above; library only, since the specification names no header for
them) and "optional" (names whose status in 1.5/1.6 is uncertain).
Exit status: 1 when anything in core-1.5 or 1.6 is missing (any group with
--strict), 2 when the check itself could not run, 0 otherwise.

Usage: spec_symbols.py --lib <libshmem.so> --include <include dir>
                       [--cc cc] [--strict] [--all] [--list]
Python 3 standard library only.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

# ---------------------------------------------------------------------------
# Type tables, as the specification prints them: (C type, TYPENAME).
# ---------------------------------------------------------------------------

# OpenSHMEM 1.5 Table 5, "Standard RMA Types and Names" (24 rows).
STD_RMA_TYPES = [
    ("float", "float"),
    ("double", "double"),
    ("long double", "longdouble"),
    ("char", "char"),
    ("signed char", "schar"),
    ("short", "short"),
    ("int", "int"),
    ("long", "long"),
    ("long long", "longlong"),
    ("unsigned char", "uchar"),
    ("unsigned short", "ushort"),
    ("unsigned int", "uint"),
    ("unsigned long", "ulong"),
    ("unsigned long long", "ulonglong"),
    ("int8_t", "int8"),
    ("int16_t", "int16"),
    ("int32_t", "int32"),
    ("int64_t", "int64"),
    ("uint8_t", "uint8"),
    ("uint16_t", "uint16"),
    ("uint32_t", "uint32"),
    ("uint64_t", "uint64"),
    ("size_t", "size"),
    ("ptrdiff_t", "ptrdiff"),
]

# "Standard AMO Types and Names" (12 rows).
STD_AMO_TYPES = [
    ("int", "int"),
    ("long", "long"),
    ("long long", "longlong"),
    ("unsigned int", "uint"),
    ("unsigned long", "ulong"),
    ("unsigned long long", "ulonglong"),
    ("int32_t", "int32"),
    ("int64_t", "int64"),
    ("uint32_t", "uint32"),
    ("uint64_t", "uint64"),
    ("size_t", "size"),
    ("ptrdiff_t", "ptrdiff"),
]

# "Extended AMO Types and Names" (14 rows).
EXT_AMO_TYPES = [
    ("float", "float"),
    ("double", "double"),
    ("int", "int"),
    ("long", "long"),
    ("long long", "longlong"),
    ("unsigned int", "uint"),
    ("unsigned long", "ulong"),
    ("unsigned long long", "ulonglong"),
    ("int32_t", "int32"),
    ("int64_t", "int64"),
    ("uint32_t", "uint32"),
    ("uint64_t", "uint64"),
    ("size_t", "size"),
    ("ptrdiff_t", "ptrdiff"),
]

# "Bitwise AMO Types and Names" (7 rows).
BITWISE_AMO_TYPES = [
    ("unsigned int", "uint"),
    ("unsigned long", "ulong"),
    ("unsigned long long", "ulonglong"),
    ("int32_t", "int32"),
    ("int64_t", "int64"),
    ("uint32_t", "uint32"),
    ("uint64_t", "uint64"),
]

# "Point-to-Point Synchronization Types and Names" (14 rows), the 1.4 table.
# 1.5 deprecated this table: wait/test are now defined on the standard AMO
# types, and the two types it has beyond them (short, unsigned short) remain
# only as deprecated shmem_{short,ushort}_{wait_until,test}.
P2P_SYNC_TYPES = [
    ("short", "short"),
    ("int", "int"),
    ("long", "long"),
    ("long long", "longlong"),
    ("unsigned short", "ushort"),
    ("unsigned int", "uint"),
    ("unsigned long", "ulong"),
    ("unsigned long long", "ulonglong"),
    ("int32_t", "int32"),
    ("int64_t", "int64"),
    ("uint32_t", "uint32"),
    ("uint64_t", "uint64"),
    ("size_t", "size"),
    ("ptrdiff_t", "ptrdiff"),
]

# "Reduction Types, Names, and Supporting Operations" for team-based
# reductions (1.5 Table 10; 1.6 removed the incomplete duplicate Table 9 and
# kept this one): (C type, TYPENAME, operations).
_BIT = "AND OR XOR "
_MM = "MAX MIN "
_SP = "SUM PROD"
TEAM_REDUCE_TABLE = [
    ("char", "char", _MM + _SP),
    ("signed char", "schar", _MM + _SP),
    ("short", "short", _MM + _SP),
    ("int", "int", _MM + _SP),
    ("long", "long", _MM + _SP),
    ("long long", "longlong", _MM + _SP),
    ("ptrdiff_t", "ptrdiff", _MM + _SP),
    ("unsigned char", "uchar", _BIT + _MM + _SP),
    ("unsigned short", "ushort", _BIT + _MM + _SP),
    ("unsigned int", "uint", _BIT + _MM + _SP),
    ("unsigned long", "ulong", _BIT + _MM + _SP),
    ("unsigned long long", "ulonglong", _BIT + _MM + _SP),
    ("int8_t", "int8", _BIT + _MM + _SP),
    ("int16_t", "int16", _BIT + _MM + _SP),
    ("int32_t", "int32", _BIT + _MM + _SP),
    ("int64_t", "int64", _BIT + _MM + _SP),
    ("uint8_t", "uint8", _BIT + _MM + _SP),
    ("uint16_t", "uint16", _BIT + _MM + _SP),
    ("uint32_t", "uint32", _BIT + _MM + _SP),
    ("uint64_t", "uint64", _BIT + _MM + _SP),
    ("size_t", "size", _BIT + _MM + _SP),
    ("float", "float", _MM + _SP),
    ("double", "double", _MM + _SP),
    ("long double", "longdouble", _MM + _SP),
    ("double _Complex", "complexd", _SP),
    ("float _Complex", "complexf", _SP),
]

# "Reduction Types, Names and Supporting Operations for Active-Set-Based
# Reductions" (the 1.4 table, deprecated *_to_all routines).
ASET_REDUCE_TABLE = [
    ("short", "short", _BIT + _MM + _SP),
    ("int", "int", _BIT + _MM + _SP),
    ("long", "long", _BIT + _MM + _SP),
    ("long long", "longlong", _BIT + _MM + _SP),
    ("float", "float", _MM + _SP),
    ("double", "double", _MM + _SP),
    ("long double", "longdouble", _MM + _SP),
    ("double _Complex", "complexd", _SP),
    ("float _Complex", "complexf", _SP),
]

REDUCE_OPS = ("and", "or", "xor", "max", "min", "sum", "prod")

# The deprecated (1.4) AMO names keep the types of their 1.3 synopses:
# fetch/set/swap: {float, double, int, long, long long};
# cswap/finc/inc/fadd/add: {int, long, long long}.
DEPR_AMO_EXT_TYPES = [("float", "float"), ("double", "double"), ("int", "int"),
                      ("long", "long"), ("long long", "longlong")]
DEPR_AMO_STD_TYPES = [("int", "int"), ("long", "long"),
                      ("long long", "longlong")]
# The deprecated (1.4) shmem_TYPENAME_wait keeps the 1.3 types.
DEPR_WAIT_TYPES = [("short", "short"), ("int", "int"), ("long", "long"),
                   ("long long", "longlong")]

# SIZE of the sized RMA routines (put8 ... put128, iput8 ..., ibput8 ...).
SIZES = ("8", "16", "32", "64", "128")


def reduce_types(table, op):
    return [(t, n) for (t, n, ops) in table if op.upper() in ops.split()]


TABLES = {
    "RMA": STD_RMA_TYPES,
    "AMO": STD_AMO_TYPES,
    "EXT_AMO": EXT_AMO_TYPES,
    "BITWISE_AMO": BITWISE_AMO_TYPES,
    "P2P_DEPRECATED_ONLY": [p for p in P2P_SYNC_TYPES
                            if p not in STD_AMO_TYPES],
    "DEPR_AMO_EXT": DEPR_AMO_EXT_TYPES,
    "DEPR_AMO_STD": DEPR_AMO_STD_TYPES,
    "DEPR_WAIT": DEPR_WAIT_TYPES,
}
for _op in REDUCE_OPS:
    TABLES["REDUCE_" + _op.upper()] = reduce_types(TEAM_REDUCE_TABLE, _op)
    TABLES["ASET_REDUCE_" + _op.upper()] = reduce_types(ASET_REDUCE_TABLE, _op)

# ---------------------------------------------------------------------------
# Routine name patterns per group. "{T}" is a TYPENAME from the named table,
# "{S}" a SIZE; a pattern with neither is one routine.
# ---------------------------------------------------------------------------


def _typed(ops, table, ctx=True):
    """shmem_{T}_<op> and, with ctx, shmem_ctx_{T}_<op>, for each op."""
    out = []
    for op in ops:
        out.append(("shmem_{T}_" + op, table))
        if ctx:
            out.append(("shmem_ctx_{T}_" + op, table))
    return out


def _sized(patterns, ctx=True):
    """shmem_<p> with {S} and, with ctx, shmem_ctx_<p>."""
    out = []
    for p in patterns:
        out.append(("shmem_" + p, None))
        if ctx:
            out.append(("shmem_ctx_" + p, None))
    return out


CORE_15 = (
    # 9.1 Library setup, exit, and query routines
    [(n, None) for n in (
        "shmem_init", "shmem_finalize", "shmem_global_exit", "shmem_my_pe",
        "shmem_n_pes", "shmem_pe_accessible", "shmem_addr_accessible",
        "shmem_ptr", "shmem_info_get_version", "shmem_info_get_name")]
    # 9.2 Thread support
    + [("shmem_init_thread", None), ("shmem_query_thread", None)]
    # 9.3 Memory management
    + [(n, None) for n in (
        "shmem_malloc", "shmem_free", "shmem_realloc", "shmem_align",
        "shmem_malloc_with_hints", "shmem_calloc")]
    # 9.4 Team management
    + [(n, None) for n in (
        "shmem_team_my_pe", "shmem_team_n_pes", "shmem_team_get_config",
        "shmem_team_translate_pe", "shmem_team_split_strided",
        "shmem_team_split_2d", "shmem_team_destroy")]
    # 9.5 Communication management
    + [(n, None) for n in (
        "shmem_ctx_create", "shmem_team_create_ctx", "shmem_ctx_destroy",
        "shmem_ctx_get_team")]
    # 9.6 Remote memory access: put, p, iput, get, g, iget, put_nbi, get_nbi
    + _typed(("put", "p", "iput", "get", "g", "iget", "put_nbi", "get_nbi"),
             "RMA")
    + _sized(("put{S}", "iput{S}", "get{S}", "iget{S}",
              "put{S}_nbi", "get{S}_nbi"))
    + _sized(("putmem", "getmem", "putmem_nbi", "getmem_nbi"))
    # 9.7 Atomic memory operations (blocking)
    + _typed(("atomic_fetch", "atomic_set", "atomic_swap"), "EXT_AMO")
    + _typed(("atomic_compare_swap", "atomic_fetch_inc", "atomic_inc",
              "atomic_fetch_add", "atomic_add"), "AMO")
    + _typed(("atomic_fetch_and", "atomic_and", "atomic_fetch_or",
              "atomic_or", "atomic_fetch_xor", "atomic_xor"), "BITWISE_AMO")
    # 9.7 nonblocking AMOs (new in 1.5)
    + _typed(("atomic_fetch_nbi", "atomic_swap_nbi"), "EXT_AMO")
    + _typed(("atomic_compare_swap_nbi", "atomic_fetch_inc_nbi",
              "atomic_fetch_add_nbi"), "AMO")
    + _typed(("atomic_fetch_and_nbi", "atomic_fetch_or_nbi",
              "atomic_fetch_xor_nbi"), "BITWISE_AMO")
    # 9.8 Signaling operations: put-with-signal (blocking, nbi), signal_fetch
    + _typed(("put_signal", "put_signal_nbi"), "RMA")
    + _sized(("put{S}_signal", "put{S}_signal_nbi",
              "putmem_signal", "putmem_signal_nbi"))
    + [("shmem_signal_fetch", None)]
    # 9.9 Collectives (team-based)
    + [(n, None) for n in ("shmem_barrier_all", "shmem_sync_all",
                           "shmem_team_sync")]
    + _typed(("broadcast", "collect", "fcollect", "alltoall", "alltoalls"),
             "RMA", ctx=False)
    + [(n, None) for n in ("shmem_broadcastmem", "shmem_collectmem",
                           "shmem_fcollectmem", "shmem_alltoallmem",
                           "shmem_alltoallsmem")]
    + [("shmem_{T}_%s_reduce" % op, "REDUCE_" + op.upper())
       for op in REDUCE_OPS]
    # 9.10 Point-to-point synchronization (standard AMO types as of 1.5)
    + _typed(("wait_until", "wait_until_all", "wait_until_any",
              "wait_until_some", "wait_until_all_vector",
              "wait_until_any_vector", "wait_until_some_vector",
              "test", "test_all", "test_any", "test_some",
              "test_all_vector", "test_any_vector", "test_some_vector"),
             "AMO", ctx=False)
    + [("shmem_signal_wait_until", None)]
    # 9.11 Memory ordering
    + [(n, None) for n in ("shmem_fence", "shmem_ctx_fence", "shmem_quiet",
                           "shmem_ctx_quiet")]
    # 9.12 Distributed locking
    + [(n, None) for n in ("shmem_set_lock", "shmem_test_lock",
                           "shmem_clear_lock")]
    # 10 Profiling interface: the no-op control routine
    + [("shmem_pcontrol", None)]
)

ADDED_16 = (
    [(n, None) for n in (
        "shmem_query_initialized",
        "shmem_team_ptr",
        "shmem_pe_quiet", "shmem_ctx_pe_quiet",
        "shmem_signal_add", "shmem_ctx_signal_add",
        "shmem_signal_set", "shmem_ctx_signal_set",
        "shmem_ctx_session_start", "shmem_ctx_session_stop")]
    # scans: the SUM column of the team reduction table, no ctx variant
    + [("shmem_{T}_sum_inscan", "REDUCE_SUM"),
       ("shmem_{T}_sum_exscan", "REDUCE_SUM")]
    # interleaved block transfers (ratified PR #448, listed in the 1.6
    # changelog): typed, sized, each with a ctx variant; no "mem" form
    + _typed(("ibput", "ibget"), "RMA")
    + _sized(("ibput{S}", "ibget{S}"))
)

DEPRECATED = (
    # deprecated 1.2, still supported ("Current") in 1.5 and 1.6
    [(n, None) for n in ("start_pes", "_my_pe", "_num_pes", "shmalloc",
                         "shfree", "shrealloc", "shmemalign")]
    # deprecated 1.4 AMO names
    + _typed(("fetch", "set", "swap"), "DEPR_AMO_EXT", ctx=False)
    + _typed(("cswap", "finc", "inc", "fadd", "add"), "DEPR_AMO_STD",
             ctx=False)
    # deprecated 1.4: shmem_wait, shmem_TYPENAME_wait, the long-typed
    # untyped shmem_wait_until
    + [("shmem_wait", None), ("shmem_wait_until", None)]
    + _typed(("wait",), "DEPR_WAIT", ctx=False)
    # deprecated 1.5: short / unsigned short wait_until and test
    + _typed(("wait_until", "test"), "P2P_DEPRECATED_ONLY", ctx=False)
    # deprecated 1.5: active-set-based collectives
    + [(n, None) for n in (
        "shmem_barrier", "shmem_sync",
        "shmem_broadcast32", "shmem_broadcast64",
        "shmem_collect32", "shmem_collect64",
        "shmem_fcollect32", "shmem_fcollect64",
        "shmem_alltoall32", "shmem_alltoall64",
        "shmem_alltoalls32", "shmem_alltoalls64")]
    + [("shmem_{T}_%s_to_all" % op, "ASET_REDUCE_" + op.upper())
       for op in REDUCE_OPS]
)

OPTIONAL = [
    # The untyped long "shmem_swap" C function of 1.3; 1.4+ list only the
    # C11 generic shmem_swap as deprecated, not this C binding.
    ("shmem_swap", None),
]

# ---------------------------------------------------------------------------
# Constants, handles and types. Kinds:
#   int     integer constant (static initialiser at file scope)
#   size    integer constant usable as an array length (pSync etc.)
#   string  string literal (static char array initialiser)
#   ctx     shmem_ctx_t handle        team   shmem_team_t handle
#   type    a type name, with the member the specification names, if any
# ---------------------------------------------------------------------------

CONSTANTS = {
    "core-1.5": (
        [(n, "int") for n in (
            "SHMEM_THREAD_SINGLE", "SHMEM_THREAD_FUNNELED",
            "SHMEM_THREAD_SERIALIZED", "SHMEM_THREAD_MULTIPLE",
            "SHMEM_CMP_EQ", "SHMEM_CMP_NE", "SHMEM_CMP_GT", "SHMEM_CMP_GE",
            "SHMEM_CMP_LT", "SHMEM_CMP_LE",
            "SHMEM_CTX_SERIALIZED", "SHMEM_CTX_PRIVATE", "SHMEM_CTX_NOSTORE",
            "SHMEM_SIGNAL_SET", "SHMEM_SIGNAL_ADD",
            "SHMEM_MALLOC_ATOMICS_REMOTE", "SHMEM_MALLOC_SIGNAL_REMOTE",
            "SHMEM_TEAM_NUM_CONTEXTS",
            "SHMEM_MAJOR_VERSION", "SHMEM_MINOR_VERSION")]
        + [("SHMEM_MAX_NAME_LEN", "size"), ("SHMEM_VENDOR_STRING", "string")]
        + [("SHMEM_CTX_DEFAULT", "ctx"), ("SHMEM_CTX_INVALID", "ctx")]
        + [("SHMEM_TEAM_WORLD", "team"), ("SHMEM_TEAM_SHARED", "team"),
           ("SHMEM_TEAM_INVALID", "team")]
        + [("shmem_ctx_t", "type"), ("shmem_team_t", "type"),
           ("shmem_team_config_t.num_contexts", "type")]
    ),
    "1.6": [],
    "deprecated": (
        # deprecated in 1.5 with the active-set collectives, still defined
        [("SHMEM_SYNC_VALUE", "int")]
        + [(n, "size") for n in (
            "SHMEM_SYNC_SIZE", "SHMEM_BCAST_SYNC_SIZE",
            "SHMEM_REDUCE_SYNC_SIZE", "SHMEM_BARRIER_SYNC_SIZE",
            "SHMEM_COLLECT_SYNC_SIZE", "SHMEM_ALLTOALL_SYNC_SIZE",
            "SHMEM_ALLTOALLS_SYNC_SIZE", "SHMEM_REDUCE_MIN_WRKDATA_SIZE")]
        # deprecated in 1.3, still "Current"
        + [(n, "int") for n in (
            "_SHMEM_SYNC_VALUE", "_SHMEM_MAJOR_VERSION",
            "_SHMEM_MINOR_VERSION", "_SHMEM_CMP_EQ", "_SHMEM_CMP_NE",
            "_SHMEM_CMP_LT", "_SHMEM_CMP_LE", "_SHMEM_CMP_GT",
            "_SHMEM_CMP_GE")]
        + [(n, "size") for n in (
            "_SHMEM_BARRIER_SYNC_SIZE", "_SHMEM_BCAST_SYNC_SIZE",
            "_SHMEM_COLLECT_SYNC_SIZE", "_SHMEM_REDUCE_SYNC_SIZE",
            "_SHMEM_REDUCE_MIN_WRKDATA_SIZE", "_SHMEM_MAX_NAME_LEN")]
        + [("_SHMEM_VENDOR_STRING", "string")]
    ),
    # Session hints: the 1.6 changelog names shmem_ctx_session_start/stop,
    # but the exact option/mask constants and config type of the ratified
    # text are uncertain (drafts differ), so they are reported, not required.
    "optional": [
        ("SHMEM_CTX_SESSION_BATCH", "int"),
        ("SHMEM_CTX_SESSION_SAME_AMO", "int"),
        ("SHMEM_CTX_SESSION_TOTAL_OPS", "int"),
        ("shmem_ctx_session_config_t.total_ops", "type"),
    ],
}

GROUPS = ("core-1.5", "1.6", "deprecated", "profiling", "optional")
REQUIRED_GROUPS = ("core-1.5", "1.6")


# ---------------------------------------------------------------------------
# Expansion
# ---------------------------------------------------------------------------


def expand(patterns):
    names = []
    for pat, table in patterns:
        if "{T}" in pat:
            rows = TABLES[table]
            for _, tn in rows:
                names.append(pat.replace("{T}", tn))
        elif "{S}" in pat:
            for s in SIZES:
                names.append(pat.replace("{S}", s))
        else:
            if table is not None:
                raise AssertionError("table given for untyped " + pat)
            names.append(pat)
    return names


def expected_functions():
    groups = {
        "core-1.5": expand(CORE_15),
        "1.6": expand(ADDED_16),
        "deprecated": expand(DEPRECATED),
        "optional": expand(OPTIONAL),
    }
    # Every routine's pshmem_ twin. The specification asks for "pshmem_" in
    # place of "shmem_"; the names without the shmem_ prefix (start_pes,
    # _my_pe, shmalloc, ...) have no defined twin and are left out.
    groups["profiling"] = ["p" + n
                           for g in ("core-1.5", "1.6", "deprecated")
                           for n in groups[g] if n.startswith("shmem_")]
    return groups


def self_check(groups):
    """Catch typos in the tables above before blaming the library."""
    problems = []
    want = {"RMA": 24, "AMO": 12, "EXT_AMO": 14, "BITWISE_AMO": 7,
            "P2P_DEPRECATED_ONLY": 2, "REDUCE_AND": 14, "REDUCE_MAX": 24,
            "REDUCE_SUM": 26, "ASET_REDUCE_AND": 4, "ASET_REDUCE_MAX": 7,
            "ASET_REDUCE_SUM": 9}
    for t, n in want.items():
        if len(TABLES[t]) != n:
            problems.append("table %s has %d rows, expected %d"
                            % (t, len(TABLES[t]), n))
    if len(P2P_SYNC_TYPES) != 14:
        problems.append("point-to-point table has %d rows"
                        % len(P2P_SYNC_TYPES))
    if [n for _, n in TABLES["P2P_DEPRECATED_ONLY"]] != ["short", "ushort"]:
        problems.append("p2p-only types are not short, ushort")
    for t in TABLES.values():
        tn = [n for _, n in t]
        if len(set(tn)) != len(tn):
            problems.append("duplicate TYPENAME in a table: %s" % tn)
    seen = {}
    for g, names in groups.items():
        for n in names:
            if not re.match(r"^[A-Za-z_][A-Za-z0-9_]*$", n):
                problems.append("bad name %r in %s" % (n, g))
            if n in seen:
                problems.append("%s listed in %s and %s" % (n, seen[n], g))
            seen[n] = g
    return problems


# ---------------------------------------------------------------------------
# Library
# ---------------------------------------------------------------------------

FUNC_TYPES = set("TtWiI")


def library_symbols(lib):
    """Return {name: nm type letter} of the defined dynamic symbols."""
    nm = shutil.which("nm")
    if nm is None:
        raise RuntimeError("nm not found (binutils)")
    p = subprocess.run([nm, "-D", "--defined-only", lib],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True)
    if p.returncode != 0:
        raise RuntimeError("nm -D --defined-only %s failed:\n%s"
                           % (lib, p.stderr))
    syms = {}
    for line in p.stdout.splitlines():
        parts = line.split()
        if len(parts) < 2:
            continue
        typ, name = parts[-2], parts[-1]
        name = name.split("@")[0]   # versioned symbols: name@@VER
        # a function definition wins over a data one of the same name
        if name not in syms or typ in FUNC_TYPES:
            syms[name] = typ
    return syms


# ---------------------------------------------------------------------------
# Header
# ---------------------------------------------------------------------------


class Compiler:
    def __init__(self, cc, include):
        self.cc = cc.split()
        self.include = include
        self.flags = ["-fsyntax-only", "-std=gnu11", "-w",
                      "-fdiagnostics-color=never", "-I", include]
        if self._is_clang():
            self.flags += ["-ferror-limit=0", "-fno-caret-diagnostics"]
        else:
            self.flags += ["-fmax-errors=0", "-fno-diagnostics-show-caret"]

    def _is_clang(self):
        p = subprocess.run(self.cc + ["-dM", "-E", "-x", "c", os.devnull],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           universal_newlines=True)
        if p.returncode != 0:
            raise RuntimeError("cannot run the C compiler %r:\n%s"
                               % (" ".join(self.cc), p.stderr))
        return "__clang__" in p.stdout

    def macros(self, headers):
        """Names of the macros defined after including the headers."""
        with tempfile.TemporaryDirectory() as d:
            src = os.path.join(d, "macros.c")
            with open(src, "w") as f:
                for h in headers:
                    f.write("#include <%s>\n" % h)
            p = subprocess.run(self.cc + ["-dM", "-E", "-std=gnu11", "-I",
                                          self.include, src],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               universal_newlines=True)
        if p.returncode != 0:
            return None
        out = {}
        for line in p.stdout.splitlines():
            m = re.match(r"#define (\w+)(?:\s+(.*))?$", line)
            if m:
                out[m.group(1)] = (m.group(2) or "").strip()
        return out

    def failing_lines(self, headers, file_scope, body):
        """Compile a file whose checks are one per line; return the set of
        check indexes with an error, or raise if an error cannot be mapped.
        file_scope and body are lists of (index, code line)."""
        lines = ["#include <%s>" % h for h in headers]
        where = {}
        for idx, code in file_scope:
            lines.append(code)
            where[len(lines)] = idx
        lines.append("void spec_symbols_check(void);")
        lines.append("void spec_symbols_check(void) {")
        for idx, code in body:
            lines.append("    " + code)
            where[len(lines)] = idx
        lines.append("}")
        with tempfile.TemporaryDirectory() as d:
            src = os.path.join(d, "check.c")
            with open(src, "w") as f:
                f.write("\n".join(lines) + "\n")
            p = subprocess.run(self.cc + self.flags + [src],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               universal_newlines=True)
            out = p.stdout + p.stderr
            if p.returncode == 0:
                return set()
            return self._map_errors(out, src, where, p.returncode)

    @staticmethod
    def _map_errors(out, src, where, rc):
        bad = set()
        unmapped = []
        pending = None        # an error located outside the generated file
        loc = re.compile(r"^(.*?):(\d+):(?:\d+:)? (error|fatal error|note|"
                         r"warning): (.*)$")
        for line in out.splitlines():
            m = loc.match(line)
            if not m:
                continue
            path, lno, kind, msg = m.group(1), int(m.group(2)), m.group(3), \
                m.group(4)
            ours = os.path.basename(path) == os.path.basename(src)
            if kind in ("error", "fatal error"):
                if pending is not None:
                    unmapped.append(pending)
                pending = None
                if ours and lno in where:
                    bad.add(where[lno])
                elif ours:
                    unmapped.append(line)
                else:
                    pending = line
            elif kind == "note" and pending is not None and ours \
                    and lno in where:
                bad.add(where[lno])      # "in expansion of macro ..."
                pending = None
        if pending is not None:
            unmapped.append(pending)
        if unmapped or (not bad and rc != 0):
            raise RuntimeError("the header check did not compile for reasons"
                               " other than missing names:\n"
                               + "\n".join(unmapped or out.splitlines()[:40]))
        return bad


def constant_check_code(i, name, kind):
    """(file scope?, code) that uses the constant as a program would."""
    v = "spec_c%d" % i
    if kind == "int":
        return True, "static const long long %s = (long long)(%s);" % (v, name)
    if kind == "size":
        return True, "static long %s[(%s) > 0 ? (%s) : 1];" % (v, name, name)
    if kind == "string":
        return True, "static const char %s[] = %s;" % (v, name)
    if kind == "ctx":
        return False, "{ shmem_ctx_t %s = %s; (void)%s; }" % (v, name, v)
    if kind == "team":
        return False, "{ shmem_team_t %s = %s; (void)%s; }" % (v, name, v)
    if kind == "type":
        tname, _, member = name.partition(".")
        if member:
            return False, "{ %s %s; %s.%s = 0; (void)%s; }" % (
                tname, v, v, member, v)
        return False, "{ %s %s; (void)sizeof %s; }" % (tname, v, v)
    raise AssertionError(kind)


def header_check(compiler, headers, functions, constants):
    """Return (set of undeclared functions, set of missing constants)."""
    file_scope, body = [], []
    items = []
    for n in functions:
        items.append(("f", n))
        body.append((len(items) - 1, "(void)&%s;" % n))
    for n, kind in constants:
        items.append(("c", n))
        fs, code = constant_check_code(len(items) - 1, n, kind)
        (file_scope if fs else body).append((len(items) - 1, code))
    # A syntax error can make the compiler skip the lines after it, so drop
    # the failing lines and compile again until the rest compiles cleanly:
    # then every line left is known good.
    bad = set()
    for _ in range(50):
        fs = [x for x in file_scope if x[0] not in bad]
        bd = [x for x in body if x[0] not in bad]
        new = compiler.failing_lines(headers, fs, bd)
        if not new:
            break
        bad |= new
    else:
        raise RuntimeError("the header check did not settle after 50 passes")
    funcs = {items[i][1] for i in bad if items[i][0] == "f"}
    consts = {items[i][1] for i in bad if items[i][0] == "c"}
    return funcs, consts


# ---------------------------------------------------------------------------
# Report
# ---------------------------------------------------------------------------


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--lib", help="path to libshmem.so")
    ap.add_argument("--include", help="include directory holding shmem.h")
    ap.add_argument("--cc", default=os.environ.get("CC", "cc"),
                    help="C compiler for the header check (default: $CC or cc)")
    ap.add_argument("--strict", action="store_true",
                    help="fail also on deprecated, profiling, optional gaps")
    ap.add_argument("--all", action="store_true",
                    help="list every missing name, not the first 50")
    ap.add_argument("--list", action="store_true",
                    help="print the expected names per group and exit")
    args = ap.parse_args()

    groups = expected_functions()
    problems = self_check(groups)
    if problems:
        print("spec_symbols: internal table error:\n  "
              + "\n  ".join(problems))
        return 2

    if args.list:
        for g in GROUPS:
            print("# %s (%d)" % (g, len(groups[g])))
            for n in groups[g]:
                print(n)
        for g in GROUPS:
            if CONSTANTS.get(g):
                print("# constants %s (%d)" % (g, len(CONSTANTS[g])))
                for n, kind in CONSTANTS[g]:
                    print("%s\t%s" % (n, kind))
        return 0

    if not args.lib or not args.include:
        ap.error("--lib and --include are required")

    try:
        syms = library_symbols(args.lib)
        compiler = Compiler(args.cc, args.include)
        macros = compiler.macros(["shmem.h"])
        have_pshmem_h = os.path.exists(os.path.join(args.include, "pshmem.h"))
        undeclared, undefined = {}, {}
        for g in GROUPS:
            if g == "profiling":
                if have_pshmem_h:
                    undeclared[g], _ = header_check(
                        compiler, ["shmem.h", "pshmem.h"], groups[g], [])
                else:
                    undeclared[g] = None
                continue
            undeclared[g], undefined[g] = header_check(
                compiler, ["shmem.h"], groups[g], CONSTANTS.get(g, []))
    except RuntimeError as e:
        print("spec_symbols: %s" % e)
        return 2

    limit = None if args.all else 50
    failed = False
    tot_exp = tot_lib = tot_miss = 0
    print("OpenSHMEM 1.5 (+1.6) symbol coverage of %s" % args.lib)
    if macros is not None:
        print("header version: SHMEM_MAJOR_VERSION=%s SHMEM_MINOR_VERSION=%s"
              % (macros.get("SHMEM_MAJOR_VERSION", "?"),
                 macros.get("SHMEM_MINOR_VERSION", "?")))
    for g in GROUPS:
        names = groups[g]
        in_lib = {n for n in names if syms.get(n, "") in FUNC_TYPES}
        not_func = {n for n in names if n in syms and n not in in_lib}
        hdr = undeclared[g]
        missing = []
        for n in names:
            where = []
            if n not in in_lib:
                where.append("library (data symbol, not a function)"
                             if n in not_func else "library")
            if hdr is not None and n in hdr:
                where.append("header")
            if where:
                missing.append((n, where))
        declared = ("n/a (no pshmem.h; the specification names no header)"
                    if hdr is None else str(len(names) - len(hdr)))
        print("%s: %d expected, %d present in library, %s declared in header,"
              " %d missing" % (g, len(names), len(in_lib), declared,
                               len(missing)))
        shown = missing if limit is None else missing[:limit]
        for n, where in shown:
            print("    %-44s not in %s" % (n, " nor ".join(where)))
        if len(shown) < len(missing):
            print("    ... and %d more (--all lists them)"
                  % (len(missing) - len(shown)))
        tot_exp += len(names)
        tot_lib += len(in_lib)
        tot_miss += len(missing)
        if missing and (g in REQUIRED_GROUPS or args.strict):
            failed = True

    for g in GROUPS:
        consts = CONSTANTS.get(g, [])
        if not consts:
            continue
        bad = undefined[g]
        print("constants %s: %d expected, %d defined in header, %d missing"
              % (g, len(consts), len(consts) - len(bad), len(bad)))
        for n, kind in consts:
            if n in bad:
                print("    %-44s (%s) not usable from <shmem.h>" % (n, kind))
        if bad and (g in REQUIRED_GROUPS or args.strict):
            failed = True
    if macros is not None:
        not_macro = [n for g in GROUPS for n, kind in CONSTANTS.get(g, [])
                     if kind in ("int", "size", "string")
                     and n not in undefined[g] and n not in macros]
        if not_macro:
            print("note: defined but not as macros (#ifdef cannot see them): "
                  + ", ".join(not_macro))

    # Exported shmem_ functions the tables above do not name: extensions,
    # over-provided types, or typos (a "put6" shipped for "put16").
    known = {n for g in GROUPS for n in groups[g]}
    extra = sorted(n for n, t in syms.items() if t in FUNC_TYPES
                   and n not in known
                   and (n.startswith("shmem_") or n.startswith("pshmem_")))
    if extra:
        shown = extra if limit is None else extra[:limit]
        print("note: %d exported shmem_ functions are not in the spec tables"
              " (extensions, extra types or typos; not a failure):"
              % len(extra))
        for n in shown:
            print("    " + n)
        if len(shown) < len(extra):
            print("    ... and %d more (--all lists them)"
                  % (len(extra) - len(shown)))

    print("TOTAL: expected %d, present %d, missing %d"
          % (tot_exp, tot_lib, tot_miss))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
