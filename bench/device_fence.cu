// What ordering costs between 2 GPUs, without the runtime in the way: a
// one-thread ping-pong in which each message is an 8-byte data store to
// the peer, an ordering step, and a flag store; the receiver checks that
// the data arrived before the flag. The ordering steps are the PTX fences
// and release stores a device quiet or barrier could be built from, so
// their cost and the ordering seen in practice are measured, not assumed.
// PE 0 prints: fence_oneway_us <mode> <us> <late data seen>.
#include <cuda_runtime.h>
#include <shmem.h>
#include <stdio.h>

#include "cuda_check.h"

static const char *const modes[] = {
    "flag_only",           "data_flag_no_fence",  "fence_acq_rel_sys",
    "fence_acq_rel_gpu",   "st_release_sys",      "st_release_gpu",
    "fence_sc_sys",        "no_data_fence_sys",   "no_data_fence_gpu",
    /* Flag only, polled other ways than ld.acquire.sys: what a wait_until
     * could poll with; and the same exchange through the API. */
    "poll_relaxed_sys",    "poll_volatile",       "poll_relaxed_then_acquire",
    "api_p_wait_until",
};
enum { N_MODES = sizeof modes / sizeof modes[0] };

__device__ inline uint64_t now_ns(void)
{
    uint64_t t;
    asm volatile("mov.u64 %0, %globaltimer;" : "=l"(t));
    return t;
}

enum { POLL_RELAXED = 9, POLL_VOLATILE, POLL_THEN_ACQUIRE, API };

__device__ inline void send(int mode, long *pdata, long *pflag, long v)
{
    if (mode != 0 && mode < 7)
        asm volatile("st.relaxed.sys.b64 [%0], %1;" ::"l"(pdata), "l"(v) : "memory");
    switch (mode) {
    case 2:
    case 7:
        asm volatile("fence.acq_rel.sys;" ::: "memory");
        break;
    case 3:
    case 8:
        asm volatile("fence.acq_rel.gpu;" ::: "memory");
        break;
    case 6:
        asm volatile("fence.sc.sys;" ::: "memory");
        break;
    }
    if (mode == 4)
        asm volatile("st.release.sys.b64 [%0], %1;" ::"l"(pflag), "l"(v) : "memory");
    else if (mode == 5)
        asm volatile("st.release.gpu.b64 [%0], %1;" ::"l"(pflag), "l"(v) : "memory");
    else
        asm volatile("st.relaxed.sys.b64 [%0], %1;" ::"l"(pflag), "l"(v) : "memory");
}

__device__ inline void recv(int mode, const long *data, const long *flag, long v,
                            unsigned long long *late)
{
    long f;
    if (mode == POLL_RELAXED || mode == POLL_THEN_ACQUIRE) {
        do
            asm volatile("ld.relaxed.sys.b64 %0, [%1];" : "=l"(f) : "l"(flag) : "memory");
        while (f < v);
        if (mode == POLL_THEN_ACQUIRE)
            asm volatile("ld.acquire.sys.b64 %0, [%1];" : "=l"(f) : "l"(flag) : "memory");
    } else if (mode == POLL_VOLATILE) {
        while (*(volatile const long *)flag < v)
            ;
    } else {
        do
            asm volatile("ld.acquire.sys.b64 %0, [%1];" : "=l"(f) : "l"(flag) : "memory");
        while (f < v);
    }
    if (mode != 0 && mode < 7 && *(volatile const long *)data < v)
        (*late)++;
}

__global__ void pingpong(int mode, int me, long *data, long *flag, long *pdata, long *pflag,
                         long base, int iters, uint64_t *ns, unsigned long long *late)
{
    uint64_t t0 = now_ns();
    if (mode == API) {
        for (long i = base + 1; i <= base + iters; i++) {
            if (me == 0) {
                shmem_long_p(flag, i, 1);
                shmem_long_wait_until(flag, SHMEM_CMP_GE, i);
            } else {
                shmem_long_wait_until(flag, SHMEM_CMP_GE, i);
                shmem_long_p(flag, i, 0);
            }
        }
        *ns = now_ns() - t0;
        return;
    }
    for (long i = base + 1; i <= base + iters; i++) {
        if (me == 0) {
            send(mode, pdata, pflag, i);
            recv(mode, data, flag, i, late);
        } else {
            recv(mode, data, flag, i, late);
            send(mode, pdata, pflag, i);
        }
    }
    *ns = now_ns() - t0;
}

// Both PEs store to each other, then wait: the shape of a 2-PE barrier.
__global__ void exchange(int mode, long *data, long *flag, long *pdata, long *pflag, long base,
                         int iters, uint64_t *ns, unsigned long long *late)
{
    uint64_t t0 = now_ns();
    for (long i = base + 1; i <= base + iters; i++) {
        if (mode == API) {
            shmem_long_p(flag, i, 1 - shmem_my_pe());
            shmem_long_wait_until(flag, SHMEM_CMP_GE, i);
            continue;
        }
        send(mode, pdata, pflag, i);
        recv(mode, data, flag, i, late);
    }
    *ns = now_ns() - t0;
}

int main(void)
{
    shmem_init();
    int me = shmem_my_pe();
    if (shmem_n_pes() != 2) {
        if (me == 0)
            fprintf(stderr, "device_fence needs 2 PEs\n");
        shmem_finalize();
        return 1;
    }
    long *data = (long *)shmem_calloc(2, sizeof(long));
    long *flag = data + 1;
    long *pdata = (long *)shmem_ptr(data, 1 - me), *pflag = pdata + 1;
    if (!pdata) {
        if (me == 0)
            fprintf(stderr, "device_fence needs the peer's heap mapped (a GPU heap)\n");
        shmem_global_exit(1);
    }
    uint64_t *ns_dev;
    unsigned long long *late_dev;
    CHECK_CUDA(cudaMalloc(&ns_dev, sizeof *ns_dev));
    CHECK_CUDA(cudaMalloc(&late_dev, sizeof *late_dev));
    const int iters = 20000;
    long base = 0;
    for (int shape = 0; shape < 2; shape++) {
        for (int mode = 0; mode < N_MODES; mode++) {
            CHECK_CUDA(cudaMemset(late_dev, 0, sizeof *late_dev));
            CHECK_CUDA(cudaDeviceSynchronize());
            shmem_barrier_all();
            if (shape == 0)
                pingpong<<<1, 1>>>(mode, me, data, flag, pdata, pflag, base, iters, ns_dev,
                                   late_dev);
            else
                exchange<<<1, 1>>>(mode, data, flag, pdata, pflag, base, iters, ns_dev,
                                   late_dev);
            CHECK_CUDA(cudaGetLastError());
            CHECK_CUDA(cudaDeviceSynchronize());
            uint64_t ns;
            unsigned long long late;
            CHECK_CUDA(cudaMemcpy(&ns, ns_dev, sizeof ns, cudaMemcpyDeviceToHost));
            CHECK_CUDA(cudaMemcpy(&late, late_dev, sizeof late, cudaMemcpyDeviceToHost));
            base += iters;
            if (me == 0)
                printf("%s_us %-20s %.3f late %llu\n", shape ? "exchange" : "fence_oneway",
                       modes[mode], (double)ns / iters / (shape ? 1 : 2) / 1000, late);
        }
    }
    shmem_barrier_all();
    cudaFree(late_dev);
    cudaFree(ns_dev);
    shmem_free(data);
    shmem_finalize();
    return 0;
}
