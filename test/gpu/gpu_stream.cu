// The on-stream calls, each checked: put/get, put-with-signal with the
// wait on a stream, quiet, barrier and sync, broadcast, fcollect, alltoall
// (at sizes that take each path) and the sum reductions (in place too). Results are read back with
// cudaMemcpy after the stream completes; a failure names the call, the
// PEs, the element and the value seen against the one expected.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <shmem.h>
#include <shmemx.h>

#include "cuda_check.h"
#include "push_rounds.h"

#define N 100003 // odd, so that shares and blocks are uneven

static long pattern(int pe, int tag, size_t i) { return (long)pe * 100000000 + tag * 1000000 + (long)(i % 99991); }

__global__ void fill(long *d, int pe, int tag, size_t n)
{
    for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        d[i] = (long)pe * 100000000 + tag * 1000000 + (long)(i % 99991);
}

static long *host_copy(const void *dev, size_t bytes, cudaStream_t s)
{
    long *h = (long *)malloc(bytes);
    CHECK(h, "malloc");
    CUDA_OK(cudaStreamSynchronize(s));
    CUDA_OK(cudaMemcpy(h, dev, bytes, cudaMemcpyDeviceToHost));
    return h;
}

static void expect(const char *what, const long *h, size_t n, int pe, int tag)
{
    for (size_t i = 0; i < n; i++)
        CHECK(h[i] == pattern(pe, tag, i), "%s: element %zu is %ld, expected %ld (PE %d's data, tag %d)",
              what, i, h[i], pattern(pe, tag, i), pe, tag);
}

static void rma(cudaStream_t s, int me, int n)
{
    int right = (me + 1) % n, left = (me + n - 1) % n;
    long *heap = (long *)shmem_malloc(N * sizeof(long));
    long *src, *got;
    CUDA_OK(cudaMalloc(&src, N * sizeof(long)));
    CUDA_OK(cudaMalloc(&got, N * sizeof(long)));
    fill<<<64, 256, 0, s>>>(src, me, 1, N);
    shmemx_putmem_on_stream(heap, src, N * sizeof(long), right, s);
    shmemx_barrier_all_on_stream(s);
    long *h = host_copy(heap, N * sizeof(long), s);
    expect("putmem_on_stream then barrier_all_on_stream", h, N, left, 1);
    free(h);

    // get: the right neighbour's heap holds this PE's data now.
    shmemx_getmem_on_stream(got, heap, N * sizeof(long), right, s);
    h = host_copy(got, N * sizeof(long), s);
    expect("getmem_on_stream", h, N, me, 1);
    free(h);
    shmemx_sync_all_on_stream(s);

    // quiet then sync: the put is complete everywhere after both.
    fill<<<64, 256, 0, s>>>(src, me, 2, N);
    shmemx_putmem_on_stream(heap, src, N * sizeof(long), right, s);
    shmemx_quiet_on_stream(s);
    shmemx_sync_all_on_stream(s);
    h = host_copy(heap, N * sizeof(long), s);
    expect("putmem_on_stream, quiet_on_stream, sync_all_on_stream", h, N, left, 2);
    free(h);
    shmemx_barrier_all_on_stream(s);
    CUDA_OK(cudaStreamSynchronize(s));
    CUDA_OK(cudaFree(got));
    CUDA_OK(cudaFree(src));
    shmem_free(heap);
}

// Small puts and gets, which the library's copy kernel moves (up to
// SHMEM_STREAM_KERNEL_COPY, 16 KiB) and the copy engine above that: odd
// sizes and offsets, the local side in cudaMalloc memory, the heap, pinned
// and pageable host memory (those two always by the copy engine).
static unsigned char byte_of(int pe, int kind, size_t size, size_t i)
{
    return (unsigned char)(pe * 31 + kind * 7 + size + i * 13);
}

static void small_rma(cudaStream_t s, int me, int n)
{
    int right = (me + 1) % n, left = (me + n - 1) % n;
    const size_t max = 20000;
    const char *kinds[] = {"cudaMalloc", "heap", "pinned", "pageable"};
    char *heap = (char *)shmem_malloc(2 * max), *dev, *pinned, *pageable = (char *)malloc(max);
    unsigned char *h = (unsigned char *)malloc(max);
    CHECK(pageable && h, "malloc");
    CUDA_OK(cudaMalloc(&dev, max));
    CUDA_OK(cudaMallocHost(&pinned, max));
    char *local[] = {dev, heap + max, pinned, pageable};
    size_t sizes[] = {1, 7, 8, 100, 4096, 16383, 16384, 16385, max - 3};
    for (int k = 0; k < 4; k++) {
        for (size_t z : sizes) {
            for (size_t o = 0; o <= 3; o += 3) {
                for (size_t i = 0; i < z; i++)
                    h[i] = byte_of(me, k, z, i);
                // On s, which does not wait for the legacy stream: a cudaMemcpy
                // from pageable memory may return before its bytes land.
                CUDA_OK(cudaMemcpyAsync(local[k] + o, h, z, cudaMemcpyDefault, s));
                CUDA_OK(cudaStreamSynchronize(s));
                shmem_barrier_all();
                shmemx_putmem_on_stream(heap + o, local[k] + o, z, right, s);
                shmemx_quiet_on_stream(s);
                shmemx_barrier_all_on_stream(s);
                CUDA_OK(cudaStreamSynchronize(s));
                CUDA_OK(cudaMemcpy(h, heap + o, z, cudaMemcpyDeviceToHost));
                for (size_t i = 0; i < z; i++)
                    CHECK(h[i] == byte_of(left, k, z, i),
                          "putmem_on_stream of %zu bytes at offset %zu from %s memory: "
                          "byte %zu is %d, expected %d", z, o, kinds[k], i, h[i],
                          byte_of(left, k, z, i));
                // The right neighbour's heap holds this PE's bytes now.
                if (k < 2)
                    CUDA_OK(cudaMemsetAsync(local[k], 0, max, s));
                else
                    memset(local[k], 0, max);
                shmemx_getmem_on_stream(local[k] + o, heap + o, z, right, s);
                CUDA_OK(cudaStreamSynchronize(s));
                CUDA_OK(cudaMemcpy(h, local[k] + o, z, cudaMemcpyDefault));
                for (size_t i = 0; i < z; i++)
                    CHECK(h[i] == byte_of(me, k, z, i),
                          "getmem_on_stream of %zu bytes at offset %zu into %s memory: "
                          "byte %zu is %d, expected %d", z, o, kinds[k], i, h[i],
                          byte_of(me, k, z, i));
            }
        }
    }
    shmem_barrier_all();
    CUDA_OK(cudaFreeHost(pinned));
    CUDA_OK(cudaFree(dev));
    free(pageable);
    free(h);
    shmem_free(heap);
}

// A kernel queued after the wait sees the data that came before the signal.
__global__ void check_after(const long *d, int pe, int tag, size_t n, unsigned long long *bad)
{
    for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        if (d[i] != (long)pe * 100000000 + tag * 1000000 + (long)(i % 99991))
            atomicAdd(bad, 1ULL);
}

static void signal(cudaStream_t s, int me, int n)
{
    int right = (me + 1) % n, left = (me + n - 1) % n;
    long *heap = (long *)shmem_malloc(N * sizeof(long));
    uint64_t *sig = (uint64_t *)shmem_calloc(1, sizeof(uint64_t));
    long *src;
    unsigned long long *bad;
    CUDA_OK(cudaMalloc(&src, N * sizeof(long)));
    CUDA_OK(cudaMalloc(&bad, sizeof *bad));
    CUDA_OK(cudaMemsetAsync(bad, 0, sizeof *bad, s));
    shmem_barrier_all();
    for (int r = 1; r <= 20; r++) {
        fill<<<64, 256, 0, s>>>(src, me, r, N);
        int op = r % 2 ? SHMEM_SIGNAL_ADD : SHMEM_SIGNAL_SET;
        shmemx_putmem_signal_on_stream(heap, src, N * sizeof(long), sig,
                                       op == SHMEM_SIGNAL_ADD ? 1 : (uint64_t)r, op, right, s);
        shmemx_signal_wait_until_on_stream(sig, SHMEM_CMP_EQ, (uint64_t)r, s);
        check_after<<<64, 256, 0, s>>>(heap, left, r, N, bad);
        // The left neighbour must not overwrite before the check ran.
        shmemx_barrier_all_on_stream(s);
    }
    CUDA_OK(cudaStreamSynchronize(s));
    unsigned long long h = 0;
    CUDA_OK(cudaMemcpy(&h, bad, sizeof h, cudaMemcpyDeviceToHost));
    CHECK(h == 0, "putmem_signal_on_stream/signal_wait_until_on_stream: %llu elements "
          "from PE %d were wrong after the signal", h, left);
    // The host sees the signal's last value.
    CHECK(shmem_signal_fetch(sig) == 20, "signal is %llu after 20 rounds",
          (unsigned long long)shmem_signal_fetch(sig));
    shmem_barrier_all();
    CUDA_OK(cudaFree(bad));
    CUDA_OK(cudaFree(src));
    shmem_free(sig);
    shmem_free(heap);
}

static void collectives(cudaStream_t s, int me, int n)
{
    size_t b = N * sizeof(long);
    long *src = (long *)shmem_malloc(b * n), *dst = (long *)shmem_malloc(b * n);
    for (int root = 0; root < n; root++) {
        fill<<<64, 256, 0, s>>>(src, me, 3 + root, N);
        CHECK(shmemx_broadcastmem_on_stream(SHMEM_TEAM_WORLD, dst, src, b, root, s) == 0,
              "broadcastmem_on_stream");
        long *h = host_copy(dst, b, s);
        char what[64];
        snprintf(what, sizeof what, "broadcastmem_on_stream from root %d", root);
        expect(what, h, N, root, 3 + root);
        free(h);
    }

    fill<<<64, 256, 0, s>>>(src, me, 7, N);
    CHECK(shmemx_fcollectmem_on_stream(SHMEM_TEAM_WORLD, dst, src, b, s) == 0, "fcollectmem_on_stream");
    long *h = host_copy(dst, b * n, s);
    for (int p = 0; p < n; p++) {
        char what[64];
        snprintf(what, sizeof what, "fcollectmem_on_stream, block of PE %d", p);
        expect(what, h + (size_t)p * N, N, p, 7);
    }
    free(h);

    // alltoall: block p of this PE's source carries tag 10 + p.
    for (int p = 0; p < n; p++)
        fill<<<64, 256, 0, s>>>(src + (size_t)p * N, me, 10 + p, N);
    CHECK(shmemx_alltoallmem_on_stream(SHMEM_TEAM_WORLD, dst, src, b, s) == 0, "alltoallmem_on_stream");
    h = host_copy(dst, b * n, s);
    for (int p = 0; p < n; p++) {
        char what[64];
        snprintf(what, sizeof what, "alltoallmem_on_stream, block from PE %d", p);
        expect(what, h + (size_t)p * N, N, p, 10 + me);
    }
    free(h);
    CHECK(shmemx_broadcastmem_on_stream(SHMEM_TEAM_INVALID, dst, src, b, 0, s) != 0,
          "broadcastmem_on_stream on SHMEM_TEAM_INVALID returned 0");
    shmemx_barrier_all_on_stream(s);
    CUDA_OK(cudaStreamSynchronize(s));
    shmem_free(dst);
    shmem_free(src);
}

// Byte i of the block that PE pe sends to PE to in round r.
__host__ __device__ inline unsigned char exchange_byte(int pe, int to, size_t i, int r)
{
    return (unsigned char)(pe * 37 + to * 11 + i * 7 + r * 5 + i / 251);
}

// Source block j (j = 0 alone for fcollect) of `blocks`, each nelems bytes.
__global__ void fill_exchange(unsigned char *src, size_t nelems, int blocks, int pe, int r)
{
    for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < nelems * blocks;
         i += gridDim.x * blockDim.x)
        src[i] = exchange_byte(pe, blocks == 1 ? 0 : (int)(i / nelems), i % nelems, r);
}

// Counts the bytes of dest (n blocks) that are not what PE i sent this PE.
__global__ void check_exchange(const unsigned char *dst, size_t nelems, int n, int me, int all,
                               int r, unsigned long long *bad)
{
    for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < nelems * n;
         i += gridDim.x * blockDim.x)
        if (dst[i] != exchange_byte((int)(i / nelems), all ? me : 0, i % nelems, r))
            atomicAdd(bad, 1ULL);
}

// fcollect and alltoall of blocks of every kind of size: the kernel path's
// one block (1, 13 B), its unaligned bytes (40001 B) and 16-byte units
// (65552 B), its 64 blocks (1 MiB + 16 B), and the copies past the
// unaligned limit (100008 B); three rounds back to back on the stream, each
// checked by a kernel queued after it, so that a member whose stores
// landed before another's check had run shows here.
static void exchanges(cudaStream_t s, int me, int n)
{
    const size_t sizes[] = {1, 13, 4096, 40001, 65552, (1 << 20) + 16, 100008};
    const size_t most = (1 << 20) + 16;
    unsigned char *src = (unsigned char *)shmem_malloc(most * n);
    unsigned char *dst = (unsigned char *)shmem_malloc(most * n);
    unsigned long long *bad;
    CUDA_OK(cudaMalloc(&bad, 2 * sizeof *bad));
    for (size_t nelems : sizes) {
        CUDA_OK(cudaMemsetAsync(bad, 0, 2 * sizeof *bad, s));
        for (int r = 1; r <= 3; r++) {
            for (int all = 0; all <= 1; all++) {
                fill_exchange<<<64, 256, 0, s>>>(src, nelems, all ? n : 1, me, r);
                int rc = all ? shmemx_alltoallmem_on_stream(SHMEM_TEAM_WORLD, dst, src, nelems, s)
                             : shmemx_fcollectmem_on_stream(SHMEM_TEAM_WORLD, dst, src, nelems, s);
                CHECK(rc == 0, "%s of %zu bytes returned %d",
                      all ? "alltoallmem_on_stream" : "fcollectmem_on_stream", nelems, rc);
                check_exchange<<<64, 256, 0, s>>>(dst, nelems, n, me, all, r, bad + all);
            }
        }
        unsigned long long h[2];
        CUDA_OK(cudaStreamSynchronize(s));
        CUDA_OK(cudaMemcpy(h, bad, sizeof h, cudaMemcpyDeviceToHost));
        CHECK(h[0] == 0, "fcollectmem_on_stream of %zu-byte blocks at %d PEs: %llu bytes wrong",
              nelems, n, h[0]);
        CHECK(h[1] == 0, "alltoallmem_on_stream of %zu-byte blocks at %d PEs: %llu bytes wrong",
              nelems, n, h[1]);
    }
    shmem_barrier_all();
    CUDA_OK(cudaFree(bad));
    shmem_free(dst);
    shmem_free(src);
}

// PE pe's element i of a sum's source: small integers (and halves), whose
// sums are exact in every type, so every PE must hold exactly their sum.
// The 16-bit floats (8 and 11 bits of precision) get smaller ones.
template <class T> __host__ __device__ float sum_value(int pe, size_t i)
{
    if (sizeof(T) == 2)
        return (float)((pe + 1) * (int)(i % 4));
    return (float)((pe + 1) * (int)(i % 1000)) + 0.5f;
}

template <class T> __global__ void fill_sum(T *d, int pe, size_t n)
{
    for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        d[i] = (T)sum_value<T>(pe, i);
}

template <class T>
using sum_fn = int (*)(shmem_team_t, T *, const T *, size_t, cudaStream_t);

// Three sums run back to back (in place, each sums the last one's result:
// n times more), so that a PE still reading a source that another has
// begun to overwrite shows. count picks the blocks of the kernel, and
// buffers `off` elements past a 16-byte boundary its loads of one element;
// with SHMEM_STREAM_SUM_KERNEL=0, the reduce-scatter kernel and copies.
template <class T>
static void sum(const char *name, sum_fn<T> reduce, cudaStream_t s, int me, int n, int in_place,
                size_t count, size_t off)
{
    T *src0 = (T *)shmem_malloc((count + off) * sizeof(T));
    T *dst0 = in_place ? src0 : (T *)shmem_malloc((count + off) * sizeof(T));
    T *src = src0 + off, *dst = dst0 + off;
    fill_sum<T><<<64, 256, 0, s>>>(src, me, count);
    for (int r = 0; r < 3; r++)
        CHECK(reduce(SHMEM_TEAM_WORLD, dst, src, count, s) == 0, "%s", name);
    T *h = (T *)malloc(count * sizeof(T));
    CUDA_OK(cudaStreamSynchronize(s));
    CUDA_OK(cudaMemcpy(h, dst, count * sizeof(T), cudaMemcpyDeviceToHost));
    for (size_t i = 0; i < count; i++) {
        double want = 0, got = (double)(float)h[i];
        for (int p = 0; p < n; p++)
            want += (double)(float)(T)sum_value<T>(p, i);
        // Each sum rounds its exact float total to T once; in place, each
        // later one adds n equal values: past 4 PEs the 16-bit floats
        // round (at 6, bfloat16's 2268 is 2272).
        want = (double)(float)(T)(float)want;
        for (int r = 1; in_place && r < 3; r++)
            want = (double)(float)(T)(float)(want * n);
        CHECK(got == want, "%s%s of %zu elements %zu past an allocation: element %zu is %g, "
              "expected %g", name, in_place ? " (in place)" : "", count, off, i, got, want);
    }
    free(h);
    shmemx_barrier_all_on_stream(s);
    CUDA_OK(cudaStreamSynchronize(s));
    if (!in_place)
        shmem_free(dst0);
    shmem_free(src0);
}

template <class T>
static void sums(const char *name, sum_fn<T> reduce, cudaStream_t s, int me, int n)
{
    // `block` is 512 units of 16 bytes a member, two of the multi-block
    // sum's blocks of 256 threads at a unit a thread; from `whole` (2 MiB a
    // member) it runs its 128 blocks, each thread summing two units a pass
    // in two passes (sum_blocks, src/device/cuda_stream_coll.c).
    size_t block = 512 * 16 / sizeof(T), whole = block * 64 * 4 * n;
    // The sum with no barrier (reduce_ll.cuh) takes up to
    // SHMEM_STREAM_SUM_LL (256 KiB) a PE, several blocks of 512 lines of 8
    // bytes past 4 KiB; gpu_stream_ll raises the limit so that N elements
    // take it too, each thread summing several lines past 64 blocks.
    size_t ll = 262144 / sizeof(T);
    // The sum that only stores (reduce_push.cuh, gpu_stream_push) takes
    // whole 16-byte units alone: `pushed` is several of its rounds a block
    // in parts of uneven units.
    size_t pushed = whole + 12345 * (16 / sizeof(T));
    size_t counts[] = {1,  33, ll, ll + 1, 1025, block * n, block * n + 1, N, whole + 12345,
                       pushed};
    for (int in_place = 0; in_place < 2; in_place++) {
        for (size_t count : counts)
            sum<T>(name, reduce, s, me, n, in_place, count, 0);
        sum<T>(name, reduce, s, me, n, in_place, 33, 1);
        sum<T>(name, reduce, s, me, n, in_place, N - 1, 1);
    }
}

template <class T> __global__ void fill_round(T *d, int pe, int round, size_t n)
{
    for (size_t i = threadIdx.x; i < n; i += blockDim.x)
        d[i] = (T)((pe + 1) * (round + 1) + (int)i);
}

// Many small sums back to back, each of a source refilled on the stream,
// into a dest of its own: a PE that runs ahead stores its next calls' data
// while the others still read this call's (the one-block sum's two
// buffers, used in turn).
static void sum_rounds(cudaStream_t s, int me, int n)
{
    const int rounds = 500;
    const size_t count = 5;
    int *src = (int *)shmem_malloc(count * sizeof(int));
    int *dst = (int *)shmem_malloc(rounds * count * sizeof(int));
    CHECK(src && dst, "shmem_malloc for the rounds of small sums");
    for (int r = 0; r < rounds; r++) {
        fill_round<int><<<1, 32, 0, s>>>(src, me, r, count);
        CHECK(shmemx_int_sum_reduce_on_stream(SHMEM_TEAM_WORLD, dst + r * count, src, count, s) == 0,
              "int_sum_reduce_on_stream, round %d", r);
    }
    int *h = (int *)malloc(rounds * count * sizeof(int));
    CHECK(h, "malloc");
    CUDA_OK(cudaStreamSynchronize(s));
    CUDA_OK(cudaMemcpy(h, dst, rounds * count * sizeof(int), cudaMemcpyDeviceToHost));
    for (int r = 0; r < rounds; r++)
        for (size_t i = 0; i < count; i++) {
            int want = (r + 1) * n * (n + 1) / 2 + n * (int)i;
            CHECK(h[r * count + i] == want, "int_sum_reduce_on_stream round %d of %d: element %zu "
                  "is %d, expected %d", r, rounds, i, h[r * count + i], want);
        }
    free(h);
    shmemx_barrier_all_on_stream(s);
    CUDA_OK(cudaStreamSynchronize(s));
    shmem_free(dst);
    shmem_free(src);
}

// The 16-bit forms take void pointers (C has no such types).
static int half_sum(shmem_team_t t, __half *d, const __half *src, size_t n, cudaStream_t s)
{
    return shmemx_half_sum_reduce_on_stream(t, d, src, n, s);
}
static int bfloat16_sum(shmem_team_t t, __nv_bfloat16 *d, const __nv_bfloat16 *src, size_t n,
                        cudaStream_t s)
{
    return shmemx_bfloat16_sum_reduce_on_stream(t, d, src, n, s);
}

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    cudaStream_t s;
    CUDA_OK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    rma(s, me, n);
    small_rma(s, me, n);
    signal(s, me, n);
    collectives(s, me, n);
    exchanges(s, me, n);
    sums<int>("int_sum_reduce_on_stream", shmemx_int_sum_reduce_on_stream, s, me, n);
    sums<long>("long_sum_reduce_on_stream", shmemx_long_sum_reduce_on_stream, s, me, n);
    sums<float>("float_sum_reduce_on_stream", shmemx_float_sum_reduce_on_stream, s, me, n);
    sums<double>("double_sum_reduce_on_stream", shmemx_double_sum_reduce_on_stream, s, me, n);
    sums<__half>("half_sum_reduce_on_stream", half_sum, s, me, n);
    sums<__nv_bfloat16>("bfloat16_sum_reduce_on_stream", bfloat16_sum, s, me, n);
    sum_rounds(s, me, n);
    push_rounds_check("gpu_stream", s, 1);
    // The legacy default stream works too.
    shmemx_barrier_all_on_stream(0);
    CUDA_OK(cudaDeviceSynchronize());
    CUDA_OK(cudaStreamDestroy(s));
    if (me == 0)
        printf("on-stream calls: ok at %d PEs\n", n);
    shmem_finalize();
    return 0;
}
