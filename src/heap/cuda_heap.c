/* The GPU heaps: cuMem allocations exported as POSIX file descriptors.
 * SHMEM_HEAP=device puts the heap in this PE's GPU memory; SHMEM_HEAP=pinned
 * in host memory on the GPU's NUMA node, reachable by every GPU of the node
 * and by the CPUs. The fd travels to node peers like a memfd; each imports
 * it, maps it into its window and grants its own GPU access. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "heap.h"
#include "init/error.h"
#include "cuda/cuda_device.h"
#include "cuda/cuda_stage.h"

struct mapping {
    CUdeviceptr addr;
    size_t bytes;
};

static struct {
    CUdeviceptr window;
    size_t window_bytes;
    struct mapping *maps;
    size_t n_maps, cap_maps;
    CUmemGenericAllocationHandle *own; /* this PE's allocations */
    size_t n_own, cap_own;
    int pinned;
} cu;

static void *grow_array(void *a, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap)
        return a;
    *cap = *cap ? *cap * 2 : 16;
    a = realloc(a, *cap * elem);
    if (!a)
        shmemi_fatal("shmem_malloc", "out of host memory for heap bookkeeping");
    return a;
}

static CUmemAllocationProp prop(void)
{
    CUmemAllocationProp p = {0};
    p.type = CU_MEM_ALLOCATION_TYPE_PINNED;
    p.requestedHandleTypes = CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR;
    if (cu.pinned) {
        p.location.type = CU_MEM_LOCATION_TYPE_HOST_NUMA;
        p.location.id = shmemi_gpu.numa < 0 ? 0 : shmemi_gpu.numa;
    } else {
        p.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
        p.location.id = shmemi_gpu.dev;
    }
    return p;
}

static char *cu_reserve(size_t bytes)
{
    shmemi_gpu_bind_thread("shmem_init");
    SHMEMI_CU("shmem_init",
              cuMemAddressReserve(&cu.window, bytes, SHMEMI_HEAP_SLOT_ALIGN, 0, 0),
              "lower SHMEM_SYMMETRIC_SIZE_MAX");
    cu.window_bytes = bytes;
    return (char *)(uintptr_t)cu.window;
}

/* Whether cuMemCreate's failure r for bytes is the memory running out (an
 * allocation larger than the GPU's free memory is, whatever the code says):
 * then the heap does not grow, and shmem_malloc returns NULL. */
static int out_of_memory(CUresult r, size_t bytes, size_t *free_b, size_t *total_b)
{
    *free_b = *total_b = 0;
    if (!cu.pinned && shmemi_cu.cuMemGetInfo(free_b, total_b) != CUDA_SUCCESS)
        *free_b = *total_b = 0;
    return r == CUDA_ERROR_OUT_OF_MEMORY || (!cu.pinned && *total_b && bytes > *free_b);
}

static int cu_create(size_t bytes)
{
    /* The heap's first chunk is made by shmem_init, the others by growth. */
    const char *call = shmemi_heap.size ? "shmem_malloc" : "shmem_init";
    shmemi_gpu_bind_thread(call);
    CUmemAllocationProp p = prop();
    CUmemGenericAllocationHandle h;
    CUresult r = shmemi_cu.cuMemCreate(&h, bytes, &p, 0);
    size_t free_b, total_b;
    if (r != CUDA_SUCCESS && out_of_memory(r, bytes, &free_b, &total_b)) {
        const char *name = "?";
        shmemi_cu.cuGetErrorName(r, &name);
        char room[96] = "";
        if (total_b)
            snprintf(room, sizeof room, " (%zu of its %zu bytes are free)", free_b, total_b);
        shmemi_warn(call, "cuMemCreate of %zu bytes of %s for the symmetric heap "
                    "(%zu bytes so far) failed: %s; %s%s has no room for it%s. %s; "
                    "PEs that share a GPU (SHMEM_GPU_SHARE=1) share its memory",
                    bytes, cu.pinned ? "pinned host memory" : "GPU memory",
                    shmemi_heap.size, name, cu.pinned ? "the host" : "GPU ",
                    cu.pinned ? "" : shmemi_gpu.busid, room,
                    shmemi_heap.size ? "shmem_malloc returns NULL: allocate less, or "
                                       "free memory"
                                     : "Lower SHMEM_SYMMETRIC_SIZE, the heap's first size");
        return -1;
    }
    shmemi_cuda_check(r, "cuMemCreate", call, NULL);
    cu.own = grow_array(cu.own, &cu.cap_own, cu.n_own + 1, sizeof *cu.own);
    cu.own[cu.n_own++] = h;
    int fd = -1;
    SHMEMI_CU(call,
              cuMemExportToShareableHandle(&fd, h, CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR, 0),
              NULL);
    return fd;
}

/* The chunk that the last cu_create made was not mapped (another PE could
 * not make its own): give its memory back. */
static void cu_discard(void)
{
    shmemi_gpu_bind_thread("shmem_malloc");
    SHMEMI_CU("shmem_malloc", cuMemRelease(cu.own[--cu.n_own]), NULL);
}

static void cu_map(char *addr, size_t bytes, int fd)
{
    shmemi_gpu_bind_thread("shmem_malloc");
    CUmemGenericAllocationHandle h;
    SHMEMI_CU("shmem_malloc",
              cuMemImportFromShareableHandle(&h, (void *)(uintptr_t)fd,
                                             CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR),
              NULL);
    CUdeviceptr at = (CUdeviceptr)(uintptr_t)addr;
    SHMEMI_CU("shmem_malloc", cuMemMap(at, bytes, 0, h, 0), NULL);
    /* The mapping holds the memory now; the imported handle is not needed. */
    SHMEMI_CU("shmem_malloc", cuMemRelease(h), NULL);
    cu.maps = grow_array(cu.maps, &cu.cap_maps, cu.n_maps + 1, sizeof *cu.maps);
    cu.maps[cu.n_maps++] = (struct mapping){at, bytes};

    CUmemAccessDesc acc[2] = {{{CU_MEM_LOCATION_TYPE_DEVICE, shmemi_gpu.dev},
                               CU_MEM_ACCESS_FLAGS_PROT_READWRITE},
                              {{CU_MEM_LOCATION_TYPE_HOST, 0},
                               CU_MEM_ACCESS_FLAGS_PROT_READWRITE}};
    SHMEMI_CU("shmem_malloc", cuMemSetAccess(at, bytes, acc, cu.pinned ? 2 : 1),
              "this GPU cannot reach a node peer's GPU memory (no peer access "
              "between the two GPUs); use SHMEM_HEAP=pinned or SHMEM_HEAP=host");
}

/* Host-initiated copies run on a stream of their own that never waits for
 * the legacy stream: a user kernel there may be spinning on the very put
 * the host is making. A copy is complete when it returns, except a small
 * put staged in pinned memory and the _nbi copies (cuda_stage.c), which
 * quiet waits for. Gets follow the puts on the same stream, so they see
 * them. */
static CUstream copies;

/* This PE's control memory, which kernels reach (the abort flag, the
 * barrier provider's words). */
static void *viewed;

static void *cu_host_view(void *host, size_t bytes)
{
    shmemi_gpu_bind_thread("shmem_init");
    SHMEMI_CU("shmem_init",
              cuMemHostRegister(host, bytes, CU_MEMHOSTREGISTER_DEVICEMAP | CU_MEMHOSTREGISTER_PORTABLE),
              "the GPU cannot map the runtime's control memory");
    viewed = host;
    CUdeviceptr d;
    SHMEMI_CU("shmem_init", cuMemHostGetDevicePointer(&d, host, 0), NULL);
    return (void *)(uintptr_t)d;
}

static void cu_release(void)
{
    if (copies)
        shmemi_cu.cuStreamDestroy(copies);
    copies = NULL;
    shmemi_cuda_stage_release();
    if (viewed)
        shmemi_cu.cuMemHostUnregister(viewed);
    viewed = NULL;
    for (size_t i = 0; i < cu.n_maps; i++)
        shmemi_cu.cuMemUnmap(cu.maps[i].addr, cu.maps[i].bytes);
    for (size_t i = 0; i < cu.n_own; i++)
        shmemi_cu.cuMemRelease(cu.own[i]);
    if (cu.window)
        shmemi_cu.cuMemAddressFree(cu.window, cu.window_bytes);
    free(cu.maps);
    free(cu.own);
    int pinned = cu.pinned;
    cu = (__typeof__(cu)){0};
    cu.pinned = pinned;
}


static void copy_done(const char *call)
{
    SHMEMI_CU(call, cuStreamSynchronize(copies), NULL);
}

static void cu_copy(void *dst, const void *src, size_t bytes)
{
    shmemi_gpu_bind_thread("shmem_put/get");
    SHMEMI_CU("shmem_put/get",
              cuMemcpyAsync((CUdeviceptr)(uintptr_t)dst, (CUdeviceptr)(uintptr_t)src, bytes,
                            copies),
              NULL);
    copy_done("shmem_put/get");
}

/* Whether p is in the heap's window. The program's global variables are
 * symmetric too, but host memory that the staged and asynchronous copies,
 * which go to or from the window, do not take: a plain copy does. */
static int in_window(const void *p)
{
    return (uintptr_t)p - (uintptr_t)cu.window < cu.window_bytes;
}

static void cu_put(void *dst, const void *src, size_t bytes)
{
    shmemi_gpu_bind_thread("shmem_put");
    if (!in_window(dst) || shmemi_cuda_stage_put(copies, dst, src, bytes) != 0)
        cu_copy(dst, src, bytes);
}

static void cu_put_nbi(void *dst, const void *src, size_t bytes)
{
    shmemi_gpu_bind_thread("shmem_put_nbi");
    if (!in_window(dst))
        cu_copy(dst, src, bytes);
    else if (shmemi_cuda_stage_put(copies, dst, src, bytes) != 0)
        shmemi_cuda_stage_async(copies, dst, src, bytes, "shmem_put_nbi");
}

static void cu_get_nbi(void *dst, const void *src, size_t bytes)
{
    shmemi_gpu_bind_thread("shmem_get_nbi");
    if (!in_window(src))
        cu_copy(dst, src, bytes);
    else
        shmemi_cuda_stage_async(copies, dst, src, bytes, "shmem_get_nbi");
}

static void cu_copy_strided(void *dst, size_t dpitch, const void *src, size_t spitch,
                            size_t elem, size_t n)
{
    shmemi_gpu_bind_thread("shmem_iput/iget");
    CUDA_MEMCPY2D m = {0};
    m.srcMemoryType = CU_MEMORYTYPE_UNIFIED;
    m.srcDevice = (CUdeviceptr)(uintptr_t)src;
    m.srcPitch = spitch;
    m.dstMemoryType = CU_MEMORYTYPE_UNIFIED;
    m.dstDevice = (CUdeviceptr)(uintptr_t)dst;
    m.dstPitch = dpitch;
    m.WidthInBytes = elem;
    m.Height = n;
    SHMEMI_CU("shmem_iput/iget", cuMemcpy2DAsync(&m, copies), NULL);
    copy_done("shmem_iput/iget");
}

static void cu_zero(void *dst, size_t bytes)
{
    shmemi_gpu_bind_thread("shmem_calloc");
    SHMEMI_CU("shmem_calloc", cuMemsetD8Async((CUdeviceptr)(uintptr_t)dst, 0, bytes, copies),
              NULL);
    copy_done("shmem_calloc");
}

static void cu_quiet(void)
{
    shmemi_gpu_bind_thread("shmem_quiet");
    shmemi_cuda_stage_quiet(copies, "shmem_quiet");
}

static struct shmemi_heap_backend backend = {
    .reserve = cu_reserve,
    .create = cu_create,
    .discard = cu_discard,
    .map = cu_map,
    .release = cu_release,
    .copy = cu_copy,
    .put = cu_put,
    .put_nbi = cu_put_nbi,
    .get_nbi = cu_get_nbi,
    .copy_strided = cu_copy_strided,
    .zero = cu_zero,
    .quiet = cu_quiet,
    .host_view = cu_host_view,
};

const struct shmemi_heap_backend *shmemi_cuda_heap_backend(int pinned)
{
    cu.pinned = pinned;
    backend.name = pinned ? "pinned" : "device";
    CUmemAllocationProp p = prop();
    size_t g = 0;
    SHMEMI_CU("shmem_init",
              cuMemGetAllocationGranularity(&g, &p, CU_MEM_ALLOC_GRANULARITY_RECOMMENDED),
              NULL);
    backend.granularity = g;
    int native = 0;
    if (pinned)
        SHMEMI_CU("shmem_init",
                  cuDeviceGetAttribute(&native, CU_DEVICE_ATTRIBUTE_HOST_NATIVE_ATOMIC_SUPPORTED,
                                       shmemi_gpu.dev),
                  NULL);
    backend.device_atomics = !pinned || native;
    if (!copies)
        SHMEMI_CU("shmem_init", cuStreamCreate(&copies, CU_STREAM_NON_BLOCKING), NULL);
    return &backend;
}
