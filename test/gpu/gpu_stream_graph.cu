// A CUDA graph of every on-stream call: a kernel fills the sources and a
// symmetric float array from a counter in GPU memory, the puts (a large
// one, by the copy engine, and a small one) go to the right neighbour, a
// quiet, a barrier, the float array's first TINY floats are summed into
// another array (one block, no barrier), and its first MID (several
// blocks, no barrier) into a third, the float array is summed in
// place (one kernel of several blocks), a team sync, a get from the right
// neighbour, a put-with-signal to it and the wait for the left's signal, a
// broadcast, an fcollect and an alltoall; kernels check what came from the
// others, reset the signal, a sync_all, the counter steps.
// Captured as the program's very first on-stream call (so the library
// loads its kernels while the capture runs), then replayed 100 times: the
// data changes every replay and must be right every replay, which needs
// the device barrier to carry its sequence in GPU memory from one replay
// to the next.
#include <cuda_runtime.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <shmem.h>
#include <shmemx.h>

#include "cuda_check.h"
#include "push_rounds.h"

#define N 65536
#define SMALL 8 /* elements of the small put */
#define M 70001 /* floats summed: 280 KB, past SHMEM_STREAM_SUM_LL */
#define TINY 3 /* floats of the small sum */
#define MID 6000 /* floats of the sum of several blocks with no barrier */
#define REPLAYS 100

__device__ long pattern(int pe, unsigned long long it, size_t i)
{
    return (long)pe * 1000000000L + (long)it * 100000 + (long)(i % 77777);
}

// PE pe's float of replay it: small integers, whose sums are exact.
__device__ float summand(int pe, unsigned long long it)
{
    return (float)((pe + 1) * (int)(it % 7 + 1));
}

// The collectives' sources: block j of the alltoall's holds elements
// 1000 * j + i of this PE's pattern.
struct coll_bufs {
    long *bsrc;    // SMALL: the broadcast's and fcollect's source
    long *bc;      // SMALL: the broadcast's dest
    long *fc;      // n * SMALL
    long *a2a_src; // n * SMALL
    long *a2a_dst; // n * SMALL
};

__global__ void fill(long *src, float *acc, struct coll_bufs c, const unsigned long long *it,
                     int me, int n)
{
    for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < N; i += gridDim.x * blockDim.x)
        src[i] = pattern(me, *it, i);
    for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < M; i += gridDim.x * blockDim.x)
        acc[i] = summand(me, *it);
    for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < SMALL * (size_t)n;
         i += gridDim.x * blockDim.x) {
        if (i < SMALL)
            c.bsrc[i] = pattern(me, *it, i);
        c.a2a_src[i] = pattern(me, *it, 1000 * (i / SMALL) + i % SMALL);
    }
}

// bad[r] counts the wrong elements of replay r, so a failure says which.
__global__ void check(const long *dst, const long *small, const float *acc, const float *tiny,
                      const float *mid, const unsigned long long *it, int left, int n,
                      unsigned long long *bad)
{
    float sum = 0;
    for (int pe = 0; pe < n; pe++)
        sum += summand(pe, *it);
    for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < (N > M ? N : M);
         i += gridDim.x * blockDim.x)
        if ((i < N && dst[i] != pattern(left, *it, i)) ||
            (i < SMALL && small[i] != pattern(left, *it, i)) || (i < M && acc[i] != sum) ||
            (i < TINY && tiny[i] != sum) || (i < MID && mid[i] != sum))
            atomicAdd(&bad[*it % REPLAYS], 1ULL);
}

// The get from the right neighbour (what this PE put there), the data of
// the left's put-with-signal, and the collectives; then the signal is
// reset for the next replay (the left adds to it again only after the
// sync_all that follows).
__global__ void check_calls(const long *got, const long *sigdata, struct coll_bufs c,
                            uint64_t *sig, const unsigned long long *it, int me,
                            int left, int n, unsigned long long *bad)
{
    for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < SMALL * (size_t)n;
         i += gridDim.x * blockDim.x) {
        size_t p = i / SMALL, k = i % SMALL;
        if ((i < SMALL && (got[i] != pattern(me, *it, i) || sigdata[i] != pattern(left, *it, i) ||
                           c.bc[i] != pattern(0, *it, i))) ||
            c.fc[i] != pattern((int)p, *it, k) ||
            c.a2a_dst[i] != pattern((int)p, *it, 1000 * (size_t)me + k))
            atomicAdd(&bad[*it % REPLAYS], 1ULL);
    }
    __syncthreads();
    if (blockIdx.x == 0 && threadIdx.x == 0)
        *sig = 0;
}

__global__ void step(unsigned long long *it) { ++*it; }

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    int right = (me + 1) % n, left = (me + n - 1) % n;
    long *dst = (long *)shmem_calloc(N, sizeof(long));
    long *small = (long *)shmem_calloc(SMALL, sizeof(long));
    float *acc = (float *)shmem_calloc(M, sizeof(float));
    float *tiny = (float *)shmem_calloc(TINY, sizeof(float));
    float *mid = (float *)shmem_calloc(MID, sizeof(float));
    long *sigdata = (long *)shmem_calloc(SMALL, sizeof(long));
    uint64_t *sig = (uint64_t *)shmem_calloc(1, sizeof(uint64_t));
    struct coll_bufs c;
    c.bsrc = (long *)shmem_calloc(SMALL, sizeof(long));
    c.bc = (long *)shmem_calloc(SMALL, sizeof(long));
    c.fc = (long *)shmem_calloc(SMALL * n, sizeof(long));
    c.a2a_src = (long *)shmem_calloc(SMALL * n, sizeof(long));
    c.a2a_dst = (long *)shmem_calloc(SMALL * n, sizeof(long));
    long *src, *got;
    unsigned long long *it, *bad;
    CUDA_OK(cudaMalloc(&src, N * sizeof(long)));
    CUDA_OK(cudaMalloc(&got, SMALL * sizeof(long)));
    CUDA_OK(cudaMalloc(&it, sizeof *it));
    CUDA_OK(cudaMalloc(&bad, REPLAYS * sizeof *bad));
    CUDA_OK(cudaMemset(it, 0, sizeof *it));
    CUDA_OK(cudaMemset(bad, 0, REPLAYS * sizeof *bad));
    cudaStream_t s;
    CUDA_OK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    CUDA_OK(cudaDeviceSynchronize());
    shmem_barrier_all();

    cudaGraph_t graph;
    CUDA_OK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    fill<<<32, 256, 0, s>>>(src, acc, c, it, me, n);
    shmemx_putmem_on_stream(dst, src, N * sizeof(long), right, s);
    shmemx_putmem_on_stream(small, src, SMALL * sizeof(long), right, s);
    shmemx_quiet_on_stream(s);
    shmemx_barrier_all_on_stream(s);
    CHECK(shmemx_float_sum_reduce_on_stream(SHMEM_TEAM_WORLD, tiny, acc, TINY, s) == 0,
          "float_sum_reduce_on_stream of %d floats", TINY);
    CHECK(shmemx_float_sum_reduce_on_stream(SHMEM_TEAM_WORLD, mid, acc, MID, s) == 0,
          "float_sum_reduce_on_stream of %d floats", MID);
    CHECK(shmemx_float_sum_reduce_on_stream(SHMEM_TEAM_WORLD, acc, acc, M, s) == 0,
          "float_sum_reduce_on_stream");
    CHECK(shmemx_team_sync_on_stream(SHMEM_TEAM_WORLD, s) == 0, "team_sync_on_stream");
    shmemx_getmem_on_stream(got, dst, SMALL * sizeof(long), right, s);
    shmemx_putmem_signal_on_stream(sigdata, src, SMALL * sizeof(long), sig, 1, SHMEM_SIGNAL_ADD,
                                   right, s);
    shmemx_signal_wait_until_on_stream(sig, SHMEM_CMP_GE, 1, s);
    const size_t sb = SMALL * sizeof(long);
    CHECK(shmemx_broadcastmem_on_stream(SHMEM_TEAM_WORLD, c.bc, c.bsrc, sb, 0, s) == 0,
          "broadcastmem_on_stream");
    CHECK(shmemx_fcollectmem_on_stream(SHMEM_TEAM_WORLD, c.fc, c.bsrc, sb, s) == 0,
          "fcollectmem_on_stream");
    CHECK(shmemx_alltoallmem_on_stream(SHMEM_TEAM_WORLD, c.a2a_dst, c.a2a_src, sb, s) == 0,
          "alltoallmem_on_stream");
    check<<<32, 256, 0, s>>>(dst, small, acc, tiny, mid, it, left, n, bad);
    check_calls<<<1, 256, 0, s>>>(got, sigdata, c, sig, it, me, left, n, bad);
    shmemx_sync_all_on_stream(s);
    step<<<1, 1, 0, s>>>(it);
    CUDA_OK(cudaStreamEndCapture(s, &graph));
    cudaGraphExec_t exec;
    CUDA_OK(cudaGraphInstantiate(&exec, graph, 0));
    for (int r = 0; r < REPLAYS; r++)
        CUDA_OK(cudaGraphLaunch(exec, s));
    CUDA_OK(cudaStreamSynchronize(s));

    unsigned long long h_it = 0, h_bad[REPLAYS];
    CUDA_OK(cudaMemcpy(&h_it, it, sizeof h_it, cudaMemcpyDeviceToHost));
    CUDA_OK(cudaMemcpy(h_bad, bad, sizeof h_bad, cudaMemcpyDeviceToHost));
    CHECK(h_it == REPLAYS, "the graph ran %llu times, not %d", h_it, REPLAYS);
    for (int r = 0; r < REPLAYS; r++)
        CHECK(h_bad[r] == 0, "replay %d: %llu of %d elements from PE %d, of the %d + %d sums, or "
              "of the get, put-with-signal and collectives' %d elements were wrong", r, h_bad[r],
              N, left, M, TINY, SMALL * n);
    long *h = (long *)malloc(N * sizeof(long));
    CUDA_OK(cudaMemcpy(h, dst, N * sizeof(long), cudaMemcpyDeviceToHost));
    for (size_t i = 0; i < N; i++) {
        long want = (long)left * 1000000000L + (long)(REPLAYS - 1) * 100000 + (long)(i % 77777);
        CHECK(h[i] == want, "after the replays, element %zu is %ld, expected %ld", i, h[i], want);
    }
    free(h);
    // The sum of MID floats, whole 16-byte units, only stores where
    // SHMEM_STREAM_SUM_PUSH is set: a round at least in each of its blocks
    // a replay.
    push_rounds_check("gpu_stream_graph", s, (unsigned long long)SHMEMI_PUSH_BLOCKS * REPLAYS);
    shmem_barrier_all();
    CUDA_OK(cudaGraphExecDestroy(exec));
    CUDA_OK(cudaGraphDestroy(graph));
    CUDA_OK(cudaStreamDestroy(s));
    CUDA_OK(cudaFree(bad));
    CUDA_OK(cudaFree(it));
    CUDA_OK(cudaFree(got));
    CUDA_OK(cudaFree(src));
    shmem_free(c.a2a_dst);
    shmem_free(c.a2a_src);
    shmem_free(c.fc);
    shmem_free(c.bc);
    shmem_free(c.bsrc);
    shmem_free(sig);
    shmem_free(sigdata);
    shmem_free(mid);
    shmem_free(tiny);
    shmem_free(acc);
    shmem_free(small);
    shmem_free(dst);
    if (me == 0)
        printf("graph of on-stream calls: %d replays ok at %d PEs\n", REPLAYS, n);
    shmem_finalize();
    return 0;
}
