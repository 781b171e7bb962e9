/* Checks for the CUDA tests: CUDA_OK for runtime calls on the host, and
 * DCHECK for conditions in kernels, which count failures in a device word
 * that dcheck_failures() reads back (a kernel cannot end the job itself). */
#ifndef TEST_CUDA_CHECK_H
#define TEST_CUDA_CHECK_H

#include <cuda_runtime.h>

#include "../check.h"

#define CUDA_OK(x)                                                            \
    do {                                                                      \
        cudaError_t e_ = (x);                                                 \
        CHECK(e_ == cudaSuccess, "%s: %s", #x, cudaGetErrorString(e_));       \
    } while (0)

__device__ int *dcheck_errs;
#define DCHECK(cond) ((cond) ? (void)0 : (void)atomicAdd(dcheck_errs, 1))

static int *dcheck_word;

/* Before the first kernel that checks. */
static inline void dcheck_init(void)
{
    CUDA_OK(cudaMalloc(&dcheck_word, sizeof(int)));
    CUDA_OK(cudaMemset(dcheck_word, 0, sizeof(int)));
    CUDA_OK(cudaMemcpyToSymbol(dcheck_errs, &dcheck_word, sizeof dcheck_word));
}

/* The failures counted so far, after the kernels have ended. */
static inline int dcheck_failures(void)
{
    int n = -1;
    CUDA_OK(cudaMemcpy(&n, dcheck_word, sizeof n, cudaMemcpyDeviceToHost));
    return n;
}

static inline void dcheck_fini(void) { CUDA_OK(cudaFree(dcheck_word)); }

#endif
