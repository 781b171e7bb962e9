// Every typed device RMA routine, for every type of the specification's RMA
// table the device supports and for the half and bfloat16 extensions: p, g,
// put, get, their _nbi forms, iput, iget, and the block and warp forms, each
// checked by value at the right neighbour. The names are expanded from the
// same type tables as the library's, so a routine missing or misnamed for
// one type fails to compile here.
#include <cuda_runtime.h>
#include <stdio.h>
#include <string.h>

#include <shmem.h>

#include "../check.h"

#define M 64 /* elements per array */

template <class T> __device__ T mk(int v) { return (T)v; }
template <> __device__ __half mk<__half>(int v) { return __int2half_rn(v); }
template <> __device__ __nv_bfloat16 mk<__nv_bfloat16>(int v) { return __int2bfloat16_rn(v); }

template <class T> __device__ bool same(T a, T b)
{
    const unsigned char *x = (const unsigned char *)&a, *y = (const unsigned char *)&b;
    for (size_t i = 0; i < sizeof a; i++)
        if (x[i] != y[i])
            return false;
    return true;
}

/* Values small enough to be exact in every type (bfloat16 has 8 bits). */
__device__ inline int val(int pe, int i) { return (pe * 37 + i) % 100 + 1; }

template <class T> __device__ void expect(const T *a, int stride, int n, int pe, int first,
                                          int *errors, int what)
{
    for (int i = 0; i < n; i++)
        if (!same(a[i * stride], mk<T>(val(pe, first + i))))
            atomicOr(errors, 1 << what);
}

#define TYPE_KERNEL(T, N, PFX)                                                \
    __global__ void test_##N(T *sym, int *errors)                             \
    {                                                                         \
        int me = shmem_my_pe(), n = shmem_n_pes();                            \
        int right = (me + 1) % n, left = (me + n - 1) % n;                    \
        __shared__ T src[M], got[M];                                          \
        for (int i = threadIdx.x; i < M; i += blockDim.x)                     \
            src[i] = mk<T>(val(me, i));                                       \
        __syncthreads();                                                      \
        T *a = sym, *b = sym + M, *c = sym + 2 * M, *d = sym + 3 * M;         \
        if (threadIdx.x == 0) {                                               \
            PFX##_##N##_p(&a[0], src[0], right);                              \
            PFX##_##N##_put(&a[1], &src[1], 7, right);                        \
            PFX##_##N##_put_nbi(&a[8], &src[8], 8, right);                    \
            PFX##_##N##_iput(&a[16], &src[16], 2, 1, 8, right);               \
            shmem_quiet();                                                    \
            shmem_barrier_all();                                              \
            expect(a, 1, 16, left, 0, errors, 0);                             \
            expect(&a[16], 2, 8, left, 16, errors, 1);                        \
            if (!same(PFX##_##N##_g(&a[0], right), src[0]))                   \
                atomicOr(errors, 1 << 2);                                    \
            PFX##_##N##_get(got, &a[1], 7, right);                            \
            PFX##_##N##_get_nbi(&got[7], &a[8], 8, right);                    \
            shmem_quiet();                                                    \
            expect(got, 1, 15, me, 1, errors, 3);                             \
            PFX##_##N##_iget(got, &a[16], 1, 2, 8, right);                    \
            expect(got, 1, 8, me, 16, errors, 4);                             \
        }                                                                     \
        __syncthreads();                                                      \
        shmemx_##N##_put_block(b, src, M, right);                             \
        shmemx_##N##_put_nbi_block(c, src, M, right);                         \
        if (threadIdx.x < 32)                                                 \
            shmemx_##N##_put_warp(d, src, M, right);                          \
        __syncthreads();                                                      \
        if (threadIdx.x == 0)                                                 \
            shmem_quiet();                                                    \
        shmemx_barrier_all_block();                                           \
        if (threadIdx.x == 0) {                                               \
            expect(b, 1, M, left, 0, errors, 5);                              \
            expect(c, 1, M, left, 0, errors, 6);                              \
            expect(d, 1, M, left, 0, errors, 7);                              \
        }                                                                     \
        __syncthreads();                                                      \
        shmemx_##N##_get_block(got, b, M, right);                             \
        if (threadIdx.x == 0)                                                 \
            expect(got, 1, M, me, 0, errors, 8);                              \
        __syncthreads();                                                      \
        shmemx_##N##_get_nbi_block(got, c, M, right);                         \
        __syncthreads();                                                      \
        if (threadIdx.x == 0)                                                 \
            expect(got, 1, M, me, 0, errors, 9);                              \
        __syncthreads();                                                      \
        if (threadIdx.x < 32) {                                               \
            shmemx_##N##_get_warp(got, d, M, right);                          \
            if (threadIdx.x == 0)                                             \
                expect(got, 1, M, me, 0, errors, 10);                         \
        }                                                                     \
        __syncthreads();                                                      \
        shmemx_barrier_all_block();                                           \
    }
/* The long double kernel is compiled (its routines must exist) but not run. */
#pragma nv_diag_suppress 20208
#define STD_KERNEL(T, N) TYPE_KERNEL(T, N, shmem)
#define EXT_KERNEL(T, N) TYPE_KERNEL(T, N, shmemx)
SHMEMI_RMA_TYPES(STD_KERNEL)
SHMEMI_DEVICE_EXT_TYPES(EXT_KERNEL)

struct row {
    const char *name;
    size_t size;
    void (*kernel)(void *, int *);
};

#define ROW(T, N) {#N, sizeof(T), (void (*)(void *, int *))test_##N},
static const struct row rows[] = {SHMEMI_RMA_TYPES(ROW) SHMEMI_DEVICE_EXT_TYPES(ROW)};

int main(void)
{
    shmem_init();
    int me = shmem_my_pe();
    void *sym = shmem_malloc(4 * M * 16);
    int *errors;
    CHECK(cudaMalloc(&errors, sizeof(int)) == cudaSuccess, "cudaMalloc");
    int tested = 0;
    for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) {
        /* long double has no device representation: its routines stop the
         * kernel (gpu_device_rma covers that they exist for host code). */
        if (strcmp(rows[r].name, "longdouble") == 0)
            continue;
        CHECK(cudaMemset(sym, 0, 4 * M * 16) == cudaSuccess, "cudaMemset");
        CHECK(cudaMemset(errors, 0, sizeof(int)) == cudaSuccess, "cudaMemset");
        CHECK(cudaDeviceSynchronize() == cudaSuccess, "sync");
        shmem_barrier_all();
        void *args[] = {&sym, &errors};
        CHECK(cudaLaunchKernel((const void *)rows[r].kernel, dim3(1), dim3(64), args, 0, 0) ==
                  cudaSuccess,
              "launch for %s", rows[r].name);
        CHECK(cudaDeviceSynchronize() == cudaSuccess, "kernel for %s: %s", rows[r].name,
              cudaGetErrorString(cudaGetLastError()));
        int h = -1;
        cudaMemcpy(&h, errors, sizeof h, cudaMemcpyDeviceToHost);
        CHECK(h == 0, "type %s: wrong values (bit mask of the failing steps: 0x%x)",
              rows[r].name, h);
        tested++;
    }
    shmem_barrier_all();
    printf("PE %d: device RMA of %d types ok\n", me, tested);
    cudaFree(errors);
    shmem_free(sym);
    shmem_finalize();
    return 0;
}
