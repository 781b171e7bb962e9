/* Loading the library's kernels. The module is loaded when the runtime
 * first publishes a device state, at shmem_init on a heap on the GPU, and
 * not at the first launch: loading a module waits for the kernels running
 * on the GPU, so a first launch made while a user's kernel runs (the heap
 * service performing that kernel's AMO through the device proxy, or a host
 * AMO that a kernel waits for) would never return. It registers with the
 * device state like a user's CUDA translation unit, so its copy of the
 * state (shmemi_dstate) is filled at load and whenever the runtime
 * publishes it, and it is unloaded when the runtime ends (the state
 * published then is not ready). */
#include <pthread.h>

#include <shmem/internal/device_state.h>

#include "init/error.h"
#include "cuda/cuda_device.h"
#include "cuda_kernels.h"

/* cmake/embed.cmake writes them from the fatbin; size 0 when the library
 * was built without nvcc. */
extern const unsigned char shmemi_kernels_fatbin[];
extern const size_t shmemi_kernels_fatbin_size;

static const char *const names[SHMEMI_KERNEL_COUNT] = {
#define SHMEMI_KERNEL_NAME(e, name) #name,
    SHMEMI_KERNELS(SHMEMI_KERNEL_NAME)
#undef SHMEMI_KERNEL_NAME
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct shmemi_device_state current; /* as last published */
static CUmodule module;
static CUfunction functions[SHMEMI_KERNEL_COUNT];
static CUdeviceptr module_state;
static CUstream stream;

/* An asynchronous copy on the library's stream rather than cuMemcpyHtoD:
 * a synchronous copy runs on the legacy stream, which a CUDA graph capture
 * in progress on the user's stream may forbid touching. */
static void copy_state(const char *call)
{
    SHMEMI_CU(call, cuMemcpyHtoDAsync(module_state, &current, sizeof current, stream), NULL);
    SHMEMI_CU(call, cuStreamSynchronize(stream), NULL);
}

static void load(const char *call)
{
    shmemi_gpu_bind_thread(call);
    SHMEMI_CU(call, cuModuleLoadData(&module, shmemi_kernels_fatbin),
              "the library's kernels (machine code for sm_80, sm_90 and "
              "sm_100, PTX for compute_90) do not load on this GPU; a driver "
              "older than the toolkit that built them cannot compile their "
              "PTX: update the driver");
    /* Getting a function loads it (lazy loading defers kernels to then),
     * so that a launch loads nothing either. */
    for (int k = 0; k < SHMEMI_KERNEL_COUNT; k++)
        SHMEMI_CU(call, cuModuleGetFunction(&functions[k], module, names[k]),
                  "the library's embedded kernels do not match its code; rebuild it");
    size_t bytes = 0;
    SHMEMI_CU(call, cuModuleGetGlobal(&module_state, &bytes, module, "shmemi_dstate"),
              "the library's embedded kernels do not match its code; rebuild it");
    if (bytes != sizeof current)
        shmemi_fatal(call, "the library's kernels hold a %zu-byte device state "
                     "where the library has %zu bytes; rebuild it", bytes, sizeof current);
    SHMEMI_CU(call, cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING), NULL);
    copy_state(call);
}

/* The module exists from shmem_init on wherever it can. */
static void require_module(const char *call)
{
    if (module)
        return;
    if (shmemi_kernels_fatbin_size == 0)
        shmemi_fatal(call, "this library was built without nvcc, so it has "
                     "none of its own GPU kernels, which this call needs; "
                     "rebuild it where the CUDA toolkit's nvcc is installed");
    shmemi_fatal(call, "the symmetric heap is host memory; this call needs "
                 "it on the GPU: run with SHMEM_HEAP=device or pinned");
}

void shmemi_kernel_launch(const char *call, enum shmemi_kernel k, unsigned blocks,
                          unsigned threads, CUstream on, void **args)
{
    require_module(call);
    shmemi_gpu_bind_thread(call);
    SHMEMI_CU(call, cuLaunchKernel(functions[k], blocks, 1, 1, threads, 1, 1, 0, on, args, NULL),
              "a stream passed to the library must belong to the GPU that "
              "shmem_init gave this PE (its primary context); an earlier "
              "kernel's failure also shows here");
}

CUstream shmemi_kernels_stream(const char *call)
{
    require_module(call);
    return stream;
}

static void unload(void)
{
    if (!module)
        return;
    shmemi_gpu_bind_thread("shmem_finalize");
    /* The module's kernels may still be queued on the user's streams. */
    SHMEMI_CU("shmem_finalize", cuCtxSynchronize(),
              "a kernel of this PE failed, or is still waiting for other PEs "
              "at shmem_finalize");
    SHMEMI_CU("shmem_finalize", cuStreamDestroy(stream), NULL);
    SHMEMI_CU("shmem_finalize", cuModuleUnload(module), NULL);
    module = NULL;
    stream = NULL;
    module_state = 0;
}

static void update(const struct shmemi_device_state *s)
{
    pthread_mutex_lock(&lock);
    current = *s;
    if (!s->ready)
        unload();
    else if (module) {
        shmemi_gpu_bind_thread("shmem_init");
        copy_state("shmem_init");
    } else if (shmemi_kernels_fatbin_size) {
        load("shmem_init");
    }
    pthread_mutex_unlock(&lock);
}

__attribute__((constructor)) static void register_module(void)
{
    shmemi_device_register_abi(SHMEMI_DEVICE_ABI_VERSION, sizeof(struct shmemi_device_state),
                               update);
}
