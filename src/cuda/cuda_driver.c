#include "cuda_driver.h"

#include <dlfcn.h>
#include <stdio.h>

#include "init/error.h"
#include "device_report.h"

struct shmemi_cuda shmemi_cu;

#define SHMEMI_STR_(x) #x
#define SHMEMI_STR(x) SHMEMI_STR_(x)

int shmemi_cuda_load(const char **why)
{
    static int state; /* 0 untried, 1 loaded, -1 unavailable */
    static const char *reason;
    if (state) {
        *why = reason;
        return state > 0 ? 0 : -1;
    }
    state = -1;
    void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        *why = reason = "the CUDA driver (libcuda.so.1) is not installed";
        return -1;
    }
#define SHMEMI_CU_LOAD(name)                                                  \
    shmemi_cu.name = (__typeof__(&name))dlsym(lib, SHMEMI_STR(name));         \
    if (!shmemi_cu.name) {                                                    \
        *why = reason = "the CUDA driver lacks " SHMEMI_STR(name)             \
                        "; it is older than this library needs (CUDA 12+)";   \
        return -1;                                                            \
    }
    SHMEMI_CU_FUNCS(SHMEMI_CU_LOAD)
#undef SHMEMI_CU_LOAD
    int count = 0;
    if (shmemi_cu.cuInit(0) != CUDA_SUCCESS ||
        shmemi_cu.cuDeviceGetCount(&count) != CUDA_SUCCESS || count == 0) {
        *why = reason = "the CUDA driver found no usable GPU";
        return -1;
    }
    state = 1;
    *why = reason = NULL;
    return 0;
}

void shmemi_cuda_check(CUresult r, const char *what, const char *call, const char *hint)
{
    if (r == CUDA_SUCCESS)
        return;
    /* A kernel that stopped says why before the launch error does. */
    shmemi_device_report_flush();
    const char *name = "?", *text = "?";
    shmemi_cu.cuGetErrorName(r, &name);
    shmemi_cu.cuGetErrorString(r, &text);
    shmemi_fatal(call, "%s failed: %s (%s)%s%s", what, name, text, hint ? "; " : "",
                 hint ? hint : "");
}
