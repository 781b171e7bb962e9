// Which shape of copy loop moves the most over NVLink: the library's block
// put and get (shmemx_putmem_nbi_block, shmemx_getmem_nbi_block) next to
// plain loops of 16-byte accesses written here, in device_rma's grid
// (stream_grid.h). Each rep reaches further into 256 MiB of the peer's
// heap, as device_rma's do, so that no cache serves a repeat. The plain
// loops take __restrict__ pointers, which lets the compiler read the
// source through the read-only cache: a reference for the link's rate, not
// a shape the library may use (a kernel may write a put's source, or a
// peer a get's, while it runs). PE 0 prints: put|get, shape, bytes, GB/s.
#include <cuda_runtime.h>
#include <shmem.h>
#include <shmemx.h>
#include <stdio.h>

#include "cuda_check.h"
#include "stream_grid.h"

enum { LIBRARY, SIMPLE, UNROLL4, SIMPLE_SYNC, N_SHAPES };
static const char *const shapes[N_SHAPES] = {"library", "simple", "unroll4", "simple_sync"};

__device__ inline void simple(int4 *__restrict__ d, const int4 *__restrict__ s, size_t n)
{
    for (size_t i = threadIdx.x; i < n / 16; i += blockDim.x)
        d[i] = s[i];
}

__device__ inline void unroll4(int4 *__restrict__ d, const int4 *__restrict__ s, size_t n)
{
    size_t v = n / 16, i = threadIdx.x, nt = blockDim.x;
    for (; i + 3 * nt < v; i += 4 * nt) {
        int4 a = s[i], b = s[i + nt], c = s[i + 2 * nt], e = s[i + 3 * nt];
        d[i] = a;
        d[i + nt] = b;
        d[i + 2 * nt] = c;
        d[i + 3 * nt] = e;
    }
    for (; i < v; i += nt)
        d[i] = s[i];
}

// Block b moves its share of size bytes reps times; rep r reaches r * size
// bytes further into the peer's region (wrapping).
template <int SHAPE>
__global__ void stream(char *sym, char *peer_sym, char *local, size_t size, size_t region,
                       int reps, int peer, int get)
{
    size_t off, n;
    if (!b_stream_share(size, &off, &n))
        return;
    for (int r = 0; r < reps; r++) {
        size_t at = (size_t)r * size % region + off;
        char *d = get ? local + off : peer_sym + at;
        const char *s = get ? peer_sym + at : local + off;
        if (SHAPE == LIBRARY) {
            if (get)
                shmemx_getmem_nbi_block(local + off, sym + at, n, peer);
            else
                shmemx_putmem_nbi_block(sym + at, local + off, n, peer);
        } else if (SHAPE == UNROLL4) {
            unroll4((int4 *)d, (const int4 *)s, n);
        } else {
            simple((int4 *)d, (const int4 *)s, n);
            if (SHAPE == SIMPLE_SYNC)
                __syncthreads();
        }
    }
    if (threadIdx.x == 0)
        shmem_quiet();
}

typedef void (*stream_fn)(char *, char *, char *, size_t, size_t, int, int, int);
static const stream_fn kernels[N_SHAPES] = {stream<LIBRARY>, stream<SIMPLE>, stream<UNROLL4>,
                                            stream<SIMPLE_SYNC>};

static double gbps(int shape, char *sym, char *peer_sym, char *local, size_t size,
                   size_t region, int get)
{
    int blocks, reps;
    b_stream_grid(size, &blocks, &reps);
    int peer = 1 - shmem_my_pe();
    cudaEvent_t a, b;
    CHECK_CUDA(cudaEventCreate(&a));
    CHECK_CUDA(cudaEventCreate(&b));
    kernels[shape]<<<blocks, B_STREAM_THREADS>>>(sym, peer_sym, local, size, region, 1, peer, get);
    CHECK_CUDA(cudaGetLastError());
    CHECK_CUDA(cudaDeviceSynchronize());
    CHECK_CUDA(cudaEventRecord(a));
    kernels[shape]<<<blocks, B_STREAM_THREADS>>>(sym, peer_sym, local, size, region, reps, peer, get);
    CHECK_CUDA(cudaGetLastError());
    CHECK_CUDA(cudaEventRecord(b));
    CHECK_CUDA(cudaEventSynchronize(b));
    float ms = 0;
    CHECK_CUDA(cudaEventElapsedTime(&ms, a, b));
    cudaEventDestroy(a);
    cudaEventDestroy(b);
    return (double)size * reps / (ms * 1e-3) / 1e9;
}

int main(void)
{
    shmem_init();
    int me = shmem_my_pe();
    if (shmem_n_pes() != 2) {
        if (me == 0)
            fprintf(stderr, "device_copy needs 2 PEs\n");
        shmem_finalize();
        return 1;
    }
    size_t region = (size_t)256 << 20;
    char *sym = (char *)shmem_malloc(region);
    char *peer_sym = (char *)shmem_ptr(sym, 1 - me);
    char *local;
    CHECK_CUDA(cudaMalloc(&local, region));
    CHECK_CUDA(cudaMemset(local, 1, region));
    CHECK_CUDA(cudaMemset(sym, 2, region));
    CHECK_CUDA(cudaDeviceSynchronize());
    if (!peer_sym) {
        if (me == 0)
            fprintf(stderr, "device_copy needs the peer's heap mapped (a GPU heap)\n");
        shmem_global_exit(1);
    }
    shmem_barrier_all();
    // PE 0 moves, PE 1 waits: one direction at a time.
    for (size_t size = 65536; size <= ((size_t)64 << 20); size *= 4)
        for (int get = 0; get < 2; get++)
            for (int shape = 0; shape < N_SHAPES; shape++)
                if (me == 0)
                    printf("%s %-12s %10zu %7.1f\n", get ? "get" : "put", shapes[shape], size,
                           gbps(shape, sym, peer_sym, local, size, region, get));
    shmem_barrier_all();
    cudaFree(local);
    shmem_free(sym);
    shmem_finalize();
    return 0;
}
