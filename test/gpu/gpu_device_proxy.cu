// Kernels reaching PEs of other nodes through the device proxy: run on
// virtual nodes of one PE each (SHMEM_VIRTUAL_NODES=1) with a pinned heap,
// or a device heap that each PE serves to the others (the heap service),
// so that every peer is off the node and every call below goes through the
// ring, which has few slots (SHMEM_PROXY_SLOTS) so that it wraps around.
// The host reads and writes the heap with cudaMemcpy, which either takes.
// Each PE works on its right neighbour:
//  - rma: putmem of 1000 bytes (three slots) from GPU memory, p, typed and
//    sized puts, iput, then getmem, g, typed get and iget of the
//    neighbour's data; the puts are checked by the target after a host
//    barrier (whose quiet completes what the proxy was given);
//  - amos: every standard, extended and bitwise AMO of a few types, with
//    known results;
//  - crowd: 64 blocks of 128 threads at once (N blocks with the arguments
//    "crowd N"), each a fetch-add, two adds, a p and a g: thousands of
//    requests through 16 slots;
//  - order: 50 p's of rising values to one word with fences, a quiet, then
//    a flag; the target's kernel waits for the flag and must see the last;
//  - signals: put-with-signal of 1000 bytes (add), signal_set, and the
//    block form; the target's kernel waits for each signal and checks the
//    data;
//  - groups: block put and warp get.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <shmem.h>

#include "cuda_check.h"

#define BYTES 1000
#define CROWD_BLOCKS 64 /* at most; the argument "crowd N" runs N blocks */
#define CROWD_THREADS 128
#define CROWD (CROWD_BLOCKS * CROWD_THREADS)

struct area {
    unsigned char put_dst[BYTES];
    unsigned char sig_dst[BYTES];
    unsigned char blk_dst[4096];
    int p_dst[8];
    long src[BYTES / 8];
    double dput[4];
    uint32_t put32[4];
    long strided[16];
    unsigned long long words[16];
    unsigned long long counter, fetched_sum, added;
    int crowd_p[CROWD];
    long order_word;
    int order_flag;
    uint64_t sig_add, sig_set, sig_blk;
};

__device__ unsigned char pattern(int pe, int k) { return (unsigned char)(pe * 37 + k * 5 + 1); }

__global__ void rma(struct area *a, const unsigned char *gpu_src, int me, int right)
{
    shmem_putmem(a->put_dst, gpu_src, BYTES, right);
    for (int k = 0; k < 8; k++)
        shmem_int_p(&a->p_dst[k], me * 10 + k, right);
    double d[4] = {1.5, 2.5, me + 0.25, -4};
    shmem_double_put(a->dput, d, 4, right);
    uint32_t w[4] = {7u, 8u, (uint32_t)me, 0xdeadbeefu};
    shmem_put32(a->put32, w, 4, right);
    long s[8];
    for (int k = 0; k < 8; k++)
        s[k] = 100 * me + k;
    shmem_long_iput(a->strided, s, 2, 1, 8, right);

    long got[BYTES / 8];
    shmem_getmem(got, a->src, sizeof got, right);
    for (int k = 0; k < BYTES / 8; k++)
        DCHECK(got[k] == 1000L * right + k);
    DCHECK(shmem_long_g(&a->src[9], right) == 1000L * right + 9);
    long two[2];
    shmem_long_get(two, &a->src[3], 2, right);
    DCHECK(two[0] == 1000L * right + 3 && two[1] == 1000L * right + 4);
    long every3[4];
    shmem_long_iget(every3, a->src, 1, 3, 4, right);
    for (int k = 0; k < 4; k++)
        DCHECK(every3[k] == 1000L * right + 3 * k);
}

template <class T> __device__ void standard_ops(T *w, int pe)
{
    shmem_atomic_set(w, (T)5, pe);
    DCHECK(shmem_atomic_fetch(w, pe) == (T)5);
    DCHECK(shmem_atomic_swap(w, (T)7, pe) == (T)5);
    DCHECK(shmem_atomic_compare_swap(w, (T)7, (T)9, pe) == (T)7);
    DCHECK(shmem_atomic_compare_swap(w, (T)1, (T)2, pe) == (T)9);
    DCHECK(shmem_atomic_fetch_add(w, (T)3, pe) == (T)9);
    shmem_atomic_inc(w, pe);
    DCHECK(shmem_atomic_fetch_inc(w, pe) == (T)13);
    shmem_atomic_add(w, (T)2, pe);
    T f;
    shmem_atomic_fetch_add_nbi(&f, w, (T)1, pe);
    DCHECK(f == (T)16);
    shmem_atomic_compare_swap_nbi(&f, w, (T)17, (T)4, pe);
    DCHECK(f == (T)17);
    shmem_atomic_fetch_nbi(&f, w, pe);
    DCHECK(f == (T)4);
}

template <class T> __device__ void bitwise_ops(T *w, int pe)
{
    shmem_atomic_set(w, (T)0xF0, pe);
    DCHECK(shmem_atomic_fetch_and(w, (T)0x3C, pe) == (T)0xF0);
    DCHECK(shmem_atomic_fetch_or(w, (T)0x01, pe) == (T)0x30);
    DCHECK(shmem_atomic_fetch_xor(w, (T)0xFF, pe) == (T)0x31);
    shmem_atomic_and(w, (T)0xC0, pe);
    shmem_atomic_or(w, (T)0x05, pe);
    shmem_atomic_xor(w, (T)0x01, pe);
    DCHECK(shmem_atomic_fetch(w, pe) == (T)0xC4);
}

__global__ void amos(struct area *a, int right)
{
    standard_ops<int>((int *)&a->words[0], right);
    standard_ops<long>((long *)&a->words[1], right);
    standard_ops<unsigned int>((unsigned int *)&a->words[2], right);
    standard_ops<unsigned long long>(&a->words[3], right);
    bitwise_ops<unsigned int>((unsigned int *)&a->words[4], right);
    bitwise_ops<unsigned long long>(&a->words[5], right);
    shmem_atomic_set((double *)&a->words[6], 2.5, right);
    DCHECK(shmem_atomic_swap((double *)&a->words[6], 1.25, right) == 2.5);
    DCHECK(shmem_atomic_fetch((double *)&a->words[6], right) == 1.25);
    shmem_atomic_set((float *)&a->words[7], 0.5f, right);
    DCHECK(shmem_atomic_fetch((float *)&a->words[7], right) == 0.5f);
}

// Every thread at once: thousands of requests through a ring of a few slots.
__global__ void crowd(struct area *a, int me, int right)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned long long old = shmem_ulonglong_atomic_fetch_add(&a->counter, 1ULL, right);
    DCHECK(old < (unsigned long long)(gridDim.x * blockDim.x));
    shmem_ulonglong_atomic_add(&a->fetched_sum, old, right);
    shmem_ulonglong_atomic_add(&a->added, 2ULL, right);
    shmem_int_p(&a->crowd_p[i], me * CROWD + i, right);
    DCHECK(shmem_long_g(&a->src[i % (BYTES / 8)], right) == 1000L * right + i % (BYTES / 8));
}

// Fenced puts to one word, a quiet, then a flag: the target's thread waits
// for the flag from its left and must see the last value.
__global__ void order(struct area *a, int right)
{
    for (long v = 1; v <= 50; v++) {
        shmem_long_p(&a->order_word, v, right);
        shmem_fence();
    }
    shmem_quiet();
    shmem_int_p(&a->order_flag, 1, right);
    shmem_int_wait_until(&a->order_flag, SHMEM_CMP_EQ, 1);
    DCHECK(a->order_word == 50);
}

__global__ void signals(struct area *a, const unsigned char *gpu_src, int me, int left,
                        int right)
{
    if (threadIdx.x == 0) {
        shmem_putmem_signal(a->sig_dst, gpu_src, BYTES, &a->sig_add, 1, SHMEM_SIGNAL_ADD, right);
        shmem_signal_wait_until(&a->sig_add, SHMEM_CMP_GE, 1);
        for (int k = 0; k < BYTES; k++)
            DCHECK(a->sig_dst[k] == pattern(left, k));
        shmem_signal_set(&a->sig_set, 42, right);
        shmem_signal_wait_until(&a->sig_set, SHMEM_CMP_EQ, 42);
    }
    __syncthreads();
    shmemx_putmem_signal_block(a->blk_dst, gpu_src, BYTES, &a->sig_blk, 7, SHMEM_SIGNAL_SET,
                               right);
    if (threadIdx.x == 0)
        shmem_signal_wait_until(&a->sig_blk, SHMEM_CMP_EQ, 7);
    __syncthreads();
    for (int k = threadIdx.x; k < BYTES; k += blockDim.x)
        DCHECK(a->blk_dst[k] == pattern(left, k));
}

__global__ void groups(struct area *a, const unsigned char *gpu_src, unsigned char *gpu_dst,
                       int right)
{
    shmemx_putmem_block(a->blk_dst + 1024, gpu_src, BYTES, right);
    if (threadIdx.x < 32)
        shmemx_getmem_warp(gpu_dst, a->src, BYTES, right);
    __syncthreads();
    const long *got = (const long *)gpu_dst;
    for (int k = threadIdx.x; k < BYTES / 8; k += blockDim.x)
        DCHECK(got[k] == 1000L * right + k);
    shmem_quiet();
}

__global__ void fill(unsigned char *p, int me)
{
    for (int k = threadIdx.x; k < BYTES; k += blockDim.x)
        p[k] = pattern(me, k);
}

static unsigned char host_pattern(int pe, int k) { return (unsigned char)(pe * 37 + k * 5 + 1); }

// The host's copy of this PE's area, as the kernels left it.
static struct area h;

static void pull(const struct area *a)
{
    CUDA_OK(cudaMemcpy(&h, a, sizeof h, cudaMemcpyDefault));
}

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* Each phase says when it is done and how long it took: a run that stops
 * shows where. */
#define RUN(kernel_call, what)                                                \
    do {                                                                      \
        double t0_ = now_ms();                                                \
        kernel_call;                                                          \
        cudaError_t e_ = cudaDeviceSynchronize();                             \
        CHECK(e_ == cudaSuccess, "%s: %s", what, cudaGetErrorString(e_));     \
        shmem_barrier_all();                                                  \
        fprintf(stderr, "PE %d: %s done in %.1f ms\n", shmem_my_pe(), what,  \
                now_ms() - t0_);                                              \
    } while (0)

int main(int argc, char **argv)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    int right = (me + 1) % n, left = (me + n - 1) % n;
    struct area *a = (struct area *)shmem_calloc(1, sizeof *a);
    CHECK(a != NULL, "shmem_calloc");
    CHECK(n >= 2 && shmem_ptr(a, right) == NULL,
          "run on virtual nodes of one PE each (SHMEM_VIRTUAL_NODES=1), at 2 PEs or more");
    dcheck_init();
    long src[BYTES / 8];
    for (int k = 0; k < BYTES / 8; k++)
        src[k] = 1000L * me + k;
    CUDA_OK(cudaMemcpy(a->src, src, sizeof src, cudaMemcpyDefault));
    unsigned char *gpu_src, *gpu_dst;
    CUDA_OK(cudaMalloc(&gpu_src, BYTES));
    CUDA_OK(cudaMalloc(&gpu_dst, BYTES));
    fill<<<1, 128>>>(gpu_src, me);
    CUDA_OK(cudaDeviceSynchronize());
    shmem_barrier_all();

    RUN((rma<<<1, 1>>>(a, gpu_src, me, right)), "rma");
    pull(a);
    for (int k = 0; k < BYTES; k++)
        CHECK(h.put_dst[k] == host_pattern(left, k), "putmem from PE %d: byte %d is %u", left,
              k, h.put_dst[k]);
    for (int k = 0; k < 8; k++)
        CHECK(h.p_dst[k] == left * 10 + k, "p from PE %d: [%d] = %d", left, k, h.p_dst[k]);
    CHECK(h.dput[0] == 1.5 && h.dput[1] == 2.5 && h.dput[2] == left + 0.25 &&
              h.dput[3] == -4, "double_put from PE %d", left);
    CHECK(h.put32[0] == 7 && h.put32[1] == 8 && h.put32[2] == (uint32_t)left &&
              h.put32[3] == 0xdeadbeefu, "put32 from PE %d", left);
    for (int k = 0; k < 16; k++)
        CHECK(h.strided[k] == (k % 2 ? 0 : 100L * left + k / 2), "iput from PE %d: [%d] = %ld",
              left, k, h.strided[k]);

    RUN((amos<<<1, 1>>>(a, right)), "amos");
    int blocks = CROWD_BLOCKS;
    if (argc > 2 && strcmp(argv[1], "crowd") == 0)
        blocks = atoi(argv[2]);
    CHECK(blocks >= 1 && blocks <= CROWD_BLOCKS, "crowd: 1 to %d blocks", CROWD_BLOCKS);
    RUN((crowd<<<blocks, CROWD_THREADS>>>(a, me, right)), "crowd");
    pull(a);
    int crowd_n = blocks * CROWD_THREADS;
    unsigned long long t = crowd_n;
    CHECK(h.counter == t, "fetch_add count %llu, want %llu", h.counter, t);
    CHECK(h.fetched_sum == t * (t - 1) / 2, "fetched values sum to %llu, want %llu",
          h.fetched_sum, t * (t - 1) / 2);
    CHECK(h.added == 2 * t, "adds: %llu, want %llu", h.added, 2 * t);
    for (int i = 0; i < crowd_n; i++)
        CHECK(h.crowd_p[i] == left * CROWD + i, "crowd p [%d] = %d", i, h.crowd_p[i]);

    RUN((order<<<1, 1>>>(a, right)), "order");
    RUN((signals<<<1, 128>>>(a, gpu_src, me, left, right)), "signals");
    RUN((groups<<<1, 128>>>(a, gpu_src, gpu_dst, right)), "groups");
    pull(a);
    for (int k = 0; k < BYTES; k++)
        CHECK(h.blk_dst[1024 + k] == host_pattern(left, k), "block put from PE %d: byte %d",
              left, k);

    int h = dcheck_failures();
    CHECK(h == 0, "PE %d: %d wrong results in the kernels", me, h);
    shmem_barrier_all();
    CUDA_OK(cudaFree(gpu_src));
    CUDA_OK(cudaFree(gpu_dst));
    shmem_free(a);
    dcheck_fini();
    shmem_finalize();
    if (me == 0)
        printf("device proxy: %d PEs, every call to the neighbour on another node checked\n", n);
    return 0;
}
