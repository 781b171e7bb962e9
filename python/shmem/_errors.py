"""Errors raised before any call into C: they name the call, the PE and
the fix, as the library's own messages do, and leave the process alive."""


def _pe():
    from . import _runtime
    return _runtime.my_pe_or_none()


def error(cls, call, problem, fix):
    pe = _pe()
    where = f"PE {pe}" if pe is not None else "before shmem.init"
    return cls(f"shmem.{call} ({where}): {problem}: {fix}")
