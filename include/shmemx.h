/* Extensions beyond the OpenSHMEM specification. */
#ifndef SHMEMX_H
#define SHMEMX_H

#include <shmem.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The PEs of this PE's node, as a predefined team. A team is an arithmetic
 * progression of PEs, so when the node's PEs are not one (round-robin
 * placement over nodes of unequal sizes) it is this PE alone. Here it is
 * the same team as SHMEM_TEAM_SHARED, whose PEs are exactly those that
 * share memory: the node's. */
extern shmem_team_t SHMEMX_TEAM_NODE;

/* The engine that runs a team's barriers: a slot of a barrier provider (a
 * switch that completes the barrier; SHMEM_BARRIER_EMULATE=1 offers an
 * emulation of one) or the software dissemination barrier. The team chose
 * it when it was made, the same on all its members. */
enum shmemx_barrier_engine {
    SHMEMX_BARRIER_ENGINE_DISSEMINATION = 1,
    SHMEMX_BARRIER_ENGINE_HW = 2,
};

/* team's engine, or -1 for SHMEM_TEAM_INVALID. */
int shmemx_team_barrier_engine(shmem_team_t team);

/* On-stream calls (docs/gpus.md, "On-stream calls"): each queues its work on a
 * CUDA stream of the PE's GPU and returns without waiting for it; the work
 * runs in stream order, after what was queued before it and before what is
 * queued after it, and can be captured into a CUDA graph. They need the
 * symmetric heap on the GPU or pinned for it (SHMEM_HEAP=device or pinned)
 * and the PEs they reach (the team's members for the team calls) on this
 * node.
 *
 * A stream is a cudaStream_t or a CUstream (the same type, a pointer to
 * struct CUstream_st), so C code needs no CUDA header to call them. */
typedef struct CUstream_st *shmemx_stream_t;

/* RMA: copy-engine copies between this PE and pe's symmetric memory (the
 * local side may be device, pinned or heap memory). */
void shmemx_putmem_on_stream(void *dest, const void *source, size_t nelems, int pe,
                             shmemx_stream_t stream);
void shmemx_getmem_on_stream(void *dest, const void *source, size_t nelems, int pe,
                             shmemx_stream_t stream);
/* The data, then the signal update (SHMEM_SIGNAL_SET or SHMEM_SIGNAL_ADD):
 * a PE that sees the new signal sees the data. */
void shmemx_putmem_signal_on_stream(void *dest, const void *source, size_t nelems,
                                    uint64_t *sig_addr, uint64_t signal, int sig_op, int pe,
                                    shmemx_stream_t stream);
/* Holds the stream until this PE's signal satisfies cmp against cmp_value. */
void shmemx_signal_wait_until_on_stream(uint64_t *sig_addr, int cmp, uint64_t cmp_value,
                                        shmemx_stream_t stream);
/* Completes the stream's earlier puts and stores: visible to every PE. */
void shmemx_quiet_on_stream(shmemx_stream_t stream);
/* Barriers run by the GPU, over all PEs or over a team's members (0, or
 * nonzero for SHMEM_TEAM_INVALID); each member queues the same sequence of
 * a team's barriers and collectives (its own stream each). */
void shmemx_barrier_all_on_stream(shmemx_stream_t stream);
void shmemx_sync_all_on_stream(shmemx_stream_t stream);
int shmemx_team_sync_on_stream(shmem_team_t team, shmemx_stream_t stream);

/* Collectives over any team, as their shmem_ counterparts define them (a
 * PE_root is a member's index in the team); 0, or nonzero for
 * SHMEM_TEAM_INVALID. A team must not be destroyed while its on-stream
 * work is queued or a graph that holds it may still be replayed. */
int shmemx_broadcastmem_on_stream(shmem_team_t team, void *dest, const void *source,
                                  size_t nelems, int PE_root, shmemx_stream_t stream);
int shmemx_fcollectmem_on_stream(shmem_team_t team, void *dest, const void *source,
                                 size_t nelems, shmemx_stream_t stream);
int shmemx_alltoallmem_on_stream(shmem_team_t team, void *dest, const void *source,
                                 size_t nelems, shmemx_stream_t stream);
/* dest may be source. Every PE gets the same bits, floating point included. */
int shmemx_int_sum_reduce_on_stream(shmem_team_t team, int *dest, const int *source,
                                    size_t nreduce, shmemx_stream_t stream);
int shmemx_long_sum_reduce_on_stream(shmem_team_t team, long *dest, const long *source,
                                     size_t nreduce, shmemx_stream_t stream);
int shmemx_float_sum_reduce_on_stream(shmem_team_t team, float *dest, const float *source,
                                      size_t nreduce, shmemx_stream_t stream);
int shmemx_double_sum_reduce_on_stream(shmem_team_t team, double *dest, const double *source,
                                       size_t nreduce, shmemx_stream_t stream);
/* IEEE binary16 and bfloat16 elements (CUDA's __half and __nv_bfloat16,
 * torch.half and torch.bfloat16), which C has no type for: each sum is
 * computed in float and rounded once. */
int shmemx_half_sum_reduce_on_stream(shmem_team_t team, void *dest, const void *source,
                                     size_t nreduce, shmemx_stream_t stream);
int shmemx_bfloat16_sum_reduce_on_stream(shmem_team_t team, void *dest, const void *source,
                                         size_t nreduce, shmemx_stream_t stream);

/* Sandia OpenSHMEM's shmemx_ names for what OpenSHMEM 1.6 made standard
 * (blocked strided RMA, the sum scans, signal_add and signal_set), so that
 * programs written for it build unchanged: each calls its shmem_ routine,
 * which a profiling tool then sees. */

/* X and CX (the context form) call F and CF; T is void for sized forms. */
#define SHMEMI_X_BLOCKED_FN(T, X, CX, F, CF)                                  \
    static inline void X(T *dest, const T *source, ptrdiff_t dst,             \
                         ptrdiff_t sst, size_t bsize, size_t nblocks, int pe) \
    { F(dest, source, dst, sst, bsize, nblocks, pe); }                        \
    static inline void CX(shmem_ctx_t ctx, T *dest, const T *source,          \
                          ptrdiff_t dst, ptrdiff_t sst, size_t bsize,         \
                          size_t nblocks, int pe)                             \
    { CF(ctx, dest, source, dst, sst, bsize, nblocks, pe); }
#define SHMEMI_X_BLOCKED(T, N)                                                \
    SHMEMI_X_BLOCKED_FN(T, shmemx_##N##_ibput, shmemx_ctx_##N##_ibput,        \
                        shmem_##N##_ibput, shmem_ctx_##N##_ibput)             \
    SHMEMI_X_BLOCKED_FN(T, shmemx_##N##_ibget, shmemx_ctx_##N##_ibget,        \
                        shmem_##N##_ibget, shmem_ctx_##N##_ibget)
SHMEMI_RMA_TYPES(SHMEMI_X_BLOCKED)
#undef SHMEMI_X_BLOCKED
#define SHMEMI_X_BLOCKED_SIZED(B)                                             \
    SHMEMI_X_BLOCKED_FN(void, shmemx_ibput##B, shmemx_ctx_ibput##B,           \
                        shmem_ibput##B, shmem_ctx_ibput##B)                   \
    SHMEMI_X_BLOCKED_FN(void, shmemx_ibget##B, shmemx_ctx_ibget##B,           \
                        shmem_ibget##B, shmem_ctx_ibget##B)
SHMEMI_SIZES(SHMEMI_X_BLOCKED_SIZED)
#undef SHMEMI_X_BLOCKED_SIZED
#undef SHMEMI_X_BLOCKED_FN

#define SHMEMI_X_SCAN(T, N, K)                                                \
    static inline int shmemx_##N##_sum_##K(shmem_team_t team, T *dest,       \
                                           const T *source, size_t nelems)    \
    { return shmem_##N##_sum_##K(team, dest, source, nelems); }
SHMEMI_REDUCE_ARITH_TYPES(SHMEMI_X_SCAN, inscan)
SHMEMI_REDUCE_ARITH_TYPES(SHMEMI_X_SCAN, exscan)
#undef SHMEMI_X_SCAN

#define SHMEMI_X_SIGNAL(OP)                                                   \
    static inline void shmemx_signal_##OP(uint64_t *sig_addr, uint64_t signal, \
                                          int pe)                             \
    { shmem_signal_##OP(sig_addr, signal, pe); }                              \
    static inline void shmemx_ctx_signal_##OP(shmem_ctx_t ctx,                \
                                              uint64_t *sig_addr,             \
                                              uint64_t signal, int pe)        \
    { shmem_ctx_signal_##OP(ctx, sig_addr, signal, pe); }
SHMEMI_X_SIGNAL(add)
SHMEMI_X_SIGNAL(set)
#undef SHMEMI_X_SIGNAL

#ifdef __cplusplus
}
#endif

/* The generic names, where <shmem.h> has them (C11 and C++). */
#if defined(__cplusplus) || (defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L)
#define shmemx_ibput shmem_ibput
#define shmemx_ibget shmem_ibget
#define shmemx_sum_inscan shmem_sum_inscan
#define shmemx_sum_exscan shmem_sum_exscan
#endif

#endif
