/* The GPU symmetric heap: it is device memory, RMA of every shape moves the
 * right bytes between PEs' GPUs, calloc clears, blocks start on 256
 * bytes, the heap grows, and when the
 * runtime ends the GPU memory it took is back. Heap contents are read only
 * through the API and cuMemcpy: the CPU cannot load device memory. */
#include <cuda.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../check.h"

#define CU(x)                                                                 \
    do {                                                                      \
        CUresult r_ = (x);                                                    \
        CHECK(r_ == CUDA_SUCCESS, "%s -> %d", #x, (int)r_);                   \
    } while (0)

static size_t free_bytes(void)
{
    size_t f = 0, t = 0;
    CU(cuMemGetInfo(&f, &t));
    return f;
}

/* Every block of a GPU heap starts on 256 bytes, as cudaMalloc's do (a
 * kernel's accesses to a buffer 64 bytes past a 128-byte line are
 * slower), whatever the sizes and routines before it. */
static void gpu_aligned_blocks(void)
{
    enum { N = 7 };
    void *p[N] = {
        shmem_malloc(1),     shmem_calloc(3, 7), shmem_malloc(100), shmem_align(16, 40),
        shmem_malloc_with_hints(72, SHMEM_MALLOC_ATOMICS_REMOTE), shmem_malloc(64),
        shmem_malloc(1 << 20),
    };
    for (int i = 0; i < N; i++)
        CHECK(p[i] && (uintptr_t)p[i] % 256 == 0, "block %d of a GPU heap is at %p, not on "
              "256 bytes", i, p[i]);
    /* A block in a freed hole, and a realloc that grows its block. */
    shmem_free(p[1]);
    shmem_free(p[3]);
    void *q = shmem_malloc(8), *r = shmem_realloc(p[2], 1000);
    CHECK(q && (uintptr_t)q % 256 == 0, "a block in a freed hole is at %p", q);
    CHECK(r && (uintptr_t)r % 256 == 0, "realloc put the block at %p (from %p)", r, p[2]);
    shmem_free(r);
    shmem_free(q);
    for (int i = 0; i < N; i++)
        if (i != 1 && i != 2 && i != 3)
            shmem_free(p[i]);
}

int main(void)
{
    CU(cuInit(0));
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    /* Hold the context of the GPU the runtime picked, so that its free
     * memory can still be read after shmem_finalize. */
    CUdevice dev;
    CUcontext ctx;
    CU(cuCtxGetDevice(&dev));
    CU(cuDevicePrimaryCtxRetain(&ctx, dev));
    size_t at_init = free_bytes();
    int right = (me + 1) % n, left = (me + n - 1) % n;

    long *a = shmem_malloc(1024 * sizeof(long));
    CHECK(a != NULL, "malloc");
    CUmemorytype mt = 0;
    CU(cuPointerGetAttribute(&mt, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, (CUdeviceptr)(uintptr_t)a));
    CHECK(mt == CU_MEMORYTYPE_DEVICE, "the heap is memory type %d, not device", (int)mt);

    /* put/get/p/g/iput/iget around the ring. */
    long src[1024], back[1024];
    for (int i = 0; i < 1024; i++)
        src[i] = (long)me * 100000 + i;
    shmem_long_put(a, src, 1024, right);
    shmem_barrier_all();
    shmem_long_get(back, a, 1024, me);
    for (int i = 0; i < 1024; i++)
        CHECK(back[i] == (long)left * 100000 + i, "put: [%d] = %ld", i, back[i]);
    shmem_long_p(&a[5], -7, right);
    shmem_barrier_all();
    CHECK(shmem_long_g(&a[5], me) == -7, "p/g");
    CHECK(shmem_long_g(&a[6], left) == (long)me * 100000 + 6, "g from the left");
    shmem_barrier_all();
    shmem_long_iput(a, src, 3, 2, 100, right);
    shmem_barrier_all();
    long strided[100];
    shmem_long_iget(strided, a, 1, 3, 100, me);
    for (int i = 0; i < 100; i++)
        CHECK(strided[i] == (long)left * 100000 + 2 * i, "iput/iget [%d] = %ld", i, strided[i]);

    /* calloc of a block that held data comes back zeroed. */
    shmem_free(a);
    long *z = shmem_calloc(1024, sizeof(long));
    shmem_long_get(back, z, 1024, right);
    for (int i = 0; i < 1024; i++)
        CHECK(back[i] == 0, "calloc [%d] = %ld", i, back[i]);
    shmem_free(z);

    gpu_aligned_blocks();

    /* Growth: the initial heap is 256 MiB (set by the test's environment);
     * 8 blocks of 96 MiB need
     * several growths, each mapped on every PE. */
    size_t before_grow = free_bytes();
    char *blk[8];
    for (int i = 0; i < 8; i++) {
        blk[i] = shmem_malloc((size_t)96 << 20);
        CHECK(blk[i] != NULL, "growth block %d", i);
        shmem_putmem(blk[i] + ((size_t)96 << 20) - 8, &src[i], 8, right);
    }
    shmem_barrier_all();
    for (int i = 0; i < 8; i++) {
        long v = 0;
        shmem_getmem(&v, blk[i] + ((size_t)96 << 20) - 8, 8, me);
        CHECK(v == (long)left * 100000 + i, "growth block %d holds %ld", i, v);
    }
    size_t grown = free_bytes();
    CHECK(grown + ((size_t)512 << 20) < before_grow, "growing took only %zu MiB",
          (before_grow - grown) >> 20);
    for (int i = 7; i >= 0; i--)
        shmem_free(blk[i]);

    /* Finalize returns every chunk, the first one included. */
    shmem_finalize();
    CU(cuCtxSetCurrent(ctx));
    /* A node peer that still maps our chunks keeps their memory allocated
     * until it unmaps them in its own finalize; on a GPU that PEs share
     * (SHMEM_GPU_SHARE=1) that memory is counted here, so wait for the peer
     * (at most 10 s) before reading the final figure. */
    size_t after = free_bytes();
    for (int i = 0; i < 1000 && after < at_init + ((size_t)192 << 20); i++) {
        usleep(10000);
        after = free_bytes();
    }
    CHECK(after >= at_init + ((size_t)192 << 20),
          "after finalize %zu MiB free, at init %zu MiB (the 256 MiB initial chunk "
          "and the growth should be back)", after >> 20, at_init >> 20);
    CU(cuDevicePrimaryCtxRelease(dev));
    return 0;
}
