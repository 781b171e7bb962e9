"""The few CUDA driver calls the package makes (through ctypes, so that
nothing is needed at install time): where an address lives, the PE's GPU,
and loading and launching modules compiled at run time."""
import ctypes

from ._errors import error

_CU_POINTER_ATTRIBUTE_MEMORY_TYPE = 2
_CU_MEMORYTYPE_DEVICE = 2

_driver = None


def driver():
    """libcuda, or None on a machine without the driver."""
    global _driver
    if _driver is None:
        try:
            _driver = ctypes.CDLL("libcuda.so.1")
        except OSError:
            _driver = False
    return _driver or None


def check(call, rc, what):
    if rc != 0:
        msg = ctypes.c_char_p()
        driver().cuGetErrorString(rc, ctypes.byref(msg))
        text = msg.value.decode() if msg.value else f"error {rc}"
        raise error(RuntimeError, call, f"{what} failed: {text}",
                    "check that shmem.init() ran on this thread with SHMEM_HEAP=device "
                    "or pinned, and that the GPU is healthy")


def require(call):
    cu = driver()
    if cu is None:
        raise error(RuntimeError, call, "the CUDA driver (libcuda.so.1) is not installed",
                    "run on a machine with an NVIDIA GPU and its driver")
    return cu


def memory_kind(addr):
    """"device" (GPU memory), "pinned" (host memory that GPUs reach) or
    "host" (memory the driver never saw, or no driver)."""
    cu = driver()
    if cu is None:
        return "host"
    kind = ctypes.c_uint()
    rc = cu.cuPointerGetAttribute(ctypes.byref(kind), _CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
                                  ctypes.c_uint64(addr))
    if rc != 0:
        return "host"
    return "device" if kind.value == _CU_MEMORYTYPE_DEVICE else "pinned"


def device():
    """The ordinal of the GPU that shmem.init made current on this thread."""
    cu = require("cuda_device")
    dev = ctypes.c_int()
    check("cuda_device", cu.cuCtxGetDevice(ctypes.byref(dev)), "cuCtxGetDevice")
    return dev.value


def compute_capability():
    cu = require("compile_kernel")
    dev, major, minor = device(), ctypes.c_int(), ctypes.c_int()
    # CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR and _MINOR.
    check("compile_kernel", cu.cuDeviceGetAttribute(ctypes.byref(major), 75, dev),
          "cuDeviceGetAttribute")
    check("compile_kernel", cu.cuDeviceGetAttribute(ctypes.byref(minor), 76, dev),
          "cuDeviceGetAttribute")
    return major.value, minor.value


def synchronize():
    cu = require("synchronize")
    check("synchronize", cu.cuCtxSynchronize(), "cuCtxSynchronize")
