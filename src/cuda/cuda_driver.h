/* The CUDA driver API, loaded at run time with dlopen so that the library
 * runs on machines without a GPU or driver. Every call goes through the
 * table below and through SHMEMI_CU, which reports a failure with the call,
 * the PE and what to do. */
#ifndef SHMEMI_CUDA_DRIVER_H
#define SHMEMI_CUDA_DRIVER_H

#include <cuda.h>

/* The driver entry points the runtime uses. Names are macro-expanded by
 * cuda.h to their versioned symbols (cuMemGetInfo -> cuMemGetInfo_v2), and
 * the table is looked up with the expanded names. */
#define SHMEMI_CU_FUNCS(X)                                                    \
    X(cuInit)                                                                 \
    X(cuGetErrorName)                                                         \
    X(cuGetErrorString)                                                       \
    X(cuDriverGetVersion)                                                     \
    X(cuDeviceGetCount)                                                       \
    X(cuDeviceGet)                                                            \
    X(cuDeviceGetAttribute)                                                   \
    X(cuDeviceGetName)                                                        \
    X(cuDeviceGetPCIBusId)                                                    \
    X(cuDeviceTotalMem)                                                       \
    X(cuDeviceCanAccessPeer)                                                  \
    X(cuDeviceGetP2PAttribute)                                                \
    X(cuDevicePrimaryCtxRetain)                                               \
    X(cuDevicePrimaryCtxRelease)                                              \
    X(cuCtxSetCurrent)                                                        \
    X(cuCtxSynchronize)                                                       \
    X(cuMemGetInfo)                                                           \
    X(cuMemGetAllocationGranularity)                                          \
    X(cuMemCreate)                                                            \
    X(cuMemRelease)                                                           \
    X(cuMemExportToShareableHandle)                                           \
    X(cuMemImportFromShareableHandle)                                         \
    X(cuMemAddressReserve)                                                    \
    X(cuMemAddressFree)                                                       \
    X(cuMemMap)                                                               \
    X(cuMemUnmap)                                                             \
    X(cuMemSetAccess)                                                         \
    X(cuMemcpy2DAsync)                                                        \
    X(cuMemsetD8Async)                                                        \
    X(cuMemHostRegister)                                                      \
    X(cuMemHostUnregister)                                                    \
    X(cuMemHostGetDevicePointer)                                              \
    X(cuPointerGetAttribute)                                                  \
    X(cuMemcpyAsync)                                                          \
    X(cuMemcpyHtoDAsync)                                                      \
    X(cuMemAllocHost)                                                         \
    X(cuMemFreeHost)                                                          \
    X(cuMemAlloc)                                                             \
    X(cuMemFree)                                                              \
    X(cuMemsetD8)                                                             \
    X(cuModuleLoadData)                                                       \
    X(cuModuleUnload)                                                         \
    X(cuModuleGetFunction)                                                    \
    X(cuModuleGetGlobal)                                                      \
    X(cuLaunchKernel)                                                         \
    X(cuStreamCreate)                                                         \
    X(cuStreamDestroy)                                                        \
    X(cuStreamSynchronize)                                                    \
    X(cuThreadExchangeStreamCaptureMode)

struct shmemi_cuda {
#define SHMEMI_CU_FIELD(name) __typeof__(&name) name;
    SHMEMI_CU_FUNCS(SHMEMI_CU_FIELD)
#undef SHMEMI_CU_FIELD
};

extern struct shmemi_cuda shmemi_cu;

/* Loads the driver and initialises it: 0, or -1 with *why set to a
 * sentence saying why there is no usable GPU (no driver, no device). */
int shmemi_cuda_load(const char **why);

/* Ends the job when a driver call failed; `hint` says what to do. */
void shmemi_cuda_check(CUresult r, const char *what, const char *call, const char *hint);

#define SHMEMI_CU(call, expr, hint)                                           \
    shmemi_cuda_check(shmemi_cu.expr, #expr, call, hint)

#endif
