/* Host copies into and out of a device heap that land by the next quiet.
 * Small puts return at local completion, as the specification defines a
 * blocking put: the source is copied into a ring
 * of pinned host memory and the copy engine takes it from there while the
 * caller goes on. Waiting for the copy to land, as a synchronous copy does,
 * costs about a stream synchronize more per put (measured:
 * bench/results/2026-11-25-gpu-staged-put.md); quiet, fence and
 * everything that implies them wait instead, once for all the staged
 * copies. SHMEM_GPU_PUT_STAGE=0 makes every put complete on
 * return. The _nbi forms queue their copies without waiting at all. */
#define _GNU_SOURCE /* pthread_getattr_np */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "init/config.h"
#include "init/error.h"
#include "cuda_stage.h"

/* Bytes of pinned ring: puts up to SHMEM_GPU_PUT_STAGE bytes share it, and
 * a put that does not fit after the last one waits for all of them first. */
#define STAGE_RING ((size_t)1 << 20)

static struct {
    pthread_mutex_t lock; /* the ring and the stream's order of its copies */
    char *ring;
    size_t head;
    atomic_int pending;   /* staged copies not yet known to have landed */
} st = {.lock = PTHREAD_MUTEX_INITIALIZER};

/* The copy engine reads the source when the copy runs, so a source the CPU
 * cannot read (GPU memory) is not staged: it is copied as it is; and UCX
 * (ucx_stage.c) must not be handed such memory. Asking the driver costs
 * about a third of a staged put (measured:
 * bench/results/2026-11-25-gpu-staged-put.md), so the places only host
 * memory can be are recognised first: the brk heap (where malloc
 * puts small blocks; it grows up from its start, found once in
 * /proc/self/maps) and this thread's stack (where shmem_p's value is). */
static _Atomic uintptr_t brk_start = UINTPTR_MAX;
static pthread_once_t brk_found = PTHREAD_ONCE_INIT;

static void find_brk_start(void)
{
    FILE *f = fopen("/proc/self/maps", "r");
    if (!f)
        return;
    char line[512];
    while (fgets(line, sizeof line, f))
        if (strstr(line, "[heap]")) {
            atomic_store_explicit(&brk_start, (uintptr_t)strtoull(line, NULL, 16),
                                  memory_order_relaxed);
            break;
        }
    fclose(f);
}

static __thread uintptr_t stack_lo, stack_hi;

static int on_this_stack(uintptr_t p)
{
    if (!stack_hi) {
        pthread_attr_t a;
        void *lo;
        size_t bytes;
        if (pthread_getattr_np(pthread_self(), &a) != 0)
            return 0;
        if (pthread_attr_getstack(&a, &lo, &bytes) == 0) {
            stack_lo = (uintptr_t)lo;
            stack_hi = stack_lo + bytes;
        }
        pthread_attr_destroy(&a);
    }
    return p >= stack_lo && p < stack_hi;
}

int shmemi_cuda_host_memory(const void *src)
{
    uintptr_t p = (uintptr_t)src;
    pthread_once(&brk_found, find_brk_start);
    if ((p >= atomic_load_explicit(&brk_start, memory_order_relaxed) &&
         p < (uintptr_t)sbrk(0)) ||
        on_this_stack(p))
        return 1;
    unsigned type = 0;
    CUresult r = shmemi_cu.cuPointerGetAttribute(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
                                                 (CUdeviceptr)p);
    /* Memory CUDA does not know (pageable, not registered) is host memory. */
    return r != CUDA_SUCCESS || type == CU_MEMORYTYPE_HOST;
}

static void drain(CUstream s, const char *call)
{
    SHMEMI_CU(call, cuStreamSynchronize(s), NULL);
    st.head = 0;
    atomic_store_explicit(&st.pending, 0, memory_order_release);
}

int shmemi_cuda_stage_put(CUstream s, void *dst, const void *src, size_t bytes)
{
    if (bytes > shmemi_config.gpu_put_stage || bytes > STAGE_RING ||
        !shmemi_cuda_host_memory(src))
        return -1;
    pthread_mutex_lock(&st.lock);
    if (!st.ring) {
        SHMEMI_CU("shmem_put", cuMemAllocHost((void **)&st.ring, STAGE_RING),
                  "out of pinned host memory for staging small puts; run with "
                  "SHMEM_GPU_PUT_STAGE=0");
    }
    if (st.head + bytes > STAGE_RING)
        drain(s, "shmem_put");
    char *slot = st.ring + st.head;
    /* Each put's bytes start a 64-byte line of their own, so that no two
     * copies share a line the CPU is still writing. */
    st.head += (bytes + 63) & ~(size_t)63;
    memcpy(slot, src, bytes);
    SHMEMI_CU("shmem_put", cuMemcpyHtoDAsync((CUdeviceptr)(uintptr_t)dst, slot, bytes, s), NULL);
    atomic_store_explicit(&st.pending, 1, memory_order_release);
    pthread_mutex_unlock(&st.lock);
    return 0;
}

void shmemi_cuda_stage_async(CUstream s, void *dst, const void *src, size_t bytes,
                             const char *call)
{
    /* Under the lock, so that a quiet's drain either waits for this copy
     * or finds it pending. */
    pthread_mutex_lock(&st.lock);
    SHMEMI_CU(call,
              cuMemcpyAsync((CUdeviceptr)(uintptr_t)dst, (CUdeviceptr)(uintptr_t)src, bytes, s),
              NULL);
    atomic_store_explicit(&st.pending, 1, memory_order_release);
    pthread_mutex_unlock(&st.lock);
}

void shmemi_cuda_stage_quiet(CUstream s, const char *call)
{
    if (!atomic_load_explicit(&st.pending, memory_order_acquire))
        return;
    /* An on-stream call may quiet while its stream is being captured into
     * a graph: this synchronize is no work of that stream's, and the
     * relaxed mode lets it through on this thread. */
    CUstreamCaptureMode mode = CU_STREAM_CAPTURE_MODE_RELAXED;
    SHMEMI_CU(call, cuThreadExchangeStreamCaptureMode(&mode), NULL);
    pthread_mutex_lock(&st.lock);
    if (atomic_load_explicit(&st.pending, memory_order_relaxed))
        drain(s, call);
    pthread_mutex_unlock(&st.lock);
    SHMEMI_CU(call, cuThreadExchangeStreamCaptureMode(&mode), NULL);
}

void shmemi_cuda_stage_release(void)
{
    if (st.ring)
        SHMEMI_CU("shmem_finalize", cuMemFreeHost(st.ring), NULL);
    st.ring = NULL;
    st.head = 0;
    atomic_store(&st.pending, 0);
}
