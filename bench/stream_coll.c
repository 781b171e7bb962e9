/* The C side of bench/coll_compare.sh, on the device heap, queued back to
 * back on one stream, per call (CUDA events around the run), at each size
 * of SIZES (the default is torch_bench.py's). COLL=allreduce (the default):
 * shmemx_float_sum_reduce_on_stream in place (shmemx_bfloat16_... with
 * DTYPE=bfloat16), SIZES in bytes per PE. COLL=alltoall:
 * shmemx_alltoallmem_on_stream, SIZES in bytes each PE sends each PE.
 * Built for NVSHMEM too (host_rma_api.h). PE 0 prints
 * "<LABEL> <bytes> <us>" (LABEL defaults to ours_c, or nvshmem_c).
 * FILL=zero starts the buffers at zero; the default fills them with small
 * floats that differ element to element (1e-30 to 2.5e-28, bfloat16: their
 * upper halves), as a model's data does: a sum in place multiplies them by
 * the PEs each call, so the 25 calls of a size above 1 MiB stay finite
 * at up to 8 PEs (the 205 of smaller sizes reach infinity). NCCL's and
 * PyTorch's columns (allreduce_compare.py) sum ones, alike everywhere. */
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

/* Symmetric memory of `bytes` (a multiple of 2), filled as FILL says. */
static void *filled(size_t bytes, int zero, int bf16)
{
    void *p = b_malloc(bytes);
    if (!p) {
        fprintf(stderr, "PE %d: no %zu bytes of symmetric memory\n", b_my_pe(), bytes);
        b_global_exit(1);
    }
    if (zero) {
        check(cuMemsetD8((CUdeviceptr)p, 0, bytes), "cuMemsetD8");
        return p;
    }
    /* One period of the pattern, repeated by device-to-device copies. */
    enum { PERIOD = 251 };
    float f[PERIOD];
    unsigned short h[PERIOD];
    for (int i = 0; i < PERIOD; i++) {
        f[i] = (float)(i + 1) * 1e-30f;
        unsigned u;
        memcpy(&u, &f[i], 4);
        h[i] = (unsigned short)(u >> 16);
    }
    size_t period = bf16 ? sizeof h : sizeof f, unit = period < bytes ? period : bytes;
    check(cuMemcpyHtoD((CUdeviceptr)p, bf16 ? (const void *)h : (const void *)f, unit),
          "cuMemcpyHtoD");
    for (size_t done = unit; done < bytes; done *= 2)
        check(cuMemcpyDtoD((CUdeviceptr)p + done, (CUdeviceptr)p,
                           done < bytes - done ? done : bytes - done),
              "cuMemcpyDtoD");
    return p;
}

int main(int argc, char **argv)
{
    b_init(&argc, &argv);
    const char *env = getenv("SIZES"), *label = getenv("LABEL");
    char *sizes = strdup(env ? env : "8 4096 16384 65536 262144 1048576 4194304 16777216 67108864 268435456");
    int bf16 = getenv("DTYPE") && strcmp(getenv("DTYPE"), "bfloat16") == 0;
    int alltoall = getenv("COLL") && strcmp(getenv("COLL"), "alltoall") == 0;
    int zero = getenv("FILL") && strcmp(getenv("FILL"), "zero") == 0;
    size_t elem = bf16 ? 2 : sizeof(float);
    CUstream s;
    CUevent a, b;
    check(cuStreamCreate(&s, CU_STREAM_NON_BLOCKING), "cuStreamCreate");
    check(cuEventCreate(&a, CU_EVENT_DEFAULT), "cuEventCreate");
    check(cuEventCreate(&b, CU_EVENT_DEFAULT), "cuEventCreate");
    for (char *tok = strtok(sizes, " "); tok; tok = strtok(NULL, " ")) {
        size_t bytes = strtoull(tok, NULL, 10), count = bytes / elem ? bytes / elem : 1;
        int n = alltoall ? b_n_pes() : 1;
        void *x = filled(count * n * elem, zero, bf16),
             *y = alltoall ? filled(bytes * n, zero, 0) : NULL;
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
