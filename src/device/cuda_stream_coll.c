/* On-stream collectives over a team whose members are all on this node.
 * The copy paths are a device barrier of the team (every member's source
 * is ready and its dest free), copies in which every member pulls what it
 * needs from the others' memory into its own, and a device barrier (every
 * member is done reading the others, so each may reuse its buffers).
 * Pulling spreads the copies over every member's copy engines. The
 * kernels (kernels/) store into the members' memory instead, between
 * barriers of their blocks, or, for small sums, with a flag beside the
 * data and no barrier. Either way only the team's members are touched. */
#include <stdint.h>

#include <shmemx.h>
#include <shmem/internal/device_state.h>

#include "coll/coll.h"
#include "init/config.h"
#include "rma/rma.h"
#include "cuda_kernels.h"
#include "cuda_stream.h"
#include "device_state.h"

/* Describes team into c; -1 for SHMEM_TEAM_INVALID. */
static int team_of(const char *call, shmem_team_t team, struct shmemi_coll *c)
{
    if (shmemi_coll_team(c, call, team) != 0)
        return -1;
    shmemi_stream_check(call);
    shmemi_stream_members(call, c->start, c->stride, c->size);
    return 0;
}

int shmemx_broadcastmem_on_stream(shmem_team_t team, void *dest, const void *source,
                                  size_t nelems, int PE_root, shmemx_stream_t stream)
{
    struct shmemi_coll c;
    if (team_of(__func__, team, &c) != 0)
        return -1;
    if (PE_root < 0 || PE_root >= c.size)
        shmemi_fatal(__func__, "PE_root %d is not a PE of the team (0 to %d)", PE_root,
                     c.size - 1);
    if (nelems == 0)
        return 0;
    const char *from = shmemi_rma_target(__func__, source, nelems, shmemi_coll_pe(&c, PE_root));
    char *to = shmemi_rma_target(__func__, dest, nelems, shmemi_state.my_pe);
    shmemi_stream_barrier(__func__, team, stream);
    if (from != to)
        shmemi_stream_copy(__func__, to, from, nelems, stream);
    shmemi_stream_barrier(__func__, team, stream);
    return 0;
}

/* The blocks of `threads` threads of a multi-block kernel that moves
 * `units` 16-byte units (or the small sums' lines) to or from each member:
 * one a thread, up to the block barriers each team's slot has. */
static unsigned multiblock_blocks(size_t units, unsigned threads)
{
    size_t blocks = (units + threads - 1) / threads;
    return blocks < SHMEMI_TEAM_BLOCKS ? (unsigned)(blocks ? blocks : 1) : SHMEMI_TEAM_BLOCKS;
}

/* The multi-block sum's blocks for a share of `units` 16-byte units: one
 * unit a thread up to SUMB_FIRST_BLOCKS blocks, then that many blocks
 * until each thread has SHMEMI_SUMB_UNROLL units, then more blocks, up to
 * SHMEMI_TEAM_BLOCKS. On 4 H200s, 2 MiB a PE took 18.4 us in 128 blocks of
 * one unit a thread against 17.7 in 64 of two; from 4 MiB on, 128 blocks
 * were faster (bench/results/2026-11-28-sum-blocks.md). */
enum { SUMB_FIRST_BLOCKS = 64 };

static unsigned sum_blocks(size_t units)
{
    unsigned one = multiblock_blocks(units, SHMEMI_SUMB_THREADS);
    if (one <= SUMB_FIRST_BLOCKS)
        return one;
    unsigned pass = multiblock_blocks(units, SHMEMI_SUMB_THREADS * SHMEMI_SUMB_UNROLL);
    return pass > SUMB_FIRST_BLOCKS ? pass : SUMB_FIRST_BLOCKS;
}

/* Blocks of an exchange that are not all 16-byte aligned take the kernel
 * up to this size only: its threads then move 8 bytes or one at a time,
 * which the copy engines outrun on large blocks. */
enum { EXCHANGE_UNALIGNED_MAX = 64 << 10 };

/* Block i of this member's dest is nelems bytes of member i's source,
 * my_index * source_step bytes in (as shmemi_dev_block_exchange moves
 * them): source_step 0 is fcollect, nelems alltoall. One kernel of several
 * blocks (exchange.cuh) up to SHMEM_STREAM_EXCHANGE_KERNEL bytes a block;
 * above, a copy per member between two barriers. Every member decides
 * alike: the sizes are the same on all, and symmetric addresses are
 * aligned alike. */
static int exchange(const char *call, shmem_team_t team, void *dest, const void *source,
                    size_t nelems, size_t source_step, shmemx_stream_t stream)
{
    struct shmemi_coll c;
    if (team_of(call, team, &c) != 0)
        return -1;
    if (nelems == 0)
        return 0;
    char *to = shmemi_rma_target(call, dest, shmemi_coll_bytes(&c, nelems, c.size),
                                 shmemi_state.my_pe);
    shmemi_rma_target(call, source, source_step * (size_t)(c.size - 1) + nelems,
                      shmemi_state.my_pe);
    int aligned = (((uintptr_t)dest | (uintptr_t)source | nelems | source_step) & 15) == 0;
    if (nelems <= shmemi_config.stream_exchange_kernel && shmemi_device_block_radix(c.size) &&
        (aligned || nelems <= EXCHANGE_UNALIGNED_MAX)) {
        unsigned long long handle = (unsigned long long)(uintptr_t)team;
        void *args[] = {&handle, &dest, &source, &nelems, &source_step,
                        &c.start, &c.stride, &c.size};
        shmemi_kernel_launch(call, SHMEMI_KERNEL_EXCHANGE,
                             multiblock_blocks((nelems + 15) / 16, SHMEMI_MULTIBLOCK_THREADS),
                             SHMEMI_MULTIBLOCK_THREADS, stream, args);
        return 0;
    }
    const char *mine = (const char *)source + (size_t)c.me * source_step;
    shmemi_stream_barrier(call, team, stream);
    /* Members start at different peers, as the device form does. */
    for (int j = 0; j < c.size; j++) {
        int i = (c.me + j) % c.size;
        shmemi_stream_copy(call, to + (size_t)i * nelems,
                           shmemi_rma_target(call, mine, nelems, shmemi_coll_pe(&c, i)),
                           nelems, stream);
    }
    shmemi_stream_barrier(call, team, stream);
    return 0;
}

int shmemx_fcollectmem_on_stream(shmem_team_t team, void *dest, const void *source,
                                 size_t nelems, shmemx_stream_t stream)
{
    return exchange(__func__, team, dest, source, nelems, 0, stream);
}

int shmemx_alltoallmem_on_stream(shmem_team_t team, void *dest, const void *source,
                                 size_t nelems, shmemx_stream_t stream)
{
    return exchange(__func__, team, dest, source, nelems, nelems, stream);
}

/* A type's kernels follow one another (SHMEMI_SUM_KERNELS). */
enum {
    SUMB = SHMEMI_KERNEL_SUMB_INT - SHMEMI_KERNEL_SUM_INT,
    SUML = SHMEMI_KERNEL_SUML_INT - SHMEMI_KERNEL_SUM_INT,
    SUMP = SHMEMI_KERNEL_SUMP_INT - SHMEMI_KERNEL_SUM_INT
};

/* Whether a sum of this many bytes per PE takes the team's small-sum
 * buffers (reduce_ll.cuh), which hold SHMEM_STREAM_SUM_LL bytes of each
 * member. */
static int sum_ll(const struct shmemi_coll *c, size_t bytes)
{
    return bytes <= shmemi_config.stream_sum_ll && shmemi_device_team_ll(c->team->slot);
}

/* Whether a sum takes the kernel that only stores (reduce_push.cuh):
 * from SHMEM_STREAM_SUM_PUSH bytes per PE, on a team with its buffers,
 * in whole 16-byte units; its ready and credit words are raised by a
 * thread for each member. */
static int sum_push(const struct shmemi_coll *c, size_t bytes, const void *dest,
                    const void *source)
{
    return shmemi_config.stream_sum_push && bytes >= shmemi_config.stream_sum_push &&
           shmemi_device_team_push(c->team->slot) && c->size <= SHMEMI_PUSH_THREADS &&
           (((uintptr_t)dest | (uintptr_t)source | bytes) & 15) == 0;
}

/* Up to SHMEM_STREAM_SUM_LL bytes, no barrier (reduce_ll.cuh); up to
 * SHMEM_STREAM_SUM_KERNEL bytes, one kernel of several blocks: from
 * SHMEM_STREAM_SUM_PUSH bytes, where it applies, the one that only stores
 * and has one barrier (reduce_push.cuh), else the one with two barriers
 * (reduce.cuh); above, a reduce-scatter kernel and the copy
 * engines for the allgather, in five launches with three barriers, which
 * were slower at every size measured
 * (bench/results/2026-11-28-allreduce.md). */
static int sum_reduce(const char *call, shmem_team_t team, void *dest, const void *source,
                      size_t nreduce, size_t elem, enum shmemi_kernel kernel, shmemx_stream_t stream)
{
    struct shmemi_coll c;
    if (team_of(call, team, &c) != 0)
        return -1;
    if (nreduce == 0)
        return 0;
    size_t bytes = shmemi_coll_bytes(&c, nreduce, elem);
    char *to = shmemi_rma_target(call, dest, bytes, shmemi_state.my_pe);
    /* The other members read source: it must be symmetric too. */
    shmemi_rma_target(call, source, bytes, shmemi_state.my_pe);
    unsigned long long handle = (unsigned long long)(uintptr_t)team;
    if (sum_ll(&c, bytes)) {
        void *args[] = {&handle, &dest, &source, &nreduce};
        /* A thread a line. */
        size_t lines = (bytes + 7) / 8, threads = (lines + 31) / 32 * 32;
        shmemi_kernel_launch(call, (enum shmemi_kernel)(kernel + SUML),
                             multiblock_blocks(lines, SHMEMI_MULTIBLOCK_THREADS),
                             threads < SHMEMI_MULTIBLOCK_THREADS ? (unsigned)threads
                                                                 : SHMEMI_MULTIBLOCK_THREADS,
                             stream, args);
        return 0;
    }
    if (bytes <= shmemi_config.stream_sum_kernel && shmemi_device_block_radix(c.size)) {
        if (sum_push(&c, bytes, dest, source)) {
            void *args[] = {&handle, &dest, &source, &nreduce};
            shmemi_kernel_launch(call, (enum shmemi_kernel)(kernel + SUMP), SHMEMI_PUSH_BLOCKS,
                                 SHMEMI_PUSH_THREADS, stream, args);
            return 0;
        }
        void *args[] = {&handle, &dest, &source, &nreduce, &c.start, &c.stride, &c.size};
        /* One 16-byte unit of each member's share a thread. */
        size_t share = ((bytes + 15) / 16 + (size_t)c.size - 1) / (size_t)c.size;
        shmemi_kernel_launch(call, (enum shmemi_kernel)(kernel + SUMB),
                             sum_blocks(share), SHMEMI_SUMB_THREADS,
                             stream, args);
        return 0;
    }
    size_t begin = shmemi_piece(nreduce, c.size, c.me);
    size_t end = shmemi_piece(nreduce, c.size, c.me + 1);
    shmemi_stream_barrier(call, team, stream);
    if (end > begin) {
        size_t blocks = (end - begin + 255) / 256;
        void *args[] = {&dest, &source, &begin, &end, &c.start, &c.stride, &c.size};
        shmemi_kernel_launch(call, kernel, blocks < 1024 ? (unsigned)blocks : 1024, 256,
                             stream, args);
    }
    shmemi_stream_barrier(call, team, stream);
    for (int i = 0; i < c.size; i++) {
        size_t b = shmemi_piece(nreduce, c.size, i);
        size_t e = shmemi_piece(nreduce, c.size, i + 1);
        if (i != c.me && e > b)
            shmemi_stream_copy(call, to + b * elem,
                               shmemi_rma_target(call, to + b * elem, (e - b) * elem,
                                                 shmemi_coll_pe(&c, i)),
                               (e - b) * elem, stream);
    }
    shmemi_stream_barrier(call, team, stream);
    return 0;
}

#define SHMEMI_STREAM_SUM(A, T, K, N, E, S)                                   \
    int shmemx_##N##_sum_reduce_on_stream(shmem_team_t team, T *dest,          \
                                          const T *source, size_t nreduce,    \
                                          shmemx_stream_t stream)             \
    {                                                                         \
        return sum_reduce(__func__, team, dest, source, nreduce, S,           \
                          SHMEMI_KERNEL_SUM_##E, stream);                     \
    }
SHMEMI_STREAM_SUM_TYPES(SHMEMI_STREAM_SUM, _)
#undef SHMEMI_STREAM_SUM
