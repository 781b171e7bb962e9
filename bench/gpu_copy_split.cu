// Whether a host-initiated copy into the peer GPU can move more than one
// copy engine does: 64 MiB from this GPU's memory into the peer's heap,
// split over k streams (each piece its own cuMemcpyAsync, so the driver may
// give each a copy engine), or shared between the copy engine and a kernel
// of 16-byte stores (a fraction f of the bytes). "blocking" waits for each
// copy as shmem_putmem does; "queued" queues 20 and waits once, as the
// on-stream put does. PE 0 prints: copy_split <way> <GB/s blocking> <GB/s queued>.
#include <cuda_runtime.h>
#include <shmem.h>
#include <stdio.h>
#include <sys/time.h>

#include "cuda_check.h"

static double now(void)
{
    struct timeval t;
    gettimeofday(&t, NULL);
    return t.tv_sec + t.tv_usec * 1e-6;
}

__global__ void sm_copy(int4 *__restrict__ d, const int4 *__restrict__ s, size_t n16)
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n16;
         i += (size_t)gridDim.x * blockDim.x)
        d[i] = s[i];
}

enum { MAX_STREAMS = 4 };
static cudaStream_t streams[MAX_STREAMS];

// One copy of bytes, in k pieces on k streams, or with the first
// sm_percent of the bytes by a kernel on stream 1.
static void issue(char *dst, const char *src, size_t bytes, int k, int sm_percent)
{
    if (sm_percent) {
        size_t sm = bytes * sm_percent / 100 & ~(size_t)4095;
        sm_copy<<<264, 512, 0, streams[1]>>>((int4 *)dst, (const int4 *)src, sm / 16);
        CHECK_CUDA(cudaGetLastError());
        CHECK_CUDA(cudaMemcpyAsync(dst + sm, src + sm, bytes - sm, cudaMemcpyDefault,
                                   streams[0]));
        return;
    }
    size_t part = (bytes / k + 4095) & ~(size_t)4095;
    for (int j = 0; j < k; j++) {
        size_t at = part * j;
        if (at < bytes)
            CHECK_CUDA(cudaMemcpyAsync(dst + at, src + at, at + part > bytes ? bytes - at : part,
                                       cudaMemcpyDefault, streams[j]));
    }
}

static void wait_all(void)
{
    for (int j = 0; j < MAX_STREAMS; j++)
        CHECK_CUDA(cudaStreamSynchronize(streams[j]));
}

static void run(const char *way, char *dst, const char *src, size_t bytes, int k, int sm)
{
    const int iters = 20;
    issue(dst, src, bytes, k, sm);
    wait_all();
    double t0 = now();
    for (int i = 0; i < iters; i++) {
        issue(dst, src, bytes, k, sm);
        wait_all();
    }
    double blocking = (double)bytes * iters / (now() - t0) / 1e9;
    t0 = now();
    for (int i = 0; i < iters; i++)
        issue(dst, src, bytes, k, sm);
    wait_all();
    double queued = (double)bytes * iters / (now() - t0) / 1e9;
    printf("copy_split %-14s %7.1f %7.1f\n", way, blocking, queued);
}

int main(void)
{
    shmem_init();
    int me = shmem_my_pe();
    size_t bytes = (size_t)64 << 20;
    char *heap = (char *)shmem_malloc(bytes);
    char *peer = (char *)shmem_ptr(heap, (me + 1) % shmem_n_pes());
    if (!peer) {
        if (me == 0)
            fprintf(stderr, "gpu_copy_split needs the peer's heap mapped (a GPU heap)\n");
        shmem_global_exit(1);
    }
    char *src;
    CHECK_CUDA(cudaMalloc(&src, bytes));
    CHECK_CUDA(cudaMemset(src, 3, bytes));
    for (int j = 0; j < MAX_STREAMS; j++)
        CHECK_CUDA(cudaStreamCreateWithFlags(&streams[j], cudaStreamNonBlocking));
    shmem_barrier_all();
    if (me == 0) {
        static const int ks[] = {1, 2, 3, 4};
        for (int i = 0; i < 4; i++) {
            char way[32];
            snprintf(way, sizeof way, "streams_%d", ks[i]);
            run(way, peer, src, bytes, ks[i], 0);
        }
        static const int sms[] = {10, 20, 30, 40, 50};
        for (int i = 0; i < 5; i++) {
            char way[32];
            snprintf(way, sizeof way, "ce+sm_%d%%", sms[i]);
            run(way, peer, src, bytes, 1, sms[i]);
        }
    }
    shmem_barrier_all();
    for (int j = 0; j < MAX_STREAMS; j++)
        cudaStreamDestroy(streams[j]);
    cudaFree(src);
    shmem_free(heap);
    shmem_finalize();
    return 0;
}
