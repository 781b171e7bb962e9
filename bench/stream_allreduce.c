/* The C side of bench/coll_compare.sh: shmemx_float_sum_reduce_on_stream
 * (shmemx_bfloat16_... with DTYPE=bfloat16) in place on the device heap,
 * queued back to back on one stream, per call (CUDA events around the
 * run), at each size of SIZES (bytes per PE; the default is
 * allreduce_compare.py's). PE 0 prints "<LABEL> <bytes> <us>" (LABEL
 * defaults to ours_c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cuda.h>
#include <shmem.h>
#include <shmemx.h>

static void check(CUresult r, const char *what)
{
    if (r != CUDA_SUCCESS) {
        fprintf(stderr, "PE %d: %s failed (CUresult %d)\n", shmem_my_pe(), what, (int)r);
        shmem_global_exit(1);
    }
}

int main(void)
{
    shmem_init();
    const char *env = getenv("SIZES"), *label = getenv("LABEL");
    char *sizes = strdup(env ? env : "8 4096 16384 65536 262144 1048576 4194304 16777216 67108864 268435456");
    int bf16 = getenv("DTYPE") && strcmp(getenv("DTYPE"), "bfloat16") == 0;
    size_t elem = bf16 ? 2 : sizeof(float);
    CUstream s;
    CUevent a, b;
    check(cuStreamCreate(&s, CU_STREAM_NON_BLOCKING), "cuStreamCreate");
    check(cuEventCreate(&a, CU_EVENT_DEFAULT), "cuEventCreate");
    check(cuEventCreate(&b, CU_EVENT_DEFAULT), "cuEventCreate");
    for (char *tok = strtok(sizes, " "); tok; tok = strtok(NULL, " ")) {
        size_t bytes = strtoull(tok, NULL, 10), count = bytes / elem ? bytes / elem : 1;
        void *x = shmem_calloc(count, elem);
        int iters = bytes <= (1 << 20) ? 200 : 20;
        for (int i = 0; i < 5 + iters; i++) {
            if (i == 5)
                check(cuEventRecord(a, s), "cuEventRecord");
            if (bf16)
                shmemx_bfloat16_sum_reduce_on_stream(SHMEM_TEAM_WORLD, x, x, count, s);
            else
                shmemx_float_sum_reduce_on_stream(SHMEM_TEAM_WORLD, (float *)x, (float *)x,
                                                  count, s);
        }
        check(cuEventRecord(b, s), "cuEventRecord");
        check(cuEventSynchronize(b), "cuEventSynchronize");
        float ms = 0;
        check(cuEventElapsedTime(&ms, a, b), "cuEventElapsedTime");
        if (shmem_my_pe() == 0)
            printf("%s %zu %.2f\n", label ? label : "ours_c", bytes, ms * 1e3 / iters);
        shmem_barrier_all();
        shmem_free(x);
    }
    free(sizes);
    cuEventDestroy(a);
    cuEventDestroy(b);
    cuStreamDestroy(s);
    shmem_finalize();
    return 0;
}
