/* On-stream RMA, signals and synchronisation. Data moves by copy-engine
 * copies between addresses of the peer window (cuMemcpyAsync), and every
 * wait, signal and barrier is a one-thread kernel of the library's
 * (src/device/kernels/sync.cuh). Nothing here waits on the host or keeps
 * state on it, so every call can be captured into a CUDA graph and
 * replayed: the barrier's epoch and the signals live in GPU memory. */
#include <stdint.h>

#include <shmemx.h>

#include "heap/heap.h"
#include "init/config.h"
#include "rma/signal.h"
#include "sync/wait_set.h"
#include "team/team.h"
#include "cuda/cuda_device.h"
#include "cuda_kernels.h"
#include "cuda_stream.h"
#include "device/proxy/proxy.h"

void shmemi_stream_check(const char *call)
{
    shmemi_require_init(call);
    if (shmemi_heap.kind == SHMEMI_HEAP_HOST)
        shmemi_fatal(call, "the symmetric heap is host memory (SHMEM_HEAP=%s), "
                     "which on-stream calls cannot use: run with "
                     "SHMEM_HEAP=device or SHMEM_HEAP=pinned", shmemi_config.heap);
    shmemi_gpu_bind_thread(call);
    /* The host's own puts before this call land first, as the stream's
     * copies would otherwise race them. */
    shmemi_heap_quiet();
}

void shmemi_stream_members(const char *call, int start, int stride, int size)
{
    for (int i = 0; i < size; i++)
        if (shmemi_state.local_index[start + i * stride] < 0)
            shmemi_fatal(call, "on-stream calls reach other PEs through this "
                         "node's peer window, but PE %d (member %d of the "
                         "team) runs on another node", start + i * stride, i);
}

void shmemi_stream_copy(const char *call, void *dst, const void *src, size_t bytes,
                        CUstream stream)
{
    SHMEMI_CU(call,
              cuMemcpyAsync((CUdeviceptr)(uintptr_t)dst, (CUdeviceptr)(uintptr_t)src, bytes,
                            stream),
              "the local buffer must be memory this PE's GPU reaches (its own "
              "device memory, or host memory) and the stream must be that "
              "GPU's");
}

void shmemi_stream_barrier(const char *call, shmem_team_t team, CUstream stream)
{
    unsigned long long handle = (unsigned long long)(uintptr_t)team;
    void *args[] = {&handle};
    shmemi_kernel_launch(call, SHMEMI_KERNEL_BARRIER, 1, 1, stream, args);
}

void shmemx_putmem_on_stream(void *dest, const void *source, size_t nelems, int pe,
                             shmemx_stream_t stream)
{
    shmemi_stream_check(__func__);
    if (nelems == 0)
        return;
    char *to = shmemi_rma_target(__func__, dest, nelems, pe);
    shmemi_rma_check_local(__func__, source, nelems);
    shmemi_stream_copy(__func__, to, source, nelems, stream);
}

void shmemx_getmem_on_stream(void *dest, const void *source, size_t nelems, int pe,
                             shmemx_stream_t stream)
{
    shmemi_stream_check(__func__);
    if (nelems == 0)
        return;
    char *from = shmemi_rma_target(__func__, source, nelems, pe);
    shmemi_rma_check_local(__func__, dest, nelems);
    shmemi_stream_copy(__func__, dest, from, nelems, stream);
}

/* The signal word of pe, checked like an AMO's. */
static uint64_t *signal_word(const char *call, uint64_t *sig_addr, int pe)
{
    uint64_t *sig = (uint64_t *)shmemi_rma_target(call, sig_addr, sizeof *sig_addr, pe);
    if ((uintptr_t)sig_addr % sizeof *sig_addr)
        shmemi_fatal(call, "the signal at %p is not aligned to 8 bytes; signals "
                     "need naturally aligned objects (as shmem_malloc returns "
                     "them)", (void *)sig_addr);
    return sig;
}

/* The copy completes before the signal's kernel starts (stream order), and
 * a copy that completed is visible to every PE. */
void shmemx_putmem_signal_on_stream(void *dest, const void *source, size_t nelems,
                                    uint64_t *sig_addr, uint64_t signal, int sig_op, int pe,
                                    shmemx_stream_t stream)
{
    shmemi_stream_check(__func__);
    if (sig_op != SHMEM_SIGNAL_SET && sig_op != SHMEM_SIGNAL_ADD)
        shmemi_signal_bad_op(__func__, sig_op);
    uint64_t *sig = signal_word(__func__, sig_addr, pe);
    if (nelems) {
        char *to = shmemi_rma_target(__func__, dest, nelems, pe);
        shmemi_rma_check_local(__func__, source, nelems);
        shmemi_stream_copy(__func__, to, source, nelems, stream);
    }
    unsigned long long value = signal;
    int add = sig_op == SHMEM_SIGNAL_ADD;
    void *args[] = {&sig, &value, &add};
    shmemi_kernel_launch(__func__, SHMEMI_KERNEL_SIGNAL_UPDATE, 1, 1, stream, args);
}

void shmemx_signal_wait_until_on_stream(uint64_t *sig_addr, int cmp, uint64_t cmp_value,
                                        shmemx_stream_t stream)
{
    shmemi_stream_check(__func__);
    shmemi_wait_check(__func__, sig_addr, 1, sizeof *sig_addr, cmp, &cmp_value, NULL, 0);
    uint64_t *sig = signal_word(__func__, sig_addr, shmemi_state.my_pe);
    unsigned long long value = cmp_value;
    void *args[] = {&sig, &cmp, &value};
    shmemi_kernel_launch(__func__, SHMEMI_KERNEL_SIGNAL_WAIT, 1, 1, stream, args);
}

/* The stream's order completes its earlier copies and kernels before its
 * later work starts; what remains is the device proxy's requests. */
void shmemx_quiet_on_stream(shmemx_stream_t stream)
{
    shmemi_stream_check(__func__);
    if (shmemi_proxy_running())
        shmemi_kernel_launch(__func__, SHMEMI_KERNEL_QUIET, 1, 1, stream, NULL);
}

/* The stream's earlier copies have completed when the barrier's kernel
 * starts, and the barrier's release stores order the stores of earlier
 * kernels before it: it is a barrier (quiet, then sync) as it stands, and
 * the syncs, which may complete less, are the same kernel. */
static void world_barrier(const char *call, CUstream stream)
{
    shmemi_stream_check(call);
    shmemi_stream_members(call, 0, 1, shmemi_state.n_pes);
    shmemi_stream_barrier(call, SHMEM_TEAM_WORLD, stream);
}

void shmemx_barrier_all_on_stream(shmemx_stream_t stream) { world_barrier(__func__, stream); }

void shmemx_sync_all_on_stream(shmemx_stream_t stream) { world_barrier(__func__, stream); }

int shmemx_team_sync_on_stream(shmem_team_t team, shmemx_stream_t stream)
{
    shmemi_require_init(__func__);
    struct shmemi_team *t = shmemi_team_get(__func__, team);
    if (!t)
        return -1;
    shmemi_stream_check(__func__);
    shmemi_stream_members(__func__, t->start, t->stride, t->size);
    shmemi_stream_barrier(__func__, team, stream);
    return 0;
}
