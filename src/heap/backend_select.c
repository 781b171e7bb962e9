/* Which memory the data heap lives in. */
#include <stdlib.h>
#include <string.h>

#include "init/config.h"
#include "init/error.h"
#include "heap.h"
#ifdef SHMEM_HAVE_CUDA
#include "cuda/cuda_device.h"
const struct shmemi_heap_backend *shmemi_cuda_heap_backend(int pinned);
#endif

/* A host heap costs address space only until touched. */
#define HOST_CAP ((size_t)64 << 30)

static size_t use_host(void)
{
    shmemi_heap.kind = SHMEMI_HEAP_HOST;
    shmemi_heap.host_access = 1;
    shmemi_heap.backend = &shmemi_host_backend;
    return HOST_CAP;
}

#ifdef SHMEM_HAVE_CUDA
static size_t use_gpu(int pinned)
{
    shmemi_heap.kind = pinned ? SHMEMI_HEAP_PINNED : SHMEMI_HEAP_DEVICE;
    shmemi_heap.host_access = pinned;
    shmemi_heap.backend = shmemi_cuda_heap_backend(pinned);
    if (pinned)
        return HOST_CAP;
    /* Device memory is committed when mapped: growth may take what the GPU
     * has, no more. */
    size_t total = 0;
    SHMEMI_CU("shmem_init", cuDeviceTotalMem(&total, shmemi_gpu.dev), NULL);
    return total;
}
#endif

static size_t choose(void);

/* Peers map each other's heaps, so every PE must have picked the same kind
 * (under auto, a PE without a GPU beside PEs with one would not). */
static void check_agreement(void)
{
    int n = shmemi_state.n_pes, mine = shmemi_heap.kind;
    int *all = calloc((size_t)n, sizeof(int));
    if (!all || shmemi_state.boot.allgather(&mine, all, sizeof mine) != 0)
        shmemi_fatal("shmem_init", "cannot compare heap kinds with the other PEs");
    static const char *names[] = {"host", "device", "pinned"};
    for (int pe = 0; pe < n; pe++)
        if (all[pe] != mine)
            shmemi_fatal("shmem_init", "this PE's heap is %s memory but PE %d's is %s; "
                         "set SHMEM_HEAP the same on every PE (and give every PE "
                         "of a node a GPU, or none)",
                         names[mine], pe, names[all[pe]]);
    free(all);
}

void shmemi_heap_select_backend(void)
{
    shmemi_heap.cap = choose();
    check_agreement();
}

static size_t choose(void)
{
    const char *want = shmemi_config.heap;
    if (strcmp(want, "host") == 0)
        return use_host();
    if (strcmp(want, "auto") && strcmp(want, "device") && strcmp(want, "pinned"))
        shmemi_fatal("shmem_init", "SHMEM_HEAP=\"%s\" is not valid: use auto, "
                     "host, device or pinned", want);
#ifdef SHMEM_HAVE_CUDA
    const char *why = NULL;
    if (shmemi_gpu_select(&why) == 0)
        return use_gpu(strcmp(want, "pinned") == 0);
#else
    const char *why = "this library was built without CUDA";
#endif
    if (strcmp(want, "auto") != 0)
        shmemi_fatal("shmem_init", "SHMEM_HEAP=%s needs a GPU, but %s; use "
                     "SHMEM_HEAP=host or auto", want, why);
    return use_host();
}

void shmemi_heap_release_device(void)
{
#ifdef SHMEM_HAVE_CUDA
    shmemi_gpu_release();
#endif
}
