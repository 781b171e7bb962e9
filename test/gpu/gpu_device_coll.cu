// Teams and collectives in kernels: queries and translation for the world,
// a reversed team and the axes of a 2-D split, team_sync, block broadcast,
// fcollect, alltoall and every reduction of every type (in place too; half
// and bfloat16 too, combined in float), and
// hundreds of teams made and destroyed with a kernel using each, so that
// reused slots start clean. Results are checked in the kernels. On
// virtual nodes the members of other nodes are reached through the proxy.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#include <shmem.h>
#include <shmemx.h>

#include "cuda_check.h"


__global__ void queries(shmem_team_t rev, shmem_team_t x, shmem_team_t y, int me, int n)
{
    DCHECK(shmem_team_my_pe(SHMEM_TEAM_WORLD) == me);
    DCHECK(shmem_team_n_pes(SHMEM_TEAM_WORLD) == n);
    DCHECK(shmem_team_my_pe(rev) == n - 1 - me);
    DCHECK(shmem_team_n_pes(rev) == n);
    DCHECK(shmem_team_n_pes(x) == 1 && shmem_team_my_pe(x) == 0);
    DCHECK(shmem_team_n_pes(y) == n && shmem_team_my_pe(y) == me);
    DCHECK(shmem_team_my_pe(SHMEM_TEAM_INVALID) == -1);
    DCHECK(shmem_team_translate_pe(rev, 0, SHMEM_TEAM_WORLD) == n - 1);
    DCHECK(shmem_team_translate_pe(SHMEM_TEAM_WORLD, me, rev) == n - 1 - me);
    DCHECK(shmem_team_translate_pe(x, 0, SHMEM_TEAM_WORLD) == me);
    DCHECK(shmem_team_translate_pe(rev, n, SHMEM_TEAM_WORLD) == -1);
    for (int i = 0; i < 100; i++) {
        DCHECK(shmem_team_sync(rev) == 0);
        DCHECK(shmem_team_sync(x) == 0);
        DCHECK(shmem_sync(SHMEM_TEAM_WORLD) == 0);
    }
    DCHECK(shmem_team_sync(SHMEM_TEAM_INVALID) == -1);
}

// Buffers: src and dst of 64 longs per member.
__global__ void data_colls(shmem_team_t team, long *src, long *dst, int me)
{
    int idx = shmem_team_my_pe(team), size = shmem_team_n_pes(team);
    const int k = 64;
    for (int root = 0; root < size; root++) {
        for (int i = threadIdx.x; i < k; i += blockDim.x)
            src[i] = idx * 1000 + root * 100 + i;
        DCHECK(shmemx_broadcastmem_block(team, dst, src, k * sizeof(long), root) == 0);
        for (int i = threadIdx.x; i < k; i += blockDim.x)
            DCHECK(dst[i] == root * 1000 + root * 100 + i);
    }
    for (int i = threadIdx.x; i < k; i += blockDim.x)
        src[i] = idx * 1000 + i;
    DCHECK(shmemx_fcollectmem_block(team, dst, src, 8 * sizeof(long)) == 0);
    for (int i = threadIdx.x; i < 8 * size; i += blockDim.x)
        DCHECK(dst[i] == (i / 8) * 1000 + i % 8);
    // alltoall: block j of my source is (idx, j); I receive (j, idx) in block j.
    for (int i = threadIdx.x; i < 4 * size; i += blockDim.x)
        src[i] = idx * 100 + i / 4;
    DCHECK(shmemx_alltoallmem_block(team, dst, src, 4 * sizeof(long)) == 0);
    for (int i = threadIdx.x; i < 4 * size; i += blockDim.x)
        DCHECK(dst[i] == (i / 4) * 100 + idx);
    DCHECK(shmemx_broadcastmem_block(team, dst, src, 8, size) == -1);
    (void)me;
}

// Member m contributes m + 1 + i % 3 at element i (bit patterns for the
// bitwise ones); 40 elements, so a block of 16 threads makes passes in place
// (of 4-byte units too, for the 16-bit types).
template <class T> struct reduce_case {
    __device__ static void run(int (*sum)(shmem_team_t, T *, const T *, size_t),
                               int (*mx)(shmem_team_t, T *, const T *, size_t),
                               int (*mn)(shmem_team_t, T *, const T *, size_t),
                               int (*prod)(shmem_team_t, T *, const T *, size_t),
                               shmem_team_t team, T *src, T *dst)
    {
        int idx = shmem_team_my_pe(team), size = shmem_team_n_pes(team);
        const int k = 40;
        for (int i = threadIdx.x; i < k; i += blockDim.x)
            src[i] = (T)(idx + 1 + i % 3);
        DCHECK(sum(team, dst, src, k) == 0);
        for (int i = threadIdx.x; i < k; i += blockDim.x) {
            T want = 0;
            for (int m = 0; m < size; m++)
                want = (T)(want + (T)(m + 1 + i % 3));
            DCHECK(dst[i] == want);
        }
        DCHECK(mx(team, dst, src, k) == 0);
        for (int i = threadIdx.x; i < k; i += blockDim.x)
            DCHECK(dst[i] == (T)(size + i % 3));
        DCHECK(mn(team, dst, src, k) == 0);
        for (int i = threadIdx.x; i < k; i += blockDim.x)
            DCHECK(dst[i] == (T)(1 + i % 3));
        DCHECK(prod(team, dst, src, k) == 0);
        for (int i = threadIdx.x; i < k; i += blockDim.x) {
            T want = 1;
            for (int m = 0; m < size; m++)
                want = (T)(want * (T)(m + 1 + i % 3));
            DCHECK(dst[i] == want);
        }
        // Buffers one element in, an odd count: the 16-bit types' 4-byte
        // units are then not aligned, so they move an element at a time.
        DCHECK(sum(team, dst + 1, src + 1, k - 3) == 0);
        for (int i = 1 + threadIdx.x; i < k - 2; i += blockDim.x) {
            T want = 0;
            for (int m = 0; m < size; m++)
                want = (T)(want + (T)(m + 1 + i % 3));
            DCHECK(dst[i] == want);
        }
        // In place: the sum again, over the source itself.
        DCHECK(sum(team, src, src, k) == 0);
        for (int i = threadIdx.x; i < k; i += blockDim.x) {
            T want = 0;
            for (int m = 0; m < size; m++)
                want = (T)(want + (T)(m + 1 + i % 3));
            DCHECK(src[i] == want);
        }
        // In place, an odd count: the 16-bit types' last 4-byte unit is cut
        // short, and the element past the count is left as it was.
        for (int i = threadIdx.x; i < k; i += blockDim.x)
            src[i] = (T)(idx + 1 + i % 3);
        DCHECK(sum(team, src, src, k - 1) == 0);
        for (int i = threadIdx.x; i < k; i += blockDim.x) {
            T want = i < k - 1 ? (T)0 : (T)(idx + 1 + i % 3);
            for (int m = 0; i < k - 1 && m < size; m++)
                want = (T)(want + (T)(m + 1 + i % 3));
            DCHECK(src[i] == want);
        }
    }
};

// long double has no device form (a kernel that reduces one stops).
template <> struct reduce_case<long double> {
    template <class F> __device__ static void run(F, F, F, F, shmem_team_t, long double *,
                                                  long double *)
    {
    }
};

template <class T> struct bitwise_case {
    __device__ static void run(int (*a)(shmem_team_t, T *, const T *, size_t),
                               int (*o)(shmem_team_t, T *, const T *, size_t),
                               int (*x)(shmem_team_t, T *, const T *, size_t),
                               shmem_team_t team, T *src, T *dst)
    {
        int idx = shmem_team_my_pe(team), size = shmem_team_n_pes(team);
        const int k = 40;
        for (int i = threadIdx.x; i < k; i += blockDim.x)
            src[i] = (T)((1 << idx) | 0x40);
        T all = 0;
        for (int m = 0; m < size; m++)
            all = (T)(all | (T)(1 << m));
        DCHECK(a(team, dst, src, k) == 0);
        for (int i = threadIdx.x; i < k; i += blockDim.x)
            DCHECK(dst[i] == (T)(size == 1 ? (1 | 0x40) : 0x40));
        DCHECK(o(team, dst, src, k) == 0);
        for (int i = threadIdx.x; i < k; i += blockDim.x)
            DCHECK(dst[i] == (T)(all | 0x40));
        DCHECK(x(team, dst, src, k) == 0);
        for (int i = threadIdx.x; i < k; i += blockDim.x)
            DCHECK(dst[i] == (T)(all | (size % 2 ? 0x40 : 0)));
    }
};

__global__ void reductions(shmem_team_t team, char *src, char *dst)
{
#pragma nv_diagnostic push
#pragma nv_diag_suppress 20208
#define ARITH(T, N, A)                                                        \
    reduce_case<T>::run(shmemx_##N##_sum_reduce_block, shmemx_##N##_max_reduce_block, \
                        shmemx_##N##_min_reduce_block, shmemx_##N##_prod_reduce_block, \
                        team, (T *)src, (T *)dst);
    SHMEMI_REDUCE_MINMAX_TYPES(ARITH, 0)
#define ARITH_EXT(T, N) ARITH(T, N, 0)
    SHMEMI_DEVICE_EXT_TYPES(ARITH_EXT)
#undef ARITH_EXT
#undef ARITH
#pragma nv_diagnostic pop
#define BITS(T, N, A)                                                         \
    bitwise_case<T>::run(shmemx_##N##_and_reduce_block, shmemx_##N##_or_reduce_block, \
                         shmemx_##N##_xor_reduce_block, team, (T *)src, (T *)dst);
    SHMEMI_REDUCE_BITWISE_TYPES(BITS, 0)
#undef BITS
}

__global__ void use_team(shmem_team_t team, int want_index, int want_size)
{
    DCHECK(shmem_team_my_pe(team) == want_index);
    DCHECK(shmem_team_n_pes(team) == want_size);
    for (int i = 0; i < 3; i++)
        DCHECK(shmem_team_sync(team) == 0);
}

#define RUN(kernel_call, what)                                                \
    do {                                                                      \
        kernel_call;                                                          \
        cudaError_t e_ = cudaDeviceSynchronize();                             \
        CHECK(e_ == cudaSuccess, "%s: %s", what, cudaGetErrorString(e_));     \
    } while (0)

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    dcheck_init();

    shmem_team_t rev, x, y;
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, n - 1, -1, n, NULL, 0, &rev) == 0,
          "reversed team");
    CHECK(shmem_team_split_2d(SHMEM_TEAM_WORLD, 1, NULL, 0, &x, NULL, 0, &y) == 0, "2-D split");
    long *src = (long *)shmem_calloc(64 * n + 64, sizeof(long));
    long *dst = (long *)shmem_calloc(64 * n + 64, sizeof(long));

    // Under the emulated barrier switch the world team has a slot of it,
    // and kernels use the switch too.
    if (getenv("SHMEM_BARRIER_EMULATE"))
        CHECK(shmemx_team_barrier_engine(SHMEM_TEAM_WORLD) == SHMEMX_BARRIER_ENGINE_HW,
              "SHMEM_TEAM_WORLD has engine %d under the emulated switch",
              shmemx_team_barrier_engine(SHMEM_TEAM_WORLD));
    RUN((queries<<<1, 1>>>(rev, x, y, me, n)), "team queries");
    shmem_team_t teams[] = {SHMEM_TEAM_WORLD, rev, x};
    for (int t = 0; t < 3; t++) {
        RUN((data_colls<<<1, 128>>>(teams[t], src, dst, me)), "broadcast/fcollect/alltoall");
        RUN((reductions<<<1, 16>>>(teams[t], (char *)src, (char *)dst)), "reductions");
    }

    // Teams made and destroyed over and over: every one gets a slot that
    // an earlier team held, and a kernel uses it.
    for (int i = 0; i < 300; i++) {
        shmem_team_t t;
        int size = n - i % n;
        CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, size, NULL, 0, &t) == 0,
              "split %d", i);
        if (t != SHMEM_TEAM_INVALID) {
            RUN((use_team<<<1, 1>>>(t, me, size)), "kernel on a new team");
            shmem_team_destroy(t);
        }
    }

    int h = dcheck_failures();
    CHECK(h == 0, "PE %d: %d wrong results in the kernels", me, h);
    shmem_barrier_all();
    shmem_free(dst);
    shmem_free(src);
    shmem_team_destroy(y);
    shmem_team_destroy(x);
    shmem_team_destroy(rev);
    dcheck_fini();
    shmem_finalize();
    printf("PE %d: device teams and collectives ok\n", me);
    return 0;
}
