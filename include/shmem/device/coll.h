/* Block-cooperative collectives in kernels (shmemx_..._block): every
 * thread of one block on each PE of the team calls them with the same
 * arguments. Each is a team barrier (every member's source is ready), the
 * block's loads and stores through the window, and a team barrier (every
 * member is done with the others' buffers). Members on other nodes are
 * reached through the proxy (shmem/device/proxy.h): the block's threads
 * share the requests, and the last barrier completes them. They return 0,
 * or -1 for a handle that is not a team of this PE. Complex types have no
 * device form. */
#ifndef SHMEM_DEVICE_COLL_H
#define SHMEM_DEVICE_COLL_H

#include <stddef.h>

#include <shmem/team.h>
#include <shmem/types.h>
#include <shmem/internal/device_state.h>
#include <shmem/internal/piece.h>
#include <shmem/device/core.h>
#include <shmem/device/block.h>
#include <shmem/device/copy.h>
#include <shmem/device/sync.h>
#include <shmem/device/team.h>

/* Out of line: each collective of each type calls it two or three times. */
static __device__ __noinline__ void shmemi_dev_block_team_barrier(const struct shmemi_device_team *t)
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

/* Symmetric p as member pe has it in the window, or NULL where pe is on
 * another node (reached through the proxy). A slot is found only in a
 * filled state, so shmemi_dev_peer's check of it is not repeated. */
__device__ inline char *shmemi_dev_member_at(const void *p, int pe)
{
    int li = shmemi_dev_slot(pe);
    return li >= 0 ? shmemi_dev_at(p, li) : NULL;
}

/* The block's share of n bytes from member pe's symmetric memory on
 * another node. Out of line, as every path to the proxy in a collective:
 * called where little else is live, it keeps the collective's registers
 * within what a block of 1024 threads may use (64 each), which the proxy's
 * requests inlined into a collective's loops exceeded
 * (test/device/check_registers.sh). */
static __device__ __noinline__ void shmemi_dev_block_remote_get(const char *call, char *dest,
                                                                const char *source, size_t n,
                                                                int pe)
{
    shmemi_dev_group_remote<shmemi_dev_block>(call, false, dest, source, n, pe);
}

__device__ inline int shmemx_broadcastmem_block(shmem_team_t team, void *dest, const void *source,
                                                size_t nelems, int root)
{
    const struct shmemi_device_team *t = shmemi_dev_team(team);
    if (!t || root < 0 || root >= t->size)
        return -1;
    shmemi_dev_block_team_barrier(t);
    int from = shmemi_dev_member(t, root);
    if (t->my_index == root) {
        if (dest != source)
            shmemi_dev_copy_part<2>((char *)dest, (const char *)source, nelems,
                                    shmemi_dev_block::rank(), shmemi_dev_block::size());
    } else if (!shmemi_dev_group_window_part<shmemi_dev_block, 2>(false, dest, source, nelems,
                                                                  from)) {
        shmemi_dev_block_remote_get("shmemx_broadcastmem_block", (char *)dest,
                                    (const char *)source, nelems, from);
    }
    shmemi_dev_block_team_barrier(t);
    return 0;
}

/* The exchange's puts to the members on other nodes (out of line, see
 * shmemi_dev_block_remote_get), after those through the window. */
static __device__ __noinline__ void shmemi_dev_block_exchange_remote(
    const char *call, const struct shmemi_device_team *t, char *to, const char *source,
    size_t nelems, size_t source_step)
{
    for (int i = 0; i < t->size; i++) {
        int pe = shmemi_dev_member(t, i);
        if (shmemi_dev_slot(pe) < 0)
            shmemi_dev_group_remote<shmemi_dev_block>(call, true, to,
                                                      source + (size_t)i * source_step, nelems,
                                                      pe);
    }
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
    char *to = (char *)dest + (size_t)t->my_index * nelems;
    for (int j = 0; j < t->size; j++) {
        int i = (t->my_index + j) % t->size; /* members start at different peers */
        shmemi_dev_group_window_part<shmemi_dev_block, 2>(
            true, to, (const char *)source + (size_t)i * source_step, nelems,
            shmemi_dev_member(t, i));
    }
    if (t->remote)
        shmemi_dev_block_exchange_remote(call, t, to, (const char *)source, nelems, source_step);
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

/* What a reduction combines in: float for the 16-bit floats, rounded once
 * at the end (as the on-stream sums do), else the type itself. */
template <class T> struct shmemi_dev_acc { typedef T type; };
template <> struct shmemi_dev_acc<__half> { typedef float type; };
template <> struct shmemi_dev_acc<__nv_bfloat16> { typedef float type; };

/* Where a reduction over a team that spans nodes stages the sources of
 * other nodes' members: block shared memory, one array for every type
 * (not one per instantiation), in the kernels that call such a reduction. */
#define SHMEMI_DEV_REDUCE_STAGE 2048

__device__ inline unsigned char *shmemi_dev_reduce_stage(void)
{
    __shared__ __align__(16) unsigned char stage[SHMEMI_DEV_REDUCE_STAGE];
    return stage;
}

/* A reduction over a team that spans nodes: in chunks of at most one
 * element per thread (as many as the stage holds), each thread combines its
 * element of every member's source in member order; a member on another
 * node sends its chunk through the proxy into the stage first. In place,
 * a team barrier lets every member read a chunk before any overwrites it.
 * Out of line, for the registers (shmemi_dev_block_remote_get). */
template <class Op, class T>
static __device__ __noinline__ void shmemi_dev_reduce_staged(const char *call,
                                                             const struct shmemi_device_team *t,
                                                             T *dest, const T *source, size_t n)
{
    unsigned char *stage = shmemi_dev_reduce_stage();
    const unsigned r = shmemi_dev_block::rank(), nt = shmemi_dev_block::size();
    const size_t chunk = nt < SHMEMI_DEV_REDUCE_STAGE / sizeof(T) ? nt
                                                                  : SHMEMI_DEV_REDUCE_STAGE / sizeof(T);
    for (size_t c = 0; c < n; c += chunk) {
        size_t m = n - c < chunk ? n - c : chunk;
        typename shmemi_dev_acc<T>::type acc[1] = {};
        for (int j = 0; j < t->size; j++) {
            int pe = shmemi_dev_member(t, j);
            const T *from = (const T *)shmemi_dev_member_at(source + c, pe);
            if (!from) {
                __syncthreads(); /* the last member's chunk is read */
                shmemi_dev_group_remote<shmemi_dev_block>(call, false, (char *)stage,
                                                          (const char *)(source + c),
                                                          m * sizeof(T), pe);
                __syncthreads();
                from = (const T *)stage;
            }
            if (r < m)
                acc[0] = j ? Op::f(acc[0], (typename shmemi_dev_acc<T>::type)from[r])
                           : (typename shmemi_dev_acc<T>::type)from[r];
        }
        if (dest == source)
            shmemi_dev_block_team_barrier(t);
        if (r < m)
            dest[c + r] = (T)acc[0];
    }
}

/* V elements of T, moved by one load or store. */
template <class T, int V> struct alignas(sizeof(T) * V) shmemi_dev_units {
    T x[V];
};

/* The V accumulators, each rounded once to T. */
template <class T, int V, class A>
__device__ inline shmemi_dev_units<T, V> shmemi_dev_round(const A *acc)
{
    shmemi_dev_units<T, V> out;
#pragma unroll
    for (int k = 0; k < V; k++)
        out.x[k] = (T)acc[k];
    return out;
}

/* Unit u of n elements, loaded from member pe's source and stored into
 * this PE's dest; a last unit that n cuts short moves an element at a
 * time, as far as n (zeros past it when loaded). */
template <class T, int V> struct shmemi_dev_unit_io {
    typedef shmemi_dev_units<T, V> W;
    __device__ static W load(const char *call, const T *source, size_t u, size_t n, int pe)
    {
        if ((u + 1) * V <= n)
            return *(const W *)shmemi_dev_peer(call, (const W *)source + u, pe);
        W v;
#pragma unroll
        for (int k = 0; k < V; k++)
            v.x[k] = u * V + k < n ? *(const T *)shmemi_dev_peer(call, source + u * V + k, pe)
                                   : T();
        return v;
    }
    __device__ static void store(T *dest, size_t u, size_t n, const W &v)
    {
        if ((u + 1) * V <= n) {
            ((W *)dest)[u] = v;
            return;
        }
#pragma unroll
        for (int k = 0; k < V; k++)
            if (u * V + k < n)
                dest[u * V + k] = v.x[k];
    }
};
template <class T> struct shmemi_dev_unit_io<T, 1> {
    typedef shmemi_dev_units<T, 1> W;
    __device__ static W load(const char *call, const T *source, size_t u, size_t, int pe)
    {
        return *(const W *)shmemi_dev_peer(call, source + u, pe);
    }
    __device__ static void store(T *dest, size_t u, size_t, const W &v) { dest[u] = v.x[0]; }
};

/* A reduction over a team on one node, in units of V elements. Every
 * member reads every member's source through the window, and either sums
 * all the units into its own dest or, by shares, sums share m of them
 * (shmemi_piece) on member m and stores the sum into every member's dest.
 * By shares, unit u is read and written, on every member, by the one
 * thread that sums it, so dest may be source: no member overwrites what
 * another has yet to read, and the barrier after the reduction is the
 * only one. A thread's loads of a unit wait for the link, one unit after
 * another: by shares each member waits for its share's alone. */
template <class Op, class T, int V>
__device__ inline void shmemi_dev_reduce_units(const char *call,
                                               const struct shmemi_device_team *t, T *dest,
                                               const T *source, size_t n, bool shares)
{
    typedef typename shmemi_dev_acc<T>::type A;
    typedef shmemi_dev_unit_io<T, V> IO;
    typedef shmemi_dev_units<T, V> W;
    const size_t units = (n + V - 1) / V;
    const size_t begin = shares ? shmemi_piece(units, t->size, t->my_index) : 0;
    const size_t end = shares ? shmemi_piece(units, t->size, t->my_index + 1) : units;
    const unsigned nt = shmemi_dev_block::size();
    for (size_t u = begin + shmemi_dev_block::rank(); u < end; u += nt) {
        A acc[V] = {};
        for (int j = 0; j < t->size; j++) {
            W v = IO::load(call, source, u, n, shmemi_dev_member(t, j));
#pragma unroll
            for (int k = 0; k < V; k++)
                acc[k] = j ? Op::f(acc[k], (A)v.x[k]) : (A)v.x[k];
        }
        const W out = shmemi_dev_round<T, V>(acc);
        if (!shares) {
            IO::store(dest, u, n, out);
            continue;
        }
        /* This PE's first member after itself first, so that the members'
         * stores spread over the links. */
        for (int i = 1; i <= t->size; i++)
            IO::store((T *)shmemi_dev_peer(call, dest,
                                           shmemi_dev_member(t, (t->my_index + i) % t->size)),
                      u, n, out);
    }
}

/* Reductions of fewer bytes than this a member (out of place) sum all the
 * units on every member: the stores to the others would add their trip
 * to the barrier after. In place, the shares spare a barrier between
 * reading and writing each pass of one unit a thread, which made the
 * bfloat16 sum 1.6 times NVSHMEM's time from 64 KiB at 4 PEs
 * (bench/results/2026-11-28-block-reduce-shares.md). */
#define SHMEMI_DEV_REDUCE_SHARES 2048

/* A reduction over a team on one node. The 16-bit types move two elements
 * a load where both buffers are 4-byte aligned: one a load made the
 * bfloat16 sum 1.3 to 1.5 times NVSHMEM's time from 256 KiB
 * (bench/results/2026-11-28-sums-4gpu.md). The 8-bit types move one: four
 * a load took 64 registers, the most a block of 1024 threads allows. */
template <class Op, class T>
__device__ inline void shmemi_dev_reduce_local(const char *call,
                                               const struct shmemi_device_team *t, T *dest,
                                               const T *source, size_t n)
{
    const int V = sizeof(T) == 2 ? 2 : 1;
    const bool wide = V > 1 && (((uintptr_t)dest | (uintptr_t)source) & 3) == 0;
    const bool shares = dest == source || n * sizeof(T) >= SHMEMI_DEV_REDUCE_SHARES;
    if (wide)
        shmemi_dev_reduce_units<Op, T, V>(call, t, dest, source, n, shares);
    else
        shmemi_dev_reduce_units<Op, T, 1>(call, t, dest, source, n, shares);
}

/* Every member combines every member's source in member order, so all get
 * the same bits (floating point included); dest may be source. */
template <class Op, class T>
__device__ inline int shmemi_dev_reduce_block(const char *call, shmem_team_t team, T *dest,
                                              const T *source, size_t n)
{
    const struct shmemi_device_team *t = shmemi_dev_team(team);
    if (!t)
        return -1;
    if (!shmemi_device_type<T>::ok)
        shmemi_dev_no_type(call);
    shmemi_dev_block_team_barrier(t);
    if (t->remote)
        shmemi_dev_reduce_staged<Op, T>(call, t, dest, source, n);
    else
        shmemi_dev_reduce_local<Op, T>(call, t, dest, source, n);
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
/* The 16-bit floats (extensions: shmemx_half_sum_reduce_block, ...). */
#define SHMEMI_DEV_REDUCE_EXT(T, N)                                           \
    SHMEMI_DEV_REDUCE(T, N, max) SHMEMI_DEV_REDUCE(T, N, min)                 \
    SHMEMI_DEV_REDUCE(T, N, sum) SHMEMI_DEV_REDUCE(T, N, prod)
SHMEMI_DEVICE_EXT_TYPES(SHMEMI_DEV_REDUCE_EXT)
#undef SHMEMI_DEV_REDUCE_EXT
#undef SHMEMI_DEV_REDUCE
#pragma nv_diagnostic pop

#endif
