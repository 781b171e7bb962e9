/* Block-cooperative collectives in kernels (shmemx_..._block): every
 * thread of one block on each PE of the team calls them with the same
 * arguments. Each is a team barrier (every member's source is ready), the
 * block's loads and stores through the window, and a team barrier (every
 * member is done with the others' buffers). They return 0, or -1 for a
 * handle that is not a team of this PE. Complex types have no device form. */
#ifndef SHMEM_DEVICE_COLL_H
#define SHMEM_DEVICE_COLL_H

__device__ inline void shmemi_dev_block_team_barrier(const struct shmemi_device_team *t)
{
    __syncthreads();
    if (shmemi_dev_block::rank() == 0)
        shmemi_dev_team_barrier(t);
    __syncthreads();
}

/* World PE of member i. */
__device__ inline int shmemi_dev_member(const struct shmemi_device_team *t, int i)
{
    return t->start + i * t->stride;
}

__device__ inline int shmemx_broadcastmem_block(shmem_team_t team, void *dest, const void *source,
                                                size_t nelems, int root)
{
    const struct shmemi_device_team *t = shmemi_dev_team(team);
    if (!t || root < 0 || root >= t->size)
        return -1;
    shmemi_dev_block_team_barrier(t);
    if (t->my_index != root)
        shmemi_dev_group_copy<shmemi_dev_block>(
            (char *)dest,
            shmemi_dev_member_peer("shmemx_broadcastmem_block", source, shmemi_dev_member(t, root)),
            nelems);
    else if (dest != source)
        shmemi_dev_group_copy<shmemi_dev_block>((char *)dest, (const char *)source, nelems);
    shmemi_dev_block_team_barrier(t);
    return 0;
}

/* Every member sends nelems bytes to every member's dest + my_index *
 * nelems: for member i, from source + i * source_step. */
__device__ inline int shmemi_dev_block_exchange(const char *call, shmem_team_t team, void *dest,
                                                const void *source, size_t nelems,
                                                size_t source_step)
{
    const struct shmemi_device_team *t = shmemi_dev_team(team);
    if (!t)
        return -1;
    shmemi_dev_block_team_barrier(t);
    for (int j = 0; j < t->size; j++) {
        int i = (t->my_index + j) % t->size; /* members start at different peers */
        char *d = shmemi_dev_member_peer(call, (char *)dest + (size_t)t->my_index * nelems,
                                  shmemi_dev_member(t, i));
        shmemi_dev_copy_part(d, (const char *)source + (size_t)i * source_step, nelems,
                             shmemi_dev_block::rank(), shmemi_dev_block::size());
    }
    shmemi_dev_block_team_barrier(t);
    return 0;
}

/* Member i's nelems bytes land at dest + i * nelems on every member. */
__device__ inline int shmemx_fcollectmem_block(shmem_team_t team, void *dest, const void *source,
                                               size_t nelems)
{
    return shmemi_dev_block_exchange("shmemx_fcollectmem_block", team, dest, source, nelems, 0);
}

/* Block i of member j's source (nelems bytes) lands as block j of member
 * i's dest. */
__device__ inline int shmemx_alltoallmem_block(shmem_team_t team, void *dest, const void *source,
                                               size_t nelems)
{
    return shmemi_dev_block_exchange("shmemx_alltoallmem_block", team, dest, source, nelems,
                                     nelems);
}

struct shmemi_dev_op_sum { template <class T> __device__ static T f(T a, T b) { return a + b; } };
struct shmemi_dev_op_prod { template <class T> __device__ static T f(T a, T b) { return a * b; } };
struct shmemi_dev_op_max { template <class T> __device__ static T f(T a, T b) { return a > b ? a : b; } };
struct shmemi_dev_op_min { template <class T> __device__ static T f(T a, T b) { return a < b ? a : b; } };
struct shmemi_dev_op_and { template <class T> __device__ static T f(T a, T b) { return a & b; } };
struct shmemi_dev_op_or { template <class T> __device__ static T f(T a, T b) { return a | b; } };
struct shmemi_dev_op_xor { template <class T> __device__ static T f(T a, T b) { return a ^ b; } };

/* Every member reads every member's source and combines in member order,
 * so all get the same bits (floating point included). dest may be source:
 * then each pass of one element per thread is read by all members before
 * any overwrites it (a team barrier between reading and writing). */
template <class Op, class T>
__device__ inline int shmemi_dev_reduce_block(const char *call, shmem_team_t team, T *dest,
                                              const T *source, size_t n)
{
    const struct shmemi_device_team *t = shmemi_dev_team(team);
    if (!t)
        return -1;
    if (!shmemi_device_type<T>::ok)
        shmemi_dev_no_type(call);
    bool in_place = dest == source;
    unsigned r = shmemi_dev_block::rank(), nt = shmemi_dev_block::size();
    shmemi_dev_block_team_barrier(t);
    size_t passes = in_place ? (n + nt - 1) / nt : 1;
    for (size_t p = 0; p < passes; p++) {
        size_t first = in_place ? p * nt + r : r, step = in_place ? n : nt;
        T acc[1] = {};
        for (size_t i = first; i < n; i += step) {
            acc[0] = *(const T *)shmemi_dev_member_peer(call, source + i, shmemi_dev_member(t, 0));
            for (int j = 1; j < t->size; j++)
                acc[0] = Op::f(acc[0], *(const T *)shmemi_dev_member_peer(call, source + i,
                                                                  shmemi_dev_member(t, j)));
            if (!in_place)
                dest[i] = acc[0];
        }
        if (in_place) {
            shmemi_dev_block_team_barrier(t);
            if (first < n)
                dest[first] = acc[0];
        }
    }
    shmemi_dev_block_team_barrier(t);
    return 0;
}

#pragma nv_diagnostic push
#pragma nv_diag_suppress 20208
#define SHMEMI_DEV_REDUCE(T, N, OP)                                           \
    __device__ inline int shmemx_##N##_##OP##_reduce_block(shmem_team_t team, T *dest, \
                                                           const T *source,   \
                                                           size_t nreduce)    \
    {                                                                         \
        return shmemi_dev_reduce_block<shmemi_dev_op_##OP, T>(                \
            "shmemx_" #N "_" #OP "_reduce_block", team, dest, source, nreduce); \
    }
SHMEMI_REDUCE_BITWISE_TYPES(SHMEMI_DEV_REDUCE, and)
SHMEMI_REDUCE_BITWISE_TYPES(SHMEMI_DEV_REDUCE, or)
SHMEMI_REDUCE_BITWISE_TYPES(SHMEMI_DEV_REDUCE, xor)
SHMEMI_REDUCE_MINMAX_TYPES(SHMEMI_DEV_REDUCE, max)
SHMEMI_REDUCE_MINMAX_TYPES(SHMEMI_DEV_REDUCE, min)
SHMEMI_REDUCE_MINMAX_TYPES(SHMEMI_DEV_REDUCE, sum)
SHMEMI_REDUCE_MINMAX_TYPES(SHMEMI_DEV_REDUCE, prod)
#undef SHMEMI_DEV_REDUCE
#pragma nv_diagnostic pop

#endif
