/* Host-initiated RMA on the GPU heap, 2 PEs: time and GPU memory taken by
 * shmem_init; putmem latency (8 B) and bandwidth (64 MiB), both with quiet,
 * from private host memory into the peer's GPU, and the bandwidth from this
 * PE's heap (GPU memory) into the peer's; the time a put of 8 B to 64 KiB
 * takes to return (one quiet per run); host barrier_all; the latency of a
 * host fetch_add on the peer's word (a kernel of the library's on a device
 * heap, a CPU atomic on a pinned one); and the time per on-stream barrier
 * in a run of them. Prints one line per figure on PE 0. Run with
 * SHMEM_HEAP=device (or pinned). */
#include <cuda.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <shmem.h>
#include <shmemx.h>

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static size_t free_on(CUdevice d)
{
    CUcontext c;
    size_t f = 0, t = 0;
    if (cuDevicePrimaryCtxRetain(&c, d) != CUDA_SUCCESS || cuCtxSetCurrent(c) != CUDA_SUCCESS ||
        cuMemGetInfo(&f, &t) != CUDA_SUCCESS)
        return 0;
    return f;
}

int main(void)
{
    /* The runtime gives the i-th PE of a node the i-th free GPU; read that
     * GPU's free memory before init (with our own hold on its context). */
    cuInit(0);
    const char *lr = getenv("OMPI_COMM_WORLD_LOCAL_RANK");
    if (!lr)
        lr = getenv("SHMEMRUN_RANK");
    CUdevice guess;
    cuDeviceGet(&guess, lr ? atoi(lr) : 0);
    size_t before = free_on(guess);

    double t0 = now();
    shmem_init();
    double t_init = now() - t0;
    int me = shmem_my_pe();
    CUdevice dev;
    cuCtxGetDevice(&dev);
    size_t after = dev == guess ? free_on(dev) : 0;
    if (shmem_n_pes() != 2) {
        if (me == 0)
            fprintf(stderr, "gpu_host_rma needs exactly 2 PEs\n");
        shmem_finalize();
        return 1;
    }

    size_t big = (size_t)64 << 20;
    /* The destination, and a second 64 MiB of this PE's heap as a source
     * in GPU memory. */
    char *heap = shmem_malloc(2 * big);
    char *src = malloc(big);
    memset(src, 1, big);
    shmem_barrier_all();
    if (me == 0) {
        printf("init_time_ms %.1f\n", t_init * 1e3);
        if (before && after)
            printf("init_gpu_mib %.0f\n", (double)(before - after) / (1 << 20));
        int iters = 2000;
        for (int i = 0; i < 100; i++) {
            shmem_putmem(heap, src, 8, 1);
            shmem_quiet();
        }
        t0 = now();
        for (int i = 0; i < iters; i++) {
            shmem_putmem(heap, src, 8, 1);
            shmem_quiet();
        }
        printf("putmem_lat_8B_us %.2f\n", (now() - t0) / iters * 1e6);
        /* What a blocking put itself costs (it returns once the source may
         * be reused), with one quiet for the whole run: from a small malloc
         * block (malloc's brk heap), and 8 B from the large block (its own
         * mapping, which the runtime asks the driver about). */
        char *small = malloc(65536);
        memset(small, 2, 65536);
        for (size_t len = 8; len <= 65536; len *= 8) {
            t0 = now();
            for (int i = 0; i < iters; i++)
                shmem_putmem(heap, small, len, 1);
            shmem_quiet();
            printf("putmem_%zuB_us %.2f\n", len, (now() - t0) / iters * 1e6);
        }
        free(small);
        t0 = now();
        for (int i = 0; i < iters; i++)
            shmem_putmem(heap, src, 8, 1);
        shmem_quiet();
        printf("putmem_8B_mmap_us %.2f\n", (now() - t0) / iters * 1e6);
        for (int i = 0; i < 3; i++)
            shmem_putmem(heap, src, big, 1);
        shmem_quiet();
        iters = 20;
        t0 = now();
        for (int i = 0; i < iters; i++)
            shmem_putmem(heap, src, big, 1);
        shmem_quiet();
        printf("putmem_bw_64MiB_GBps %.1f\n", (double)big * iters / (now() - t0) / 1e9);
        t0 = now();
        for (int i = 0; i < iters; i++)
            shmem_putmem(heap, heap + big, big, 1);
        shmem_quiet();
        printf("putmem_bw_64MiB_from_gpu_GBps %.1f\n",
               (double)big * iters / (now() - t0) / 1e9);
    }
    shmem_barrier_all();

    for (int i = 0; i < 100; i++)
        shmem_barrier_all();
    t0 = now();
    for (int i = 0; i < 2000; i++)
        shmem_barrier_all();
    if (me == 0)
        printf("barrier_all_us %.2f\n", (now() - t0) / 2000 * 1e6);

    long *word = shmem_calloc(1, sizeof(long));
    shmem_barrier_all();
    if (me == 0) {
        int iters = 2000;
        for (int i = 0; i < 100; i++)
            shmem_long_atomic_fetch_add(word, 1, 1);
        t0 = now();
        for (int i = 0; i < iters; i++)
            shmem_long_atomic_fetch_add(word, 1, 1);
        printf("fetch_add_lat_us %.2f\n", (now() - t0) / iters * 1e6);
    }
    shmem_barrier_all();

    /* Both PEs queue the same run of barriers on a stream of their own;
     * the host waits once at the end. */
    CUstream stream;
    if (cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING) != CUDA_SUCCESS) {
        fprintf(stderr, "PE %d: cuStreamCreate failed\n", me);
        shmem_global_exit(1);
    }
    for (int i = 0; i < 100; i++)
        shmemx_barrier_all_on_stream(stream);
    cuStreamSynchronize(stream);
    shmem_barrier_all();
    int iters = 5000;
    t0 = now();
    for (int i = 0; i < iters; i++)
        shmemx_barrier_all_on_stream(stream);
    CUresult r = cuStreamSynchronize(stream);
    double t_barrier = (now() - t0) / iters * 1e6;
    if (r != CUDA_SUCCESS) {
        fprintf(stderr, "PE %d: the on-stream barriers failed (%d)\n", me, (int)r);
        shmem_global_exit(1);
    }
    if (me == 0)
        printf("barrier_all_on_stream_us %.2f\n", t_barrier);
    cuStreamDestroy(stream);
    shmem_barrier_all();
    shmem_free(word);
    free(src);
    shmem_free(heap);
    shmem_finalize();
    return 0;
}
