/* Host-initiated RMA on the GPU heap, at 2 PEs (each putting into the
 * other's GPU) or 1 (into its own): time and GPU memory taken by init;
 * putmem latency (8 B) and bandwidth (64 MiB), both with quiet, from
 * private host memory, and the bandwidth from this PE's heap (GPU memory),
 * blocking and _nbi (one quiet for the run);
 * the time a put of 8 B to 64 KiB takes to return (one quiet per run);
 * on-stream putmem bandwidth (256 MiB, heap to heap); host barrier_all; the
 * latency of a host fetch_add on the peer's word (ours only: NVSHMEM's
 * atomics are device-only); and the time per on-stream barrier, and per
 * on-stream team sync of SHMEM_TEAM_WORLD, in a run of them. Prints one "figure value" line per figure on PE 0. Run ours with
 * SHMEM_HEAP=device (or pinned); host_compare.sh builds the same source
 * against NVSHMEM (host_rma_api.h) and prints the two side by side. */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "host_rma_api.h"

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

static void check_stream(CUresult r, int me, const char *what)
{
    if (r != CUDA_SUCCESS) {
        fprintf(stderr, "PE %d: %s failed (CUresult %d)\n", me, what, (int)r);
        b_global_exit(1);
    }
}

/* Puts from host memory: the latency with a quiet after each, what the
 * call alone costs (one quiet per run) from a small malloc block (the brk
 * heap) and 8 B from a large one (its own mapping, which our runtime asks
 * the driver about), and 64 MiB bandwidth from host and from GPU memory. */
static void host_puts(char *heap, char *gpu_src, size_t big, int peer)
{
    char *src = (char *)malloc(big);
    memset(src, 1, big);
    int iters = 2000;
    for (int i = 0; i < 100; i++) {
        b_putmem(heap, src, 8, peer);
        b_quiet();
    }
    double t0 = now();
    for (int i = 0; i < iters; i++) {
        b_putmem(heap, src, 8, peer);
        b_quiet();
    }
    printf("putmem_lat_8B_us %.2f\n", (now() - t0) / iters * 1e6);
    char *small = (char *)malloc(65536);
    memset(small, 2, 65536);
    for (size_t len = 8; len <= 65536; len *= 8) {
        t0 = now();
        for (int i = 0; i < iters; i++)
            b_putmem(heap, small, len, peer);
        b_quiet();
        printf("putmem_%zuB_us %.2f\n", len, (now() - t0) / iters * 1e6);
    }
    free(small);
    t0 = now();
    for (int i = 0; i < iters; i++)
        b_putmem(heap, src, 8, peer);
    b_quiet();
    printf("putmem_8B_mmap_us %.2f\n", (now() - t0) / iters * 1e6);
    for (int i = 0; i < 3; i++)
        b_putmem(heap, src, big, peer);
    b_quiet();
    iters = 20;
    t0 = now();
    for (int i = 0; i < iters; i++)
        b_putmem(heap, src, big, peer);
    b_quiet();
    printf("putmem_bw_64MiB_GBps %.1f\n", (double)big * iters / (now() - t0) / 1e9);
    t0 = now();
    for (int i = 0; i < iters; i++)
        b_putmem(heap, gpu_src, big, peer);
    b_quiet();
    printf("putmem_bw_64MiB_from_gpu_GBps %.1f\n", (double)big * iters / (now() - t0) / 1e9);
    t0 = now();
    for (int i = 0; i < iters; i++)
        b_putmem_nbi(heap, gpu_src, big, peer);
    b_quiet();
    printf("putmem_nbi_bw_64MiB_from_gpu_GBps %.1f\n", (double)big * iters / (now() - t0) / 1e9);
    free(src);
}

/* Seconds per on-stream put of bytes, iters queued back to back, the host
 * waiting once after a quiet on the stream. */
static double queued_put_s(char *dst, char *src, size_t bytes, int iters, int peer, CUstream s,
                           int me)
{
    double t0 = now();
    for (int i = 0; i < iters; i++)
        b_putmem_on_stream(dst, src, bytes, peer, s);
    b_quiet_on_stream(s);
    check_stream(cuStreamSynchronize(s), me, "the on-stream putmem");
    return (now() - t0) / iters;
}

/* Small on-stream puts from this PE's heap into the peer's: an 8-byte put,
 * a quiet on the stream and the host's wait, one after the other; then
 * 1000 queued back to back, per call, at 8 bytes and 64 KiB (bandwidth). */
static void stream_small_puts(char *dst, char *src, int peer, CUstream s, int me)
{
    for (int i = 0; i < 100; i++) {
        b_putmem_on_stream(dst, src, 8, peer, s);
        b_quiet_on_stream(s);
        check_stream(cuStreamSynchronize(s), me, "the warm-up on-stream putmem");
    }
    int iters = 2000;
    double t0 = now();
    for (int i = 0; i < iters; i++) {
        b_putmem_on_stream(dst, src, 8, peer, s);
        b_quiet_on_stream(s);
        check_stream(cuStreamSynchronize(s), me, "the on-stream putmem");
    }
    printf("putmem_on_stream_quiet_sync_8B_us %.2f\n", (now() - t0) / iters * 1e6);
    printf("putmem_on_stream_queued_8B_us %.2f\n",
           queued_put_s(dst, src, 8, 1000, peer, s, me) * 1e6);
    printf("putmem_on_stream_bw_64KiB_GBps %.1f\n",
           65536 / queued_put_s(dst, src, 65536, 1000, peer, s, me) / 1e9);
}

/* 256 MiB from this PE's heap into the peer's, 10 queued after a warm-up. */
static void stream_puts(char *dst, char *src, size_t bytes, int peer, CUstream s, int me)
{
    queued_put_s(dst, src, bytes, 1, peer, s, me);
    printf("putmem_on_stream_bw_256MiB_GBps %.1f\n",
           (double)bytes / queued_put_s(dst, src, bytes, 10, peer, s, me) / 1e9);
}

static void barrier_all_on_stream(CUstream s) { b_barrier_all_on_stream(s); }
static void team_sync_on_stream(CUstream s) { b_team_sync_on_stream(s); }
static float *sum_buf; /* symmetric: two floats */
static void float_sum_on_stream(CUstream s) { b_float_sum_reduce_on_stream(sum_buf, sum_buf, 2, s); }

/* Queues iters calls of queue on stream and prints the time per call, and
 * the host's time to queue one (what a caller in Python adds to). */
static void on_stream_run(const char *name, void (*queue)(CUstream), CUstream stream, int iters,
                          int me)
{
    double t0 = now();
    for (int i = 0; i < iters; i++)
        queue(stream);
    double queued = now() - t0;
    check_stream(cuStreamSynchronize(stream), me, name);
    if (me == 0)
        printf("%s_us %.2f\n%s_host_us %.2f\n", name, (now() - t0) / iters * 1e6, name,
               queued / iters * 1e6);
}

int main(int argc, char **argv)
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
    b_init(&argc, &argv);
    double t_init = now() - t0;
    int me = b_my_pe(), npes = b_n_pes();
    CUdevice dev;
    cuCtxGetDevice(&dev);
    size_t after = dev == guess ? free_on(dev) : 0;
    if (npes > 2) {
        if (me == 0)
            fprintf(stderr, "gpu_host_rma runs at 1 or 2 PEs, not %d\n", npes);
        b_finalize();
        return 1;
    }
    int peer = (me + 1) % npes;

    /* The destination, then a source in GPU memory (this PE's heap). */
    size_t big = (size_t)256 << 20;
    char *heap = (char *)b_malloc(2 * big);
    if (!heap) {
        fprintf(stderr, "PE %d: allocating %zu MiB of symmetric heap failed\n", me,
                2 * big >> 20);
        b_global_exit(1);
    }
    CUstream stream;
    check_stream(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING), me, "cuStreamCreate");
    b_barrier_all();
    if (me == 0) {
        printf("# %s, %d PE%s\n", B_NAME, npes, npes > 1 ? "s" : "");
        printf("init_time_ms %.1f\n", t_init * 1e3);
        if (before && after)
            printf("init_gpu_mib %.0f\n", (double)(before - after) / (1 << 20));
        host_puts(heap, heap + big, (size_t)64 << 20, peer);
        stream_small_puts(heap, heap + big, peer, stream, me);
        stream_puts(heap, heap + big, big, peer, stream, me);
    }
    b_barrier_all();

    for (int i = 0; i < 100; i++)
        b_barrier_all();
    t0 = now();
    for (int i = 0; i < 2000; i++)
        b_barrier_all();
    if (me == 0)
        printf("barrier_all_us %.2f\n", (now() - t0) / 2000 * 1e6);

#ifdef B_HOST_FETCH_ADD
    long *word = (long *)shmem_calloc(1, sizeof(long));
    b_barrier_all();
    if (me == 0) {
        int iters = 2000;
        for (int i = 0; i < 100; i++)
            B_HOST_FETCH_ADD(word, 1, peer);
        t0 = now();
        for (int i = 0; i < iters; i++)
            B_HOST_FETCH_ADD(word, 1, peer);
        printf("fetch_add_lat_us %.2f\n", (now() - t0) / iters * 1e6);
    }
    b_barrier_all();
    b_free(word);
#endif

    /* Both PEs queue the same run of barriers on their stream; the host
     * waits once at the end. The run lasts about a second: PEs that
     * time-slice one GPU take milliseconds per barrier. */
    t0 = now();
    for (int i = 0; i < 100; i++)
        b_barrier_all_on_stream(stream);
    check_stream(cuStreamSynchronize(stream), me, "the warm-up on-stream barriers");
    double per = (now() - t0) / 100;
    int iters = per * 5000 > 1.0 ? 100 + (int)(1.0 / per) : 5000;
    b_barrier_all();
    /* Every PE must queue as many: PE 0's count. */
    int *count = (int *)b_malloc(sizeof(int));
    if (me == 0)
        for (int pe = 0; pe < npes; pe++)
            b_putmem(count, &iters, sizeof iters, pe);
    b_quiet();
    b_barrier_all();
    b_getmem(&iters, count, sizeof iters, me);
    b_free(count);
    on_stream_run("barrier_all_on_stream", barrier_all_on_stream, stream, iters, me);
    on_stream_run("team_sync_on_stream", team_sync_on_stream, stream, iters, me);
    sum_buf = (float *)b_malloc(2 * sizeof(float));
    check_stream(cuMemsetD8((CUdeviceptr)sum_buf, 0, 2 * sizeof(float)), me, "cuMemsetD8");
    for (int i = 0; i < 100; i++)
        float_sum_on_stream(stream);
    check_stream(cuStreamSynchronize(stream), me, "the warm-up on-stream sums");
    on_stream_run("float_sum_on_stream_8B", float_sum_on_stream, stream, 2000, me);
    b_barrier_all();
    b_free(sum_buf);
    cuStreamDestroy(stream);
    b_barrier_all();
    b_free(heap);
    b_finalize();
    return 0;
}
