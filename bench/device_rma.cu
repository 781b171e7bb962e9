// Device-initiated communication between 2 PEs on 2 GPUs: one-way shmem_p
// latency (ping-pong inside one kernel), block putmem + quiet + flag
// latency (8 B to 1 MiB), put bandwidth with many blocks (4 KiB to
// 256 MiB), and device barrier_all latency. PE 0 prints one line per
// figure. Needs SHMEM_HEAP=device.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#include <shmem.h>

#define CHECK_CUDA(x)                                                         \
    do {                                                                      \
        cudaError_t e_ = (x);                                                 \
        if (e_ != cudaSuccess) {                                              \
            fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e_));          \
            shmem_global_exit(1);                                             \
        }                                                                     \
    } while (0)

__global__ void pingpong(long *flag, int iters, long long *cycles)
{
    int me = shmem_my_pe(), peer = 1 - me;
    long long t0 = clock64();
    for (int i = 1; i <= iters; i++) {
        if (me == 0) {
            shmem_long_p(flag, i, peer);
            shmem_long_wait_until(flag, SHMEM_CMP_EQ, (long)i);
        } else {
            shmem_long_wait_until(flag, SHMEM_CMP_EQ, (long)i);
            shmem_long_p(flag, i, peer);
        }
    }
    *cycles = clock64() - t0;
}

// Ping-pong of size-byte block puts: data, quiet, flag; the peer answers.
__global__ void block_pingpong(char *buf, long *flag, size_t size, int iters, long long *cycles)
{
    int me = shmem_my_pe(), peer = 1 - me;
    long long t0 = clock64();
    for (int i = 1; i <= iters; i++) {
        if (me == 1 && threadIdx.x == 0)
            shmem_long_wait_until(flag, SHMEM_CMP_EQ, (long)i);
        __syncthreads();
        shmemx_putmem_block(buf, buf + size, size, peer);
        if (threadIdx.x == 0) {
            shmem_quiet();
            shmem_long_p(flag, i, peer);
            if (me == 0)
                shmem_long_wait_until(flag, SHMEM_CMP_EQ, (long)i);
        }
        __syncthreads();
    }
    if (threadIdx.x == 0)
        *cycles = clock64() - t0;
}

// Each block puts its share of size bytes; the kernel is timed with events.
__global__ void put_bw(char *dst, const char *src, size_t size, int peer)
{
    size_t share = (size / gridDim.x + 15) & ~(size_t)15;
    size_t off = share * blockIdx.x;
    if (off >= size)
        return;
    size_t n = off + share > size ? size - off : share;
    shmemx_putmem_block(dst + off, src + off, n, peer);
    if (threadIdx.x == 0)
        shmem_quiet();
}

__global__ void barriers(int iters, long long *cycles)
{
    long long t0 = clock64();
    for (int i = 0; i < iters; i++)
        shmem_barrier_all();
    *cycles = clock64() - t0;
}

static double us_per(long long cycles, int iters, int clock_khz)
{
    return (double)cycles / iters / clock_khz * 1000.0;
}

int main(void)
{
    shmem_init();
    int me = shmem_my_pe();
    if (shmem_n_pes() != 2) {
        if (me == 0)
            fprintf(stderr, "device_rma needs 2 PEs\n");
        shmem_finalize();
        return 1;
    }
    int dev, khz;
    CHECK_CUDA(cudaGetDevice(&dev));
    CHECK_CUDA(cudaDeviceGetAttribute(&khz, cudaDevAttrClockRate, dev));
    long long *cycles;
    CHECK_CUDA(cudaMalloc(&cycles, sizeof *cycles));
    long long c;
    size_t big = (size_t)256 << 20;
    char *buf = (char *)shmem_malloc(2 * big);
    long *flag = (long *)shmem_calloc(1, sizeof(long));
    CHECK_CUDA(cudaMemset(buf, 1, 2 * big));

    int iters = 10000;
    shmem_barrier_all();
    pingpong<<<1, 1>>>(flag, iters, cycles);
    CHECK_CUDA(cudaDeviceSynchronize());
    CHECK_CUDA(cudaMemcpy(&c, cycles, sizeof c, cudaMemcpyDeviceToHost));
    if (me == 0)
        printf("shmem_p_oneway_us %.3f\n", us_per(c, iters, khz) / 2);

    for (size_t size = 8; size <= ((size_t)1 << 20); size *= 8) {
        long zero = 0;
        shmem_barrier_all();
        shmem_long_put(flag, &zero, 1, me);
        shmem_barrier_all();
        iters = size >= (1 << 20) ? 200 : 2000;
        block_pingpong<<<1, 1024>>>(buf, flag, size, iters, cycles);
        CHECK_CUDA(cudaDeviceSynchronize());
        CHECK_CUDA(cudaMemcpy(&c, cycles, sizeof c, cudaMemcpyDeviceToHost));
        if (me == 0)
            printf("block_putmem_oneway_us %zu %.3f\n", size, us_per(c, iters, khz) / 2);
    }

    cudaEvent_t a, b;
    cudaEventCreate(&a);
    cudaEventCreate(&b);
    for (size_t size = 4096; size <= big; size *= 4) {
        int blocks = size < (1 << 20) ? (int)(size / 2048) : 132 * 4;
        if (blocks < 1)
            blocks = 1;
        shmem_barrier_all();
        int reps = size <= (1 << 20) ? 200 : 20;
        put_bw<<<blocks, 1024>>>(buf, buf + big, size, 1 - me);
        cudaEventRecord(a);
        for (int r = 0; r < reps; r++)
            put_bw<<<blocks, 1024>>>(buf, buf + big, size, 1 - me);
        cudaEventRecord(b);
        CHECK_CUDA(cudaEventSynchronize(b));
        float ms;
        cudaEventElapsedTime(&ms, a, b);
        if (me == 0)
            printf("put_bw_GBps %zu %.1f\n", size, (double)size * reps / (ms * 1e-3) / 1e9);
    }

    shmem_barrier_all();
    iters = 10000;
    barriers<<<1, 1>>>(iters, cycles);
    CHECK_CUDA(cudaDeviceSynchronize());
    CHECK_CUDA(cudaMemcpy(&c, cycles, sizeof c, cudaMemcpyDeviceToHost));
    if (me == 0)
        printf("device_barrier_all_us %.3f\n", us_per(c, iters, khz));

    shmem_barrier_all();
    shmem_free(flag);
    shmem_free(buf);
    shmem_finalize();
    return 0;
}
