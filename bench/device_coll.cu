// The block forms of the collectives that users compare (issue 33): sum
// reductions of float and bfloat16 (and bfloat16 in place) and alltoallmem
// over the world, called
// back to back by one block of 1024 threads inside one kernel, written
// once for our library and for NVSHMEM (bench/device_api.h). PE 0 prints
// one line per figure: name, bytes per PE (per block for the alltoall),
// microseconds per call. SIZES (bytes, space-separated) replaces the
// default sizes.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "device_api.h"

enum { C_SUM_FLOAT, C_SUM_BFLOAT16, C_SUM_BFLOAT16_IN_PLACE, C_ALLTOALL };
static const char *names[] = {"float_sum_block_us", "bfloat16_sum_block_us",
                              "bfloat16_sum_block_in_place_us", "alltoallmem_block_us"};

// One kernel per collective. Its timing takes registers too, so it says
// that it runs in blocks of 1024 threads (docs/gpus.md): without that, the
// sums' kernels needed 65 and did not launch.
template <int which>
__global__ void __launch_bounds__(1024)
    coll(char *dest, const char *source, size_t bytes, int iters, uint64_t *ns)
{
    uint64_t t0 = b_now();
    for (int i = 0; i < iters; i++) {
        if (which == C_SUM_FLOAT)
            B_FLOAT_SUM_BLOCK((float *)dest, (const float *)source, bytes / sizeof(float));
        else if (which == C_SUM_BFLOAT16)
            B_BFLOAT16_SUM_BLOCK((__nv_bfloat16 *)dest, (const __nv_bfloat16 *)source,
                                 bytes / sizeof(__nv_bfloat16));
        else if (which == C_SUM_BFLOAT16_IN_PLACE)
            B_BFLOAT16_SUM_BLOCK((__nv_bfloat16 *)dest, (const __nv_bfloat16 *)dest,
                                 bytes / sizeof(__nv_bfloat16));
        else
            B_ALLTOALLMEM_BLOCK(dest, source, bytes);
    }
    if (threadIdx.x == 0)
        *ns = b_now() - t0;
}

// Microseconds per call of `iters` calls in one kernel, after one kernel
// of two calls (the first call's loads of the module and tables).
static double per_call(int which, char *dest, const char *source, size_t bytes, int iters,
                       uint64_t *ns_dev)
{
    void (*kernel)(char *, const char *, size_t, int, uint64_t *) =
        which == C_SUM_FLOAT              ? coll<C_SUM_FLOAT>
        : which == C_SUM_BFLOAT16         ? coll<C_SUM_BFLOAT16>
        : which == C_SUM_BFLOAT16_IN_PLACE ? coll<C_SUM_BFLOAT16_IN_PLACE>
                                          : coll<C_ALLTOALL>;
    uint64_t ns;
    for (int k = 0; k < 2; k++) {
        b_barrier_all();
        kernel<<<1, 1024>>>(dest, source, bytes, k ? iters : 2, ns_dev);
        CHECK_CUDA(cudaGetLastError());
        CHECK_CUDA(cudaDeviceSynchronize());
    }
    CHECK_CUDA(cudaMemcpy(&ns, ns_dev, sizeof ns, cudaMemcpyDeviceToHost));
    return (double)ns / iters / 1e3;
}

int main(int argc, char **argv)
{
    b_init(&argc, &argv);
    int n = b_n_pes();
    size_t sizes[32], count = 0, most = 0;
    const char *env = getenv("SIZES");
    char *list = strdup(env ? env : "8 1024 16384 65536 262144 1048576 4194304");
    for (char *tok = strtok(list, " "); tok && count < 32; tok = strtok(NULL, " ")) {
        sizes[count] = strtoull(tok, NULL, 10);
        if (sizes[count] > most)
            most = sizes[count];
        count++;
    }
    free(list);
    // The alltoall's source and dest hold a block for every PE.
    char *source = (char *)b_malloc(most * n), *dest = (char *)b_malloc(most * n);
    uint64_t *ns_dev;
    CHECK_CUDA(cudaMalloc(&ns_dev, sizeof *ns_dev));
    CHECK_CUDA(cudaMemset(source, 0, most * n));
    CHECK_CUDA(cudaMemset(dest, 0, most * n));
    if (b_my_pe() == 0)
        printf("# %s, %d PEs, one block of 1024 threads\n", B_NAME, n);
    for (size_t i = 0; i < count; i++) {
        // About 64 MiB per PE moved per figure, 5 to 200 calls.
        size_t it = ((size_t)64 << 20) / (sizes[i] ? sizes[i] : 1);
        int iters = (int)(it < 5 ? 5 : it > 200 ? 200 : it);
        for (int which = C_SUM_FLOAT; which <= C_ALLTOALL; which++) {
            double us = per_call(which, dest, source, sizes[i], iters, ns_dev);
            if (b_my_pe() == 0)
                printf("%s %zu %.2f\n", names[which], sizes[i], us);
        }
    }
    b_barrier_all();
    b_free(dest);
    b_free(source);
    cudaFree(ns_dev);
    b_finalize();
    return 0;
}
