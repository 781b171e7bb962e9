// The block and warp forms in blocks of 1024 threads, the most a block may
// have. A kernel launches at that size only if it needs at most 64
// registers a thread (65536 to a block), or the launch fails with "too
// many resources requested for launch". Kernels that call one of them (the
// op_ kernels) must fit without help; kernels that do more declare
// __launch_bounds__(1024), as any kernel meant for 1024 threads should, and
// must then fit without spilling (the heavy_ kernels). Every launch is
// checked, and every result. test/device/check_registers.sh checks the
// same kernels' registers where there is no GPU. On virtual nodes the
// calls reach the other PEs through the proxy.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#include <shmem.h>
#include <shmemx.h>

#include "cuda_check.h"

enum { THREADS = 1024, ROUNDS = 20 };
#define HEAVY __global__ void __launch_bounds__(THREADS)

__device__ char pattern(int round, int pe, size_t i) { return (char)(round * 7 + pe * 31 + i); }

__device__ void fill(char *p, size_t n, int round, int pe)
{
    for (size_t i = threadIdx.x; i < n; i += blockDim.x)
        p[i] = pattern(round, pe, i);
}

__device__ void expect(const char *p, size_t n, int round, int pe)
{
    for (size_t i = threadIdx.x; i < n; i += blockDim.x)
        DCHECK(p[i] == pattern(round, pe, i));
}

__global__ void fill_kernel(char *p, size_t n, int round, int pe) { fill(p, n, round, pe); }
__global__ void expect_kernel(const char *p, size_t n, int round, int pe)
{
    expect(p, n, round, pe);
}

/* One call each (and what completes it). */
__global__ void op_put(char *dst, const char *src, size_t n, int pe)
{
    shmemx_putmem_nbi_block(dst, src, n, pe);
    if (threadIdx.x == 0)
        shmem_quiet();
}
__global__ void op_get(char *dst, const char *src, size_t n, int pe)
{
    shmemx_getmem_block(dst, src, n, pe);
}
__global__ void op_put_warp(char *dst, const char *src, size_t n, int pe)
{
    size_t share = n / (blockDim.x / 32), at = threadIdx.x / 32 * share;
    shmemx_putmem_warp(dst + at, src + at, share, pe);
    __syncthreads();
    if (threadIdx.x == 0)
        shmem_quiet();
}
__global__ void op_get_warp(char *dst, const char *src, size_t n, int pe)
{
    size_t share = n / (blockDim.x / 32), at = threadIdx.x / 32 * share;
    shmemx_getmem_warp(dst + at, src + at, share, pe);
}
__global__ void op_put_signal(char *dst, const char *src, size_t n, uint64_t *sig, int pe)
{
    shmemx_putmem_signal_block(dst, src, n, sig, 1, SHMEM_SIGNAL_ADD, pe);
    if (threadIdx.x == 0)
        shmem_signal_wait_until(sig, SHMEM_CMP_GE, 1);
}
__global__ void op_broadcast(char *dst, const char *src, size_t n, int root)
{
    DCHECK(shmemx_broadcastmem_block(SHMEM_TEAM_WORLD, dst, src, n, root) == 0);
}
__global__ void op_fcollect(char *dst, const char *src, size_t n)
{
    DCHECK(shmemx_fcollectmem_block(SHMEM_TEAM_WORLD, dst, src, n) == 0);
}
__global__ void op_alltoall(char *dst, const char *src, size_t n)
{
    DCHECK(shmemx_alltoallmem_block(SHMEM_TEAM_WORLD, dst, src, n) == 0);
}
__global__ void op_sum(double *dst, const double *src, size_t n)
{
    DCHECK(shmemx_double_sum_reduce_block(SHMEM_TEAM_WORLD, dst, src, n) == 0);
}
/* One call in a loop is still one call (docs/gpus.md): with no
 * __launch_bounds__ it fits a block of 1024 threads too (with 4 loads in
 * flight a thread, the alltoall's needed 69 registers). */
__global__ void op_alltoall_loop(char *dst, const char *src, size_t n, int times)
{
    for (int i = 0; i < times; i++)
        DCHECK(shmemx_alltoallmem_block(SHMEM_TEAM_WORLD, dst, src, n) == 0);
}
__global__ void op_sum_loop(double *dst, const double *src, size_t n, int times)
{
    for (int i = 0; i < times; i++)
        DCHECK(shmemx_double_sum_reduce_block(SHMEM_TEAM_WORLD, dst, src, n) == 0);
}
/* Two bfloat16 elements a load: one more accumulator than op_sum. */
__global__ void op_sum_bf16(__nv_bfloat16 *dst, const __nv_bfloat16 *src, size_t n)
{
    DCHECK(shmemx_bfloat16_sum_reduce_block(SHMEM_TEAM_WORLD, dst, src, n) == 0);
}
__global__ void bf16_sources(__nv_bfloat16 *s, size_t n, int me)
{
    for (size_t i = threadIdx.x; i < n; i += blockDim.x)
        s[i] = __float2bfloat16((float)(me + 1 + i % 3));
}
/* Elements [first, n) hold the sums (small integers: exact in bfloat16). */
__global__ void bf16_expect(const __nv_bfloat16 *d, size_t first, size_t n, int npes)
{
    for (size_t i = first + threadIdx.x; i < n; i += blockDim.x)
        DCHECK(__bfloat162float(d[i]) == (float)(npes * (npes + 1) / 2 + npes * (int)(i % 3)));
}
__global__ void op_max(long *dst, const long *src, size_t n)
{
    DCHECK(shmemx_long_max_reduce_block(SHMEM_TEAM_WORLD, dst, src, n) == 0);
}
__global__ void op_barrier(void) { shmemx_barrier_all_block(); }

/* The block ping-pong of bench/device_rma.cu: each round a PE puts n bytes
 * to the next PE, completes them and raises that PE's flag, then waits
 * for its own. */
__global__ void op_ring(char *dst, const char *src, size_t n, long *flag, int next)
{
    for (int r = 1; r <= ROUNDS; r++) {
        __syncthreads();
        shmemx_putmem_nbi_block(dst, src, n, next);
        __syncthreads();
        if (threadIdx.x == 0) {
            shmem_quiet();
            shmem_long_p(flag, r, next);
            shmem_long_wait_until(flag, SHMEM_CMP_GE, r);
        }
    }
}

/* The same with a new pattern and its check every round. */
HEAVY heavy_ring(char *dst, char *src, size_t n, long *flag, int me, int npes)
{
    int next = (me + 1) % npes, prev = (me + npes - 1) % npes;
    for (int r = 1; r <= ROUNDS; r++) {
        fill(src, n, r, me);
        __syncthreads();
        shmemx_putmem_nbi_block(dst, src, n, next);
        __syncthreads();
        if (threadIdx.x == 0) {
            shmem_quiet();
            shmem_long_p(flag, ROUNDS + r, next);
            shmem_long_wait_until(flag, SHMEM_CMP_GE, ROUNDS + r);
        }
        __syncthreads();
        expect(dst, n, r, prev);
        /* Every PE has checked before the next round's puts. */
        shmemx_barrier_all_block();
    }
}

/* dst and src hold npes blocks of n bytes. */
HEAVY heavy_collectives(char *dst, char *src, size_t n, int me, int npes)
{
    for (int root = 0; root < npes; root++) {
        fill(src, n, 4, me);
        DCHECK(shmemx_broadcastmem_block(SHMEM_TEAM_WORLD, dst, src, n, root) == 0);
        expect(dst, n, 4, root);
    }
    fill(src, n, 5, me);
    DCHECK(shmemx_fcollectmem_block(SHMEM_TEAM_WORLD, dst, src, n) == 0);
    for (int pe = 0; pe < npes; pe++)
        expect(dst + pe * n, n, 5, pe);
    /* Block j of this PE's source is for PE j. */
    for (int j = 0; j < npes; j++)
        fill(src + j * n, n, 6 + j, me);
    DCHECK(shmemx_alltoallmem_block(SHMEM_TEAM_WORLD, dst, src, n) == 0);
    for (int pe = 0; pe < npes; pe++)
        expect(dst + pe * n, n, 6 + me, pe);
}

/* PE p contributes p + 1 + i % 5 at element i. */
__device__ void reduce_sources(double *ssum, long *smax, size_t n, int me)
{
    for (size_t i = threadIdx.x; i < n; i += blockDim.x) {
        ssum[i] = me + 1 + (double)(i % 5);
        smax[i] = me + 1 + (long)(i % 5);
    }
}

__device__ void reduce_expect(const double *dsum, const long *dmax, size_t n, int npes)
{
    for (size_t i = threadIdx.x; i < n; i += blockDim.x) {
        DCHECK(dsum[i] == npes * (npes + 1) / 2.0 + npes * (double)(i % 5));
        DCHECK(dmax[i] == npes + (long)(i % 5));
    }
}

HEAVY heavy_reductions(double *dsum, double *ssum, long *dmax, long *smax, size_t n, int me,
                       int npes)
{
    reduce_sources(ssum, smax, n, me);
    DCHECK(shmemx_double_sum_reduce_block(SHMEM_TEAM_WORLD, dsum, ssum, n) == 0);
    DCHECK(shmemx_long_max_reduce_block(SHMEM_TEAM_WORLD, dmax, smax, n) == 0);
    reduce_expect(dsum, dmax, n, npes);
}

__global__ void sources(double *ssum, long *smax, size_t n, int me)
{
    reduce_sources(ssum, smax, n, me);
}

__global__ void expect_sums(const double *dsum, const long *dmax, size_t n, int npes)
{
    reduce_expect(dsum, dmax, n, npes);
}

static int me, npes;

/* After each launch: it started, it ended, its checks passed, and every PE
 * is past it. */
static void launched(const char *what)
{
    cudaError_t e = cudaGetLastError();
    CHECK(e == cudaSuccess, "PE %d: %s in a block of %d threads did not launch: %s", me, what,
          THREADS, cudaGetErrorString(e));
    CUDA_OK(cudaDeviceSynchronize());
    int bad = dcheck_failures();
    CHECK(bad == 0, "PE %d: %s: %d checks failed in the kernel", me, what, bad);
    shmem_barrier_all();
}

#define RUN(what, kernel, ...)                                                \
    do {                                                                      \
        kernel<<<1, THREADS>>>(__VA_ARGS__);                                  \
        launched(what);                                                       \
    } while (0)

int main(void)
{
    shmem_init();
    me = shmem_my_pe();
    npes = shmem_n_pes();
    int next = (me + 1) % npes, prev = (me + npes - 1) % npes;
    dcheck_init();
    /* 147 proxy slots' worth: more requests than a ring holds. */
    const size_t n = 64 << 10, part = n / npes;
    char *dst = (char *)shmem_malloc(n * npes);
    char *src = (char *)shmem_malloc(n * npes);
    long *flag = (long *)shmem_calloc(1, sizeof *flag);
    uint64_t *sig = (uint64_t *)shmem_calloc(1, sizeof *sig);
    const size_t nred = 3000; /* more than one pass of the block and one stage */
    double *dsum = (double *)shmem_malloc(nred * sizeof(double));
    double *ssum = (double *)shmem_malloc(nred * sizeof(double));
    long *dmax = (long *)shmem_malloc(nred * sizeof(long));
    long *smax = (long *)shmem_malloc(nred * sizeof(long));
    CHECK(dst && src && flag && sig && dsum && ssum && dmax && smax,
          "PE %d: shmem_malloc failed", me);

    RUN("fill", fill_kernel, src, n, 1, me);
    RUN("putmem_nbi_block", op_put, dst, src, n, next);
    RUN("check", expect_kernel, dst, n, 1, prev);
    RUN("getmem_block", op_get, dst, src, n, next);
    RUN("check", expect_kernel, dst, n, 1, next);
    RUN("fill", fill_kernel, src, n, 2, me);
    RUN("putmem_warp", op_put_warp, dst, src, n, next);
    RUN("check", expect_kernel, dst, n, 2, prev);
    RUN("getmem_warp", op_get_warp, dst, src, n, next);
    RUN("check", expect_kernel, dst, n, 2, next);
    RUN("fill", fill_kernel, src, n, 3, me);
    RUN("putmem_signal_block", op_put_signal, dst, src, n, sig, next);
    RUN("check", expect_kernel, dst, n, 3, prev);
    RUN("putmem_nbi_block, quiet, p and wait_until", op_ring, dst, src, n, flag, next);
    RUN("check", expect_kernel, dst, n, 3, prev);
    RUN("barrier_all_block", op_barrier);
    for (int root = 0; root < npes; root++) {
        RUN("fill", fill_kernel, src, part, 4, me);
        RUN("broadcastmem_block", op_broadcast, dst, src, part, root);
        RUN("check", expect_kernel, dst, part, 4, root);
    }
    RUN("fcollectmem_block", op_fcollect, dst, src, part);
    for (int pe = 0; pe < npes; pe++)
        RUN("check", expect_kernel, dst + pe * part, part, 4, pe);
    for (int j = 0; j < npes; j++)
        RUN("fill", fill_kernel, src + j * part, part, 6 + j, me);
    RUN("alltoallmem_block", op_alltoall, dst, src, part);
    for (int pe = 0; pe < npes; pe++)
        RUN("check", expect_kernel, dst + pe * part, part, 6 + me, pe);
    CUDA_OK(cudaMemset(dst, 0, npes * part));
    RUN("alltoallmem_block, 3 in a loop", op_alltoall_loop, dst, src, part, 3);
    for (int pe = 0; pe < npes; pe++)
        RUN("check", expect_kernel, dst + pe * part, part, 6 + me, pe);
    RUN("sources", sources, ssum, smax, nred, me);
    RUN("double_sum_reduce_block", op_sum, dsum, ssum, nred);
    RUN("long_max_reduce_block", op_max, dmax, smax, nred);
    RUN("check", expect_sums, dsum, dmax, nred, npes);
    CUDA_OK(cudaMemset(dsum, 0, nred * sizeof(double)));
    RUN("double_sum_reduce_block, 3 in a loop", op_sum_loop, dsum, ssum, nred, 3);
    RUN("check", expect_sums, dsum, dmax, nred, npes);
    CUDA_OK(cudaMemset(dsum, 0, nred * sizeof(double)));
    CUDA_OK(cudaMemset(dmax, 0, nred * sizeof(long)));
    /* An odd count leaves a tail past the 4-byte units; one element in,
     * the buffers are not aligned to them. */
    __nv_bfloat16 *dbf = (__nv_bfloat16 *)dst, *sbf = (__nv_bfloat16 *)src;
    const size_t nbf = 2 * nred + 1;
    RUN("sources", bf16_sources, sbf, nbf, me);
    RUN("bfloat16_sum_reduce_block", op_sum_bf16, dbf, sbf, nbf);
    RUN("check", bf16_expect, dbf, 0, nbf, npes);
    CUDA_OK(cudaMemset(dbf, 0, nbf * sizeof *dbf));
    RUN("bfloat16_sum_reduce_block, one element in", op_sum_bf16, dbf + 1, sbf + 1, nbf - 1);
    RUN("check", bf16_expect, dbf, 1, nbf, npes);

    RUN("heavy ring", heavy_ring, dst, src, n, flag, me, npes);
    RUN("heavy collectives", heavy_collectives, dst, src, part, me, npes);
    RUN("heavy reductions", heavy_reductions, dsum, ssum, dmax, smax, nred, me, npes);

    shmem_free(smax);
    shmem_free(dmax);
    shmem_free(ssum);
    shmem_free(dsum);
    shmem_free(sig);
    shmem_free(flag);
    shmem_free(src);
    shmem_free(dst);
    dcheck_fini();
    if (me == 0)
        printf("gpu_device_full_block: %d PEs, every kernel in a block of %d threads: ok\n", npes,
               THREADS);
    shmem_finalize();
    return 0;
}
