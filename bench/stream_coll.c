/* The C side of bench/coll_compare.sh, on the device heap, queued back to
 * back on one stream, per call (CUDA events around the run), at each size
 * of SIZES (the default is torch_bench.py's). COLL=allreduce (the default):
 * shmemx_float_sum_reduce_on_stream in place (shmemx_bfloat16_... with
 * DTYPE=bfloat16), SIZES in bytes per PE. COLL=alltoall:
 * shmemx_alltoallmem_on_stream, SIZES in bytes each PE sends each PE.
 * Built for NVSHMEM too (host_rma_api.h). PE 0 prints
 * "<LABEL> <bytes> <us>" (LABEL defaults to ours_c, or nvshmem_c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cuda.h>

#include "host_rma_api.h"

static void check(CUresult r, const char *what)
{
    if (r != CUDA_SUCCESS) {
        fprintf(stderr, "PE %d: %s failed (CUresult %d)\n", b_my_pe(), what, (int)r);
        b_global_exit(1);
    }
}

/* Zeroed symmetric memory. */
static void *zeroed(size_t bytes)
{
    void *p = b_malloc(bytes);
    check(cuMemsetD8((CUdeviceptr)p, 0, bytes), "cuMemsetD8");
    return p;
}

int main(int argc, char **argv)
{
    b_init(&argc, &argv);
    const char *env = getenv("SIZES"), *label = getenv("LABEL");
    char *sizes = strdup(env ? env : "8 4096 16384 65536 262144 1048576 4194304 16777216 67108864 268435456");
    int bf16 = getenv("DTYPE") && strcmp(getenv("DTYPE"), "bfloat16") == 0;
    int alltoall = getenv("COLL") && strcmp(getenv("COLL"), "alltoall") == 0;
    size_t elem = bf16 ? 2 : sizeof(float);
    CUstream s;
    CUevent a, b;
    check(cuStreamCreate(&s, CU_STREAM_NON_BLOCKING), "cuStreamCreate");
    check(cuEventCreate(&a, CU_EVENT_DEFAULT), "cuEventCreate");
    check(cuEventCreate(&b, CU_EVENT_DEFAULT), "cuEventCreate");
    for (char *tok = strtok(sizes, " "); tok; tok = strtok(NULL, " ")) {
        size_t bytes = strtoull(tok, NULL, 10), count = bytes / elem ? bytes / elem : 1;
        int n = alltoall ? b_n_pes() : 1;
        void *x = zeroed(count * n * elem), *y = alltoall ? zeroed(bytes * n) : NULL;
        check(cuCtxSynchronize(), "cuCtxSynchronize");
        int iters = bytes <= (1 << 20) ? 200 : 20;
        for (int i = 0; i < 5 + iters; i++) {
            if (i == 5)
                check(cuEventRecord(a, s), "cuEventRecord");
            if (alltoall)
                b_alltoallmem_on_stream(y, x, bytes, s);
            else if (bf16)
                b_bfloat16_sum_reduce_on_stream(x, x, count, s);
            else
                b_float_sum_reduce_on_stream(x, x, count, s);
        }
        check(cuEventRecord(b, s), "cuEventRecord");
        check(cuEventSynchronize(b), "cuEventSynchronize");
        float ms = 0;
        check(cuEventElapsedTime(&ms, a, b), "cuEventElapsedTime");
        if (b_my_pe() == 0)
            printf("%s %zu %.2f\n", label ? label : B_NAME "_c", bytes, ms * 1e3 / iters);
        b_barrier_all();
        if (y)
            b_free(y);
        b_free(x);
    }
    free(sizes);
    cuEventDestroy(a);
    cuEventDestroy(b);
    cuStreamDestroy(s);
    b_finalize();
    return 0;
}
