/* On-stream collectives over every PE. Each is a device barrier (every PE's
 * source is ready and its dest free), copies or a kernel in which every PE
 * pulls what it needs from the others' memory into its own, and a device
 * barrier (every PE is done reading the others, so each may reuse its
 * buffers). Pulling spreads the copies over every PE's copy engines and
 * leaves each PE writing only its own memory. */
#include <stdint.h>

#include <shmemx.h>

#include "../coll/coll.h"
#include "../rma/rma.h"
#include "cuda_kernels.h"
#include "cuda_stream.h"

/* Describes team into c; -1 for SHMEM_TEAM_INVALID. The device barrier
 * runs over all PEs, so the team must hold them all, in order. */
static int world(const char *call, shmem_team_t team, struct shmemi_coll *c)
{
    if (shmemi_coll_team(c, call, team) != 0)
        return -1;
    if (c->start != 0 || c->stride != 1 || c->size != shmemi_state.n_pes)
        shmemi_fatal(call, "on-stream collectives run over every PE (the "
                     "device barrier's), but this team has %d of the %d PEs; "
                     "use SHMEM_TEAM_WORLD", c->size, shmemi_state.n_pes);
    shmemi_stream_check(call);
    return 0;
}

int shmemx_broadcastmem_on_stream(shmem_team_t team, void *dest, const void *source,
                                  size_t nelems, int PE_root, shmemx_stream_t stream)
{
    struct shmemi_coll c;
    if (world(__func__, team, &c) != 0)
        return -1;
    if (PE_root < 0 || PE_root >= c.size)
        shmemi_fatal(__func__, "PE_root %d is not a PE of the team (0 to %d)", PE_root,
                     c.size - 1);
    if (nelems == 0)
        return 0;
    const char *from = shmemi_rma_target(__func__, source, nelems, PE_root);
    char *to = shmemi_rma_target(__func__, dest, nelems, c.me);
    shmemi_stream_barrier(__func__, stream);
    if (from != to)
        shmemi_stream_copy(__func__, to, from, nelems, stream);
    shmemi_stream_barrier(__func__, stream);
    return 0;
}

int shmemx_fcollectmem_on_stream(shmem_team_t team, void *dest, const void *source,
                                 size_t nelems, shmemx_stream_t stream)
{
    struct shmemi_coll c;
    if (world(__func__, team, &c) != 0)
        return -1;
    if (nelems == 0)
        return 0;
    char *to = shmemi_rma_target(__func__, dest, shmemi_coll_bytes(&c, nelems, c.size), c.me);
    shmemi_stream_barrier(__func__, stream);
    for (int p = 0; p < c.size; p++)
        shmemi_stream_copy(__func__, to + (size_t)p * nelems,
                           shmemi_rma_target(__func__, source, nelems, p), nelems, stream);
    shmemi_stream_barrier(__func__, stream);
    return 0;
}

/* Block p of this PE's dest is block me of PE p's source. */
int shmemx_alltoallmem_on_stream(shmem_team_t team, void *dest, const void *source,
                                 size_t nelems, shmemx_stream_t stream)
{
    struct shmemi_coll c;
    if (world(__func__, team, &c) != 0)
        return -1;
    if (nelems == 0)
        return 0;
    size_t bytes = shmemi_coll_bytes(&c, nelems, c.size);
    char *to = shmemi_rma_target(__func__, dest, bytes, c.me);
    const char *mine = (const char *)shmemi_rma_target(__func__, source, bytes, c.me) +
                       (size_t)c.me * nelems;
    shmemi_stream_barrier(__func__, stream);
    for (int p = 0; p < c.size; p++)
        shmemi_stream_copy(__func__, to + (size_t)p * nelems,
                           shmemi_rma_target(__func__, mine, nelems, p), nelems, stream);
    shmemi_stream_barrier(__func__, stream);
    return 0;
}

/* The first element of PE i's share of n elements among `size` PEs (as
 * even as can be; i = size gives n). */
static size_t share(size_t n, int size, int i)
{
    size_t q = n / (size_t)size, r = n % (size_t)size, ii = (size_t)i;
    return q * ii + (ii < r ? ii : r);
}

/* Reduce-scatter, then allgather: this PE sums its share of the elements
 * over every PE into its own dest (src/device/kernels/reduce.cuh), then,
 * after a barrier, copies each other PE's share of the result from that
 * PE's dest. */
static int sum_reduce(const char *call, shmem_team_t team, void *dest, const void *source,
                      size_t nreduce, size_t elem, enum shmemi_kernel kernel,
                      shmemx_stream_t stream)
{
    struct shmemi_coll c;
    if (world(call, team, &c) != 0)
        return -1;
    if (nreduce == 0)
        return 0;
    size_t bytes = shmemi_coll_bytes(&c, nreduce, elem);
    char *to = shmemi_rma_target(call, dest, bytes, c.me);
    /* The other PEs read source: it must be symmetric too. */
    shmemi_rma_target(call, source, bytes, c.me);
    size_t begin = share(nreduce, c.size, c.me), end = share(nreduce, c.size, c.me + 1);
    shmemi_stream_barrier(call, stream);
    if (end > begin) {
        size_t blocks = (end - begin + 255) / 256;
        void *args[] = {&dest, &source, &begin, &end};
        shmemi_kernel_launch(call, kernel, blocks < 1024 ? (unsigned)blocks : 1024, 256,
                             stream, args);
    }
    shmemi_stream_barrier(call, stream);
    for (int p = 0; p < c.size; p++) {
        size_t b = share(nreduce, c.size, p), e = share(nreduce, c.size, p + 1);
        if (p != c.me && e > b)
            shmemi_stream_copy(call, to + b * elem,
                               shmemi_rma_target(call, to + b * elem, (e - b) * elem, p),
                               (e - b) * elem, stream);
    }
    shmemi_stream_barrier(call, stream);
    return 0;
}

#define SHMEMI_STREAM_SUM(T, N, K)                                            \
    int shmemx_##N##_sum_reduce_on_stream(shmem_team_t team, T *dest,          \
                                          const T *source, size_t nreduce,    \
                                          shmemx_stream_t stream)             \
    {                                                                         \
        return sum_reduce(__func__, team, dest, source, nreduce, sizeof(T),   \
                          SHMEMI_KERNEL_SUM_##K, stream);                     \
    }
SHMEMI_STREAM_SUM(int, int, INT)
SHMEMI_STREAM_SUM(long, long, LONG)
SHMEMI_STREAM_SUM(float, float, FLOAT)
SHMEMI_STREAM_SUM(double, double, DOUBLE)
#undef SHMEMI_STREAM_SUM
