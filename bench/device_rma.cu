// Device-initiated communication between 2 PEs on 2 GPUs, written once
// for our library and for NVSHMEM (bench/device_api.h): one-way shmem_p
// latency (ping-pong inside one kernel), block putmem + quiet + flag
// latency, put-with-signal latency from a block, a warp and a thread, put
// and get bandwidth with many blocks (the puts of one block follow each
// other inside the kernel, as a stream of transfers does) at every block
// size from 128 to 1024 threads and by warps, bidirectional put bandwidth,
// and device barrier_all latency. PE 0 prints one line per figure: name,
// size in bytes, value.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#include "device_api.h"
#include "stream_grid.h"

__global__ void pingpong(long *flag, int iters, uint64_t *ns)
{
    int me = B_MY_PE(), peer = 1 - me;
    uint64_t t0 = b_now();
    for (int i = 1; i <= iters; i++) {
        if (me == 0) {
            B_P(flag, i, peer);
            B_WAIT_EQ(flag, (long)i);
        } else {
            B_WAIT_EQ(flag, (long)i);
            B_P(flag, i, peer);
        }
    }
    *ns = b_now() - t0;
}

// Ping-pong of size-byte block puts: data, quiet, flag; the peer answers.
__global__ void block_pingpong(char *buf, long *flag, size_t size, int iters, uint64_t *ns)
{
    int me = B_MY_PE(), peer = 1 - me;
    uint64_t t0 = b_now();
    for (int i = 1; i <= iters; i++) {
        if (me == 1 && threadIdx.x == 0)
            B_WAIT_EQ(flag, (long)i);
        __syncthreads();
        B_PUTMEM_BLOCK(buf, buf + size, size, peer);
        __syncthreads();
        if (threadIdx.x == 0) {
            B_QUIET();
            B_P(flag, i, peer);
            if (me == 0)
                B_WAIT_EQ(flag, (long)i);
        }
        __syncthreads();
    }
    if (threadIdx.x == 0)
        *ns = b_now() - t0;
}

// Waits for the group of a put-with-signal: a block (G 2), a warp (1) or
// one thread (0).
template <int G> __device__ void group_sync(void)
{
    if (G == 2)
        __syncthreads();
    else if (G == 1)
        __syncwarp();
}

// The same with the flag carried by a put-with-signal from group G.
template <int G>
__global__ void signal_pingpong(char *buf, uint64_t *sig, size_t size, int iters, uint64_t *ns)
{
    int me = B_MY_PE(), peer = 1 - me;
    uint64_t t0 = b_now();
    for (int i = 1; i <= iters; i++) {
        if (me == 1 && threadIdx.x == 0)
            B_SIGNAL_WAIT_GE(sig, (uint64_t)i);
        group_sync<G>();
        if (G == 2)
            B_PUT_SIGNAL_BLOCK(buf, buf + size, size, sig, (uint64_t)i, peer);
        else if (G == 1)
            B_PUT_SIGNAL_WARP(buf, buf + size, size, sig, (uint64_t)i, peer);
        else
            B_PUT_SIGNAL(buf, buf + size, size, sig, (uint64_t)i, peer);
        if (me == 0 && threadIdx.x == 0)
            B_SIGNAL_WAIT_GE(sig, (uint64_t)i);
        group_sync<G>();
    }
    if (threadIdx.x == 0)
        *ns = b_now() - t0;
}

// Each block (or, with WARP, each warp) moves its share of size bytes
// reps times, then completes. Rep r reaches r * size bytes further into
// the peer's region of `region` bytes (wrapping), so that no rep is served
// by a cache: a get of the same bytes again can be read from this GPU's
// L1, and puts of the same bytes again were measured above the NVLink's
// rate (stores merged). A region of size bytes is the fixed buffer, which
// programs that send from and into one buffer see.
template <bool WARP>
__global__ void stream(char *remote, char *local, size_t size, size_t region, int reps,
                       int peer, int get)
{
    unsigned per = WARP ? blockDim.x / 32 : 1;
    size_t off, n;
    if (!b_stream_share_of(size, blockIdx.x * per + (WARP ? threadIdx.x / 32 : 0),
                           gridDim.x * per, &off, &n))
        return;
    for (int r = 0; r < reps; r++) {
        char *at = remote + (size_t)r * size % region + off;
        if (WARP && get)
            B_GETMEM_WARP(local + off, at, n, peer);
        else if (WARP)
            B_PUTMEM_WARP(at, local + off, n, peer);
        else if (get)
            B_GETMEM_BLOCK(local + off, at, n, peer);
        else
            B_PUTMEM_BLOCK(at, local + off, n, peer);
    }
    if ((threadIdx.x & (WARP ? 31 : ~0u)) == 0)
        B_QUIET();
}

__global__ void barriers(int iters, uint64_t *ns)
{
    uint64_t t0 = b_now();
    for (int i = 0; i < iters; i++)
        B_BARRIER_ALL();
    *ns = b_now() - t0;
}

static uint64_t *ns_dev;

enum { N_FLAGS = 16, FLAG_GAP = 4160 }; // 4 KiB + 64 B apart

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double kernel_ns(void)
{
    uint64_t ns;
    CHECK_CUDA(cudaGetLastError());
    CHECK_CUDA(cudaDeviceSynchronize());
    CHECK_CUDA(cudaMemcpy(&ns, ns_dev, sizeof ns, cudaMemcpyDeviceToHost));
    return (double)ns;
}

// Bandwidth in GB/s of `reps` transfers of size bytes by blocks of
// `threads` (each block's share moved by the block, or by each of its
// warps); `both` runs the kernel on both PEs at once (bidirectional: the
// figure is the sum).
static double stream_gbps(char *remote, char *local, size_t size, size_t region, int get,
                          int both, int threads = B_STREAM_THREADS, bool warp = false)
{
    int me = b_my_pe();
    int blocks, reps;
    b_stream_grid(size, &blocks, &reps);
    void (*kernel)(char *, char *, size_t, size_t, int, int, int) =
        warp ? stream<true> : stream<false>;
    cudaEvent_t a, b;
    CHECK_CUDA(cudaEventCreate(&a));
    CHECK_CUDA(cudaEventCreate(&b));
    b_barrier_all();
    float ms = 0;
    if (me == 0 || both) {
        kernel<<<blocks, threads>>>(remote, local, size, region, 1, (me + 1) % b_n_pes(), get);
        CHECK_CUDA(cudaGetLastError());
        CHECK_CUDA(cudaDeviceSynchronize());
    }
    b_barrier_all();
    if (me == 0 || both) {
        CHECK_CUDA(cudaEventRecord(a));
        kernel<<<blocks, threads>>>(remote, local, size, region, reps, (me + 1) % b_n_pes(),
                                    get);
        CHECK_CUDA(cudaGetLastError());
        CHECK_CUDA(cudaEventRecord(b));
        CHECK_CUDA(cudaEventSynchronize(b));
        CHECK_CUDA(cudaEventElapsedTime(&ms, a, b));
    }
    b_barrier_all();
    cudaEventDestroy(a);
    cudaEventDestroy(b);
    return me == 0 ? (both ? 2.0 : 1.0) * (double)size * reps / (ms * 1e-3) / 1e9 : 0;
}

// Small transfers by blocks of every size users launch, and by their
// warps, rotating through the buffer and from one fixed buffer; `prefix`
// names the rows.
static void block_sizes(char *buf, size_t big, const char *prefix)
{
    for (int threads = 128; threads <= 1024; threads *= 2) {
        for (size_t size = 4096; size <= 262144; size *= 4) {
            for (int get = 0; get <= 1; get++) {
                const char *op = get ? "get" : "put";
                double rot = stream_gbps(buf, buf + big, size, big, get, 0, threads);
                double fixed = stream_gbps(buf, buf + big, size, size, get, 0, threads);
                double warp = stream_gbps(buf, buf + big, size, big, get, 0, threads, true);
                if (b_my_pe() == 0) {
                    printf("%s%s_bw_b%d_GBps %zu %.1f\n", prefix, op, threads, size, rot);
                    printf("%s%s_bw_fixed_b%d_GBps %zu %.1f\n", prefix, op, threads, size,
                           fixed);
                    printf("%s%s_bw_warp_b%d_GBps %zu %.1f\n", prefix, op, threads, size,
                           warp);
                }
            }
        }
    }
}

// Every figure between the 2 PEs.
static void two_pes(char *buf, size_t big, long *flag, long *flags, uint64_t *sig)
{
    int me = b_my_pe();
    // The one-way time depends on where the flag is (0.72 us for a flag at
    // the heap's start, 0.82 us for one after 512 MiB, on the H200s): the
    // ping-pong runs on flags at N_FLAGS places and reports the median and
    // the fastest.
    int iters = 20000;
    double p_us[N_FLAGS];
    for (int j = 0; j < N_FLAGS; j++) {
        long *f = flags + j * FLAG_GAP / sizeof(long);
        CHECK_CUDA(cudaMemset(f, 0, sizeof(long)));
        CHECK_CUDA(cudaDeviceSynchronize());
        b_barrier_all();
        pingpong<<<1, 1>>>(f, iters, ns_dev);
        p_us[j] = kernel_ns() / iters / 2 / 1000;
    }
    qsort(p_us, N_FLAGS, sizeof *p_us, by_value);
    if (me == 0) {
        printf("p_oneway_us 8 %.3f\n", (p_us[N_FLAGS / 2 - 1] + p_us[N_FLAGS / 2]) / 2);
        printf("p_oneway_min_us 8 %.3f\n", p_us[0]);
    }
    double ns;

    for (size_t size = 8; size <= ((size_t)1 << 20); size *= 8) {
        CHECK_CUDA(cudaMemset(flag, 0, sizeof(long)));
        CHECK_CUDA(cudaDeviceSynchronize());
        b_barrier_all();
        iters = size >= (1 << 20) ? 500 : 5000;
        block_pingpong<<<1, 1024>>>(buf, flag, size, iters, ns_dev);
        ns = kernel_ns();
        if (me == 0)
            printf("block_putmem_oneway_us %zu %.3f\n", size, ns / iters / 2 / 1000);
    }

    // Put-with-signal from a block, a warp and one thread.
    const char *sig_rows[] = {"put_signal_thread_oneway_us", "put_signal_warp_oneway_us",
                              "put_signal_oneway_us"};
    for (int g = 2; g >= 0; g--) {
        for (size_t size : {(size_t)8, (size_t)4096, (size_t)65536}) {
            CHECK_CUDA(cudaMemset(sig, 0, sizeof(uint64_t)));
            CHECK_CUDA(cudaDeviceSynchronize());
            b_barrier_all();
            iters = g == 0 && size > 4096 ? 500 : 5000;
            if (g == 2)
                signal_pingpong<2><<<1, 1024>>>(buf, sig, size, iters, ns_dev);
            else if (g == 1)
                signal_pingpong<1><<<1, 32>>>(buf, sig, size, iters, ns_dev);
            else
                signal_pingpong<0><<<1, 1>>>(buf, sig, size, iters, ns_dev);
            ns = kernel_ns();
            if (me == 0)
                printf("%s %zu %.3f\n", sig_rows[g], size, ns / iters / 2 / 1000);
        }
    }

    block_sizes(buf, big, "");

    for (size_t size = 4096; size <= big; size *= 4) {
        double put = stream_gbps(buf, buf + big, size, big, 0, 0);
        double get = stream_gbps(buf, buf + big, size, big, 1, 0);
        double bi = stream_gbps(buf, buf + big, size, big, 0, 1);
        if (me == 0) {
            printf("put_bw_GBps %zu %.1f\n", size, put);
            printf("get_bw_GBps %zu %.1f\n", size, get);
            printf("bidir_put_bw_GBps %zu %.1f\n", size, bi);
        }
    }

    b_barrier_all();
    iters = 20000;
    barriers<<<1, 1>>>(iters, ns_dev);
    ns = kernel_ns();
    if (me == 0)
        printf("barrier_all_us 0 %.3f\n", ns / iters / 1000);
}

int main(int argc, char **argv)
{
    b_init(&argc, &argv);
    if (b_n_pes() > 2) {
        if (b_my_pe() == 0)
            fprintf(stderr, "device_rma runs on 2 PEs, or 1 (a machine of one GPU)\n");
        b_finalize();
        return 1;
    }
    CHECK_CUDA(cudaMalloc(&ns_dev, sizeof *ns_dev));
    size_t big = (size_t)256 << 20;
    char *buf = (char *)b_malloc(2 * big);
    long *flag = (long *)b_malloc(sizeof(long));
    long *flags = (long *)b_malloc(N_FLAGS * FLAG_GAP);
    uint64_t *sig = (uint64_t *)b_malloc(sizeof(uint64_t));
    CHECK_CUDA(cudaMemset(buf, 1, 2 * big));
    if (b_my_pe() == 0)
        printf("# %s\n", B_NAME);
    // One PE puts to and gets from itself: the copy loop's own cost against
    // local memory, which a machine of one GPU can still compare.
    if (b_n_pes() == 1)
        block_sizes(buf, big, "self_");
    else
        two_pes(buf, big, flag, flags, sig);
    b_barrier_all();
    b_free(sig);
    b_free(flags);
    b_free(flag);
    b_free(buf);
    cudaFree(ns_dev);
    b_finalize();
    return 0;
}
