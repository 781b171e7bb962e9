// The on-stream team calls on teams other than the world: SHMEM_TEAM_SHARED,
// the world in reverse (member i is PE n-1-i, so member indices and PE
// numbers differ), the even PEs (stride 2), the odd PEs (at 2 PEs a team
// of one beside the even one, both working at once), the last PE alone, and
// the world in reverse again in a slot past the small sums' buffers.
// Every member checks team_sync_on_stream, broadcast from every root,
// fcollect and alltoall (at sizes that take the kernel and the copies) and
// the four sum reductions (in place too) against
// what the members put in; a PE outside a team checks that every call
// returns nonzero for SHMEM_TEAM_INVALID and that no member wrote its
// buffers. A failure names the team, the call, the element and the value.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <shmem.h>
#include <shmemx.h>
#include <shmem/internal/device_state.h>

#include "cuda_check.h"

#define N 30011 // odd, so that shares and blocks are uneven
#define BIG (3 * N - 2) // elements of the sums past SHMEM_STREAM_SUM_LL
#define UNTOUCHED (-7L)

static long pattern(int pe, int tag, size_t i) { return (long)pe * 100000000 + tag * 1000000 + (long)(i % 9973); }

__global__ void fill(long *d, int pe, int tag, size_t n)
{
    for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        d[i] = (long)pe * 100000000 + tag * 1000000 + (long)(i % 9973);
}

__global__ void set(long *d, long v, size_t n)
{
    for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        d[i] = v;
}

static long *host_copy(const void *dev, size_t bytes, cudaStream_t s)
{
    long *h = (long *)malloc(bytes);
    CHECK(h, "malloc");
    CUDA_OK(cudaStreamSynchronize(s));
    CUDA_OK(cudaMemcpy(h, dev, bytes, cudaMemcpyDeviceToHost));
    return h;
}

static void expect(const char *team, const char *what, const long *h, size_t n, int pe, int tag)
{
    for (size_t i = 0; i < n; i++)
        CHECK(h[i] == pattern(pe, tag, i),
              "team %s, %s: element %zu is %ld, expected %ld (PE %d's data, tag %d)", team,
              what, i, h[i], pattern(pe, tag, i), pe, tag);
}

struct bufs {
    long *src, *dst; // symmetric, n_pes * N longs each
    size_t bytes;    // N longs
};

static void members(const char *name, shmem_team_t t, struct bufs *b, cudaStream_t s)
{
    int me = shmem_my_pe(), size = shmem_team_n_pes(t), mi = shmem_team_my_pe(t);
    size_t B = b->bytes;
    char what[96];
    CHECK(shmemx_team_sync_on_stream(t, s) == 0, "team %s: team_sync_on_stream", name);

    for (int root = 0; root < size; root++) {
        int root_pe = shmem_team_translate_pe(t, root, SHMEM_TEAM_WORLD);
        fill<<<32, 256, 0, s>>>(b->src, me, 1 + root, N);
        CHECK(shmemx_broadcastmem_on_stream(t, b->dst, b->src, B, root, s) == 0,
              "team %s: broadcastmem_on_stream", name);
        long *h = host_copy(b->dst, B, s);
        snprintf(what, sizeof what, "broadcastmem_on_stream from root %d (PE %d)", root, root_pe);
        expect(name, what, h, N, root_pe, 1 + root);
        free(h);
    }

    // Blocks of N longs (not 16-byte aligned: the copies) and of N - 1
    // (16-byte aligned: the kernel).
    for (size_t c : {(size_t)N, (size_t)N - 1}) {
        size_t cb = c * sizeof(long);
        fill<<<32, 256, 0, s>>>(b->src, me, 20, c);
        CHECK(shmemx_fcollectmem_on_stream(t, b->dst, b->src, cb, s) == 0,
              "team %s: fcollectmem_on_stream", name);
        long *h = host_copy(b->dst, cb * size, s);
        for (int i = 0; i < size; i++) {
            snprintf(what, sizeof what, "fcollectmem_on_stream of %zu bytes, block of member %d",
                     cb, i);
            expect(name, what, h + (size_t)i * c, c, shmem_team_translate_pe(t, i, SHMEM_TEAM_WORLD),
                   20);
        }
        free(h);

        // alltoall: block i of this member's source carries tag 30 + i.
        for (int i = 0; i < size; i++)
            fill<<<32, 256, 0, s>>>(b->src + (size_t)i * c, me, 30 + i, c);
        CHECK(shmemx_alltoallmem_on_stream(t, b->dst, b->src, cb, s) == 0,
              "team %s: alltoallmem_on_stream", name);
        h = host_copy(b->dst, cb * size, s);
        for (int i = 0; i < size; i++) {
            snprintf(what, sizeof what, "alltoallmem_on_stream of %zu bytes, block from member %d",
                     cb, i);
            expect(name, what, h + (size_t)i * c, c, shmem_team_translate_pe(t, i, SHMEM_TEAM_WORLD),
                   30 + mi);
        }
        free(h);
    }
    CHECK(shmemx_team_sync_on_stream(t, s) == 0, "team %s: team_sync_on_stream", name);
    CUDA_OK(cudaStreamSynchronize(s));
}

template <class T> __global__ void fill_sum(T *d, int pe, size_t n)
{
    for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        d[i] = (T)(pe + 1) * (T)(i % 1000) + (T)0.5;
}

// Sums of small integers (floats included) are exact: every member must
// hold exactly the sum over the members' world PEs pe of
// (pe + 1) * (i % 1000) + 0.5.
// count: BIG (odd, so pieces are uneven) takes the multi-block kernel, N
// and 5000 the sum with no barrier in several blocks and 100 in one (where
// the team has the small sums' buffers, SHMEMI_TEAM_LL_SLOTS; else the
// multi-block kernel too).
template <class T>
static void sum(const char *name, const char *call,
                int (*reduce)(shmem_team_t, T *, const T *, size_t, cudaStream_t), shmem_team_t t,
                struct bufs *b, cudaStream_t s, int in_place, size_t count)
{
    T *src = (T *)b->src, *dst = in_place ? src : (T *)b->dst;
    int size = shmem_team_n_pes(t);
    fill_sum<T><<<32, 256, 0, s>>>(src, shmem_my_pe(), count);
    CHECK(reduce(t, dst, src, count, s) == 0, "team %s: %s", name, call);
    T *h = (T *)malloc(count * sizeof(T));
    CHECK(h, "malloc");
    CUDA_OK(cudaStreamSynchronize(s));
    CUDA_OK(cudaMemcpy(h, dst, count * sizeof(T), cudaMemcpyDeviceToHost));
    for (size_t i = 0; i < count; i++) {
        T want = 0;
        for (int m = 0; m < size; m++)
            want += (T)(shmem_team_translate_pe(t, m, SHMEM_TEAM_WORLD) + 1) * (T)(i % 1000) + (T)0.5;
        CHECK(h[i] == want, "team %s: %s%s of %zu elements: element %zu is %g, expected %g", name, call,
              in_place ? " (in place)" : "", count, i, (double)h[i], (double)want);
    }
    free(h);
    CHECK(shmemx_team_sync_on_stream(t, s) == 0, "team %s: team_sync_on_stream", name);
    CUDA_OK(cudaStreamSynchronize(s));
}

static void sums(const char *name, shmem_team_t t, struct bufs *b, cudaStream_t s)
{
    for (int in_place = 0; in_place < 2; in_place++) {
        for (size_t count : {(size_t)BIG, (size_t)N, (size_t)5000, (size_t)100}) {
            sum<int>(name, "int_sum_reduce_on_stream", shmemx_int_sum_reduce_on_stream, t, b, s,
                     in_place, count);
            sum<long>(name, "long_sum_reduce_on_stream", shmemx_long_sum_reduce_on_stream, t, b, s,
                      in_place, count);
            sum<float>(name, "float_sum_reduce_on_stream", shmemx_float_sum_reduce_on_stream, t, b,
                       s, in_place, count);
            sum<double>(name, "double_sum_reduce_on_stream", shmemx_double_sum_reduce_on_stream, t,
                        b, s, in_place, count);
        }
    }
}

// A PE outside the team: every call refuses SHMEM_TEAM_INVALID, queues
// nothing, and the members' collectives leave its buffers alone.
static void outsider(const char *name, shmem_team_t t, struct bufs *b, cudaStream_t s)
{
    size_t B = b->bytes;
    CHECK(t == SHMEM_TEAM_INVALID, "team %s: a non-member got a team", name);
    CHECK(shmemx_team_sync_on_stream(t, s) != 0, "team %s: team_sync_on_stream on SHMEM_TEAM_INVALID returned 0", name);
    CHECK(shmemx_broadcastmem_on_stream(t, b->dst, b->src, B, 0, s) != 0,
          "team %s: broadcastmem_on_stream on SHMEM_TEAM_INVALID returned 0", name);
    CHECK(shmemx_fcollectmem_on_stream(t, b->dst, b->src, B, s) != 0,
          "team %s: fcollectmem_on_stream on SHMEM_TEAM_INVALID returned 0", name);
    CHECK(shmemx_alltoallmem_on_stream(t, b->dst, b->src, B, s) != 0,
          "team %s: alltoallmem_on_stream on SHMEM_TEAM_INVALID returned 0", name);
    CHECK(shmemx_long_sum_reduce_on_stream(t, b->dst, b->src, N, s) != 0,
          "team %s: long_sum_reduce_on_stream on SHMEM_TEAM_INVALID returned 0", name);
}

static void run(const char *name, shmem_team_t t, struct bufs *b, cudaStream_t s)
{
    int n = shmem_n_pes();
    size_t all = (size_t)n * N;
    set<<<32, 256, 0, s>>>(b->src, UNTOUCHED, all);
    set<<<32, 256, 0, s>>>(b->dst, UNTOUCHED, all);
    CUDA_OK(cudaStreamSynchronize(s));
    shmem_barrier_all();
    if (t != SHMEM_TEAM_INVALID) {
        members(name, t, b, s);
        sums(name, t, b, s);
    } else {
        outsider(name, t, b, s);
    }
    shmem_barrier_all();
    if (t == SHMEM_TEAM_INVALID) {
        long *h = host_copy(b->dst, all * sizeof(long), s);
        for (size_t i = 0; i < all; i++)
            CHECK(h[i] == UNTOUCHED, "team %s: a member wrote element %zu of a non-member's "
                  "dest (%ld)", name, i, h[i]);
        free(h);
    }
    if (shmem_my_pe() == 0)
        printf("team %s: ok\n", name);
}

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    cudaStream_t s;
    CUDA_OK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    struct bufs b;
    b.bytes = N * sizeof(long);
    // n blocks of N longs for the exchanges, and at least BIG for the sums.
    size_t room = (n > 3 ? n : 3) * b.bytes;
    b.src = (long *)shmem_malloc(room);
    b.dst = (long *)shmem_malloc(room);
    CHECK(b.src && b.dst, "shmem_malloc of 2 x %zu bytes", room);

    shmem_team_t reverse, even, odd = SHMEM_TEAM_INVALID, last;
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, n - 1, -1, n, NULL, 0, &reverse) == 0,
          "split of the world in reverse");
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, (n + 1) / 2, NULL, 0, &even) == 0,
          "split of the even PEs");
    if (n > 1)
        CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 1, 2, n / 2, NULL, 0, &odd) == 0,
              "split of the odd PEs");
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, n - 1, 1, 1, NULL, 0, &last) == 0,
          "split of the last PE");
    CHECK(shmem_team_n_pes(reverse) == n && shmem_team_my_pe(reverse) == n - 1 - me,
          "reverse team: %d members, this PE is member %d", shmem_team_n_pes(reverse),
          shmem_team_my_pe(reverse));
    CHECK((me == n - 1) == (last != SHMEM_TEAM_INVALID), "last-PE team on PE %d", me);

    run("SHMEM_TEAM_SHARED", SHMEM_TEAM_SHARED, &b, s);
    run("reverse", reverse, &b, s);
    // The even and the odd PEs run at once, each on a team of its own.
    if (me % 2 == 0)
        run("even", even, &b, s);
    else
        run("odd", odd, &b, s);
    run("last PE alone", last, &b, s);
    // A team past the slots with the small sums' buffers, which the teams
    // above and these fillers hold.
    shmem_team_t filler[SHMEMI_TEAM_LL_SLOTS], past;
    for (int i = 0; i < SHMEMI_TEAM_LL_SLOTS; i++)
        CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, n, NULL, 0, &filler[i]) == 0,
              "split of filler team %d", i);
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, n - 1, -1, n, NULL, 0, &past) == 0,
          "split of the world in reverse past the small sums' slots");
    run("reverse, past the small sums' slots", past, &b, s);
    shmem_team_destroy(past);
    for (int i = 0; i < SHMEMI_TEAM_LL_SLOTS; i++)
        shmem_team_destroy(filler[i]);

    CHECK(shmemx_team_sync_on_stream(SHMEM_TEAM_INVALID, s) != 0,
          "team_sync_on_stream on SHMEM_TEAM_INVALID returned 0");
    shmemx_barrier_all_on_stream(s);
    CUDA_OK(cudaStreamSynchronize(s));
    if (last != SHMEM_TEAM_INVALID)
        shmem_team_destroy(last);
    if (odd != SHMEM_TEAM_INVALID)
        shmem_team_destroy(odd);
    if (even != SHMEM_TEAM_INVALID)
        shmem_team_destroy(even);
    shmem_team_destroy(reverse);
    shmem_free(b.dst);
    shmem_free(b.src);
    CUDA_OK(cudaStreamDestroy(s));
    if (me == 0)
        printf("on-stream team calls: ok at %d PEs\n", n);
    shmem_finalize();
    return 0;
}
