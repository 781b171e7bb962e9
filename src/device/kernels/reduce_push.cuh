// The large sums on a stream that only store (SHMEM_STREAM_SUM_PUSH).
// Over NVLink a remote store costs less than a remote load (3 MiB of
// stores took 9.4 us where as many loads took 13.4 on 4 H200s:
// bench/results/2026-11-28-block-reduce-shares.md), and the multi-block
// sum (reduce.cuh) loads the others' shares. Here block b of each member
// moves its part b of every member's share in rounds of a chunk of
// SHMEMI_PUSH_UNITS units:
//  - send: it stores its source's chunk of each other member q's share
//    into q's buffer of the round (two, used in turn), then raises its
//    ready word on q;
//  - receive: once every member's ready word says the round is there, it
//    sums its own share's chunk in member order (its own source for
//    itself, so every PE ends with the same bits as on the other paths),
//    returns a credit word to every member (the buffer may be written
//    again), and stores the sum into every member's dest.
// A block sends round g + 1 before it receives round g, so a round's
// stores are in flight while the last one's wait. A sender writes a
// buffer again (round g + 2) only after every receiver's credit for round
// g. Rounds count on from call to call in the block's head, the same on
// every member, as every member runs as many; the one block barrier at
// the end makes every member's sums in this member's dest seen before the
// stream goes on. No barrier at the start: a member reads only its own
// source, and it raises a ready word only from inside this call, after its
// stream completed what came before (so its dest is free to be written).
// In place, a member's chunk of q's share is read by its send before q,
// having seen the ready word, overwrites it.
//
// Included after reduce.cuh (kernels.cu), whose call name it uses.

static_assert(SHMEMI_PUSH_UNITS % SHMEMI_PUSH_THREADS == 0,
              "a chunk is whole units of every thread");

// The rounds of a sum of `units` 16-byte units over `size` members: the
// largest part a block has of a share, in chunks.
__device__ inline unsigned long long shmemi_k_push_rounds(size_t units, int size)
{
    const size_t share = (units + size - 1) / size;
    const size_t part = (share + SHMEMI_PUSH_BLOCKS - 1) / SHMEMI_PUSH_BLOCKS;
    return (part + SHMEMI_PUSH_UNITS - 1) / SHMEMI_PUSH_UNITS;
}

// Chunk g of block b's part of member q's share: [*from, *to) in units.
__device__ inline void shmemi_k_push_chunk(size_t units, int size, int q, unsigned long long g,
                                           size_t *from, size_t *to)
{
    const size_t s0 = shmemi_piece(units, size, q), s1 = shmemi_piece(units, size, q + 1);
    const size_t p0 = s0 + shmemi_piece(s1 - s0, SHMEMI_PUSH_BLOCKS, blockIdx.x);
    const size_t p1 = s0 + shmemi_piece(s1 - s0, SHMEMI_PUSH_BLOCKS, blockIdx.x + 1);
    const size_t c0 = p0 + g * SHMEMI_PUSH_UNITS;
    *from = c0 < p1 ? c0 : p1;
    *to = c0 + SHMEMI_PUSH_UNITS < p1 ? c0 + SHMEMI_PUSH_UNITS : p1;
}

// Thread i < size (not this member's own) waits until member i's word at
// words[i] reaches v; then the block goes on.
__device__ inline void shmemi_k_push_wait(const unsigned long long *words, int size, int me,
                                          unsigned long long v)
{
    if ((int)threadIdx.x < size && (int)threadIdx.x != me)
        shmemi_dev_wait_value(words + threadIdx.x, SHMEM_CMP_GE, v);
    __syncthreads();
}

// After the block's stores (or loads) of the round, thread i (1 <= i <
// size) raises this member's word at words[me] on member me + i: the
// fence orders the block's accesses before it.
__device__ inline void shmemi_k_push_raise(const struct shmemi_device_team *t,
                                           unsigned long long *words, unsigned long long v)
{
    __syncthreads();
    const int i = threadIdx.x;
    if (i >= 1 && i < t->size) {
        shmemi_dev_fence_acq_rel();
        const int q = (t->my_index + i) % t->size;
        shmemi_dev_flag_store(words + t->my_index, v, t->start + q * t->stride);
    }
}

template <class T>
__device__ void shmemi_k_sump(unsigned long long team, T *dest, const T *source, size_t n)
{
    typedef typename shmemi_dev_acc<T>::type A;
    // V elements a unit, U units a thread in a chunk, G members' loads in
    // flight (as in the multi-block sum, reduce.cuh).
    const int V = 16 / sizeof(T), U = SHMEMI_PUSH_UNITS / SHMEMI_PUSH_THREADS,
              G = SHMEMI_SUMB_MEMBERS;
    typedef shmemi_dev_units<T, V> W;
    const struct shmemi_device_team *t = shmemi_k_team(team);
    const int size = t->size, me = t->my_index;
    const unsigned long long members = (unsigned long long)shmemi_dstate.team_push_members;
    char *block = shmemi_dstate.team_push + (size_t)t->slot * shmemi_team_push_bytes(members) +
                  (size_t)blockIdx.x * shmemi_push_block_bytes(members);
    // The head: the round count, then each member's ready and credit words.
    unsigned long long *count = (unsigned long long *)block;
    unsigned long long *ready = count + 1, *credit = ready + members;
    W *buffers = (W *)(block + shmemi_push_head_words(members) * 8);
    const W *src = (const W *)source;
    const size_t units = n / V;
    const unsigned long long rounds = shmemi_k_push_rounds(units, size);
    const unsigned long long first = *(volatile unsigned long long *)count;

    // Round g's chunk of member q's share into q's buffer (g & 1), slot me;
    // the loads of G members' chunks in flight together.
    auto send = [&](unsigned long long g) {
        const unsigned long long r = first + g;
        if (r >= 2)
            shmemi_k_push_wait(credit, size, me, r - 1);
        for (int i0 = 1; i0 < size; i0 += G) {
            size_t from[G], to[G];
            W v[G][U];
#pragma unroll
            for (int k = 0; k < G; k++) {
                if (i0 + k >= size)
                    break;
                shmemi_k_push_chunk(units, size, (me + i0 + k) % size, g, &from[k], &to[k]);
#pragma unroll
                for (int j = 0; j < U; j++) {
                    const size_t u = threadIdx.x + j * SHMEMI_PUSH_THREADS;
                    if (from[k] + u < to[k])
                        v[k][j] = src[from[k] + u];
                }
            }
#pragma unroll
            for (int k = 0; k < G; k++) {
                if (i0 + k >= size)
                    break;
                W *into = shmemi_k_member(shmemi_k_sum_call,
                                          buffers + ((r & 1) * members + me) * SHMEMI_PUSH_UNITS,
                                          t->start, t->stride, (me + i0 + k) % size);
#pragma unroll
                for (int j = 0; j < U; j++) {
                    const size_t u = threadIdx.x + j * SHMEMI_PUSH_THREADS;
                    if (from[k] + u < to[k])
                        into[u] = v[k][j];
                }
            }
        }
        shmemi_k_push_raise(t, ready, r + 1);
    };

    // Round g's chunk of this member's share, summed and stored into every
    // member's dest.
    auto receive = [&](unsigned long long g) {
        const unsigned long long r = first + g;
        shmemi_k_push_wait(ready, size, me, r + 1);
        size_t from, to;
        shmemi_k_push_chunk(units, size, me, g, &from, &to);
        const W *in = buffers + (r & 1) * members * SHMEMI_PUSH_UNITS;
        A sum[U][V] = {};
        for (int m0 = 0; m0 < size; m0 += G) {
            W v[G][U];
#pragma unroll
            for (int k = 0; k < G; k++) {
                const int m = m0 + k;
                if (m >= size)
                    break;
#pragma unroll
                for (int j = 0; j < U; j++) {
                    const size_t u = threadIdx.x + j * SHMEMI_PUSH_THREADS;
                    if (from + u < to)
                        v[k][j] = m == me ? src[from + u] : in[m * SHMEMI_PUSH_UNITS + u];
                }
            }
            // In member order, as every sum path adds.
#pragma unroll
            for (int k = 0; k < G; k++) {
                if (m0 + k >= size)
                    break;
#pragma unroll
                for (int j = 0; j < U; j++)
#pragma unroll
                    for (int e = 0; e < V; e++)
                        sum[j][e] += (A)v[k][j].x[e];
            }
        }
        W out[U];
#pragma unroll
        for (int j = 0; j < U; j++)
            out[j] = shmemi_dev_round<T, V>(sum[j]);
        // The buffer's loads are done (their values are summed): senders
        // may fill it again.
        shmemi_k_push_raise(t, credit, r + 1);
        for (int i = 1; i <= size; i++) {
            W *into = shmemi_k_member(shmemi_k_sum_call, (W *)dest, t->start, t->stride,
                                      (me + i) % size);
#pragma unroll
            for (int j = 0; j < U; j++) {
                const size_t u = threadIdx.x + j * SHMEMI_PUSH_THREADS;
                if (from + u < to)
                    into[from + u] = out[j];
            }
        }
    };

    send(0);
    for (unsigned long long g = 0; g < rounds; g++) {
        if (g + 1 < rounds)
            send(g + 1);
        receive(g);
    }
    if (threadIdx.x == 0)
        *count = first + rounds;
    shmemi_k_block_barrier(t, true);
}

#define SHMEMI_K_SUMP(A, T, K, N, E, S)                                       \
    extern "C" __global__ void                                                \
    __launch_bounds__(SHMEMI_PUSH_THREADS, 1)                                 \
    shmemi_k_sump_##N(unsigned long long team, K *dest, const K *source,      \
                      size_t n)                                               \
    {                                                                         \
        shmemi_k_sump<K>(team, dest, source, n);                              \
    }
SHMEMI_STREAM_SUM_TYPES(SHMEMI_K_SUMP, _)
#undef SHMEMI_K_SUMP
