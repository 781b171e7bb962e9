/* Local buffers in GPU memory. This UCX (Debian's) has no CUDA support: it
 * can send from and receive into host memory only, and would fault on GPU
 * memory. A PE whose heap is on its GPU hands the transport such buffers
 * whenever it puts from or gets into its own heap (collectives do, too),
 * or from or into the user's cudaMalloc memory, whatever the target's heap.
 * Those transfers pass through a host bounce buffer, in pieces, copied by
 * the heap backend's copy (the copy engine; it takes any pair of addresses
 * the GPU knows), and telling GPU from host memory is cuda_stage.c's test.
 * Rows go one at a time: each is a transfer of its own. */
#include <stdlib.h>

#include "heap/heap.h"
#include "init/error.h"
#ifdef SHMEM_HAVE_CUDA
#include "cuda/cuda_stage.h"
#endif
#include "ucx.h"

#define PIECE ((size_t)1 << 20)

int shmemi_ucx_local_on_gpu_slow(const void *p, size_t bytes)
{
#ifdef SHMEM_HAVE_CUDA
    if (shmemi_heap_contains(p, bytes))
        return !shmemi_heap.host_access;
    return !shmemi_cuda_host_memory(p);
#else
    (void)p, (void)bytes;
    return 0;
#endif
}

static char *bounce(const char *call, size_t bytes)
{
    char *b = malloc(bytes < PIECE ? bytes : PIECE);
    if (!b)
        shmemi_fatal(call, "out of host memory for a bounce buffer of %zu bytes (a "
                     "transfer to or from GPU memory across nodes)", bytes < PIECE ? bytes : PIECE);
    return b;
}

void shmemi_ucx_staged(const char *call, struct shmemi_remote_ctx *rc, enum shmemi_dir d,
                       char *local, size_t lpitch, const char *sym, size_t spitch, size_t width,
                       size_t n, int pe)
{
    char *b = bounce(call, width);
    for (size_t i = 0; i < n; i++)
        for (size_t at = 0; at < width; at += PIECE) {
            size_t k = width - at < PIECE ? width - at : PIECE;
            char *l = local + i * lpitch + at;
            if (d == SHMEMI_PUT)
                shmemi_heap.backend->copy(b, l, k);
            shmemi_ucx_xfer(call, rc, d, b, 0, sym + i * spitch + at, 0, k, 1, pe);
            if (d == SHMEMI_GET)
                shmemi_heap.backend->copy(l, b, k);
        }
    free(b);
}
