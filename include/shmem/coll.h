/* Collectives (OpenSHMEM 1.5 section 9.9, with the 1.6 scans): the team
 * routines, the deprecated active-set routines that older programs still
 * call, their generic names, and the constants of the active-set work
 * arrays. */
#ifndef SHMEM_COLL_H
#define SHMEM_COLL_H

#include <stddef.h>

#include <shmem/types.h>

/* The active-set routines synchronise through the caller's pSync array:
 * every element starts as SHMEM_SYNC_VALUE and is restored on return. They
 * use three elements; the sizes leave room for other algorithms without
 * changing what compiled programs allocate. pWrk is not used (reductions
 * stage through private buffers), so its minimum is nominal. */
#define SHMEM_SYNC_VALUE 0L
#define SHMEM_SYNC_SIZE 16
#define SHMEM_BARRIER_SYNC_SIZE SHMEM_SYNC_SIZE
#define SHMEM_BCAST_SYNC_SIZE SHMEM_SYNC_SIZE
#define SHMEM_REDUCE_SYNC_SIZE SHMEM_SYNC_SIZE
#define SHMEM_COLLECT_SYNC_SIZE SHMEM_SYNC_SIZE
#define SHMEM_ALLTOALL_SYNC_SIZE SHMEM_SYNC_SIZE
#define SHMEM_ALLTOALLS_SYNC_SIZE SHMEM_SYNC_SIZE
#define SHMEM_REDUCE_MIN_WRKDATA_SIZE 16

/* The pre-1.3 spellings. */
#define _SHMEM_SYNC_VALUE SHMEM_SYNC_VALUE
#define _SHMEM_BARRIER_SYNC_SIZE SHMEM_BARRIER_SYNC_SIZE
#define _SHMEM_BCAST_SYNC_SIZE SHMEM_BCAST_SYNC_SIZE
#define _SHMEM_REDUCE_SYNC_SIZE SHMEM_REDUCE_SYNC_SIZE
#define _SHMEM_COLLECT_SYNC_SIZE SHMEM_COLLECT_SYNC_SIZE
#define _SHMEM_REDUCE_MIN_WRKDATA_SIZE SHMEM_REDUCE_MIN_WRKDATA_SIZE

#ifdef __cplusplus
extern "C" {
#endif

/* Team routines: zero on success, nonzero for SHMEM_TEAM_INVALID. */
#define SHMEMI_DECL_COLL(T, N)                                                \
    int shmem_##N##_broadcast(shmem_team_t team, T *dest, const T *source,   \
                              size_t nelems, int PE_root);                    \
    int shmem_##N##_collect(shmem_team_t team, T *dest, const T *source,     \
                            size_t nelems);                                   \
    int shmem_##N##_fcollect(shmem_team_t team, T *dest, const T *source,    \
                             size_t nelems);                                  \
    int shmem_##N##_alltoall(shmem_team_t team, T *dest, const T *source,    \
                             size_t nelems);                                  \
    int shmem_##N##_alltoalls(shmem_team_t team, T *dest, const T *source,   \
                              ptrdiff_t dst, ptrdiff_t sst, size_t nelems);
SHMEMI_RMA_TYPES(SHMEMI_DECL_COLL)
#undef SHMEMI_DECL_COLL

int shmem_broadcastmem(shmem_team_t team, void *dest, const void *source,
                       size_t nelems, int PE_root);
int shmem_collectmem(shmem_team_t team, void *dest, const void *source,
                     size_t nelems);
int shmem_fcollectmem(shmem_team_t team, void *dest, const void *source,
                      size_t nelems);
int shmem_alltoallmem(shmem_team_t team, void *dest, const void *source,
                      size_t nelems);
int shmem_alltoallsmem(shmem_team_t team, void *dest, const void *source,
                       ptrdiff_t dst, ptrdiff_t sst, size_t nelems);

#define SHMEMI_DECL_REDUCE(T, N, OP)                                          \
    int shmem_##N##_##OP##_reduce(shmem_team_t team, T *dest,                \
                                  const T *source, size_t nreduce);
#define SHMEMI_DECL_REDUCE_OP(CLASS, OP)                                      \
    SHMEMI_REDUCE_##CLASS##_TYPES(SHMEMI_DECL_REDUCE, OP)
SHMEMI_REDUCE_OPS(SHMEMI_DECL_REDUCE_OP)
#undef SHMEMI_DECL_REDUCE_OP
#undef SHMEMI_DECL_REDUCE

/* 1.6 prefix sums over the team's PEs in team order. */
#define SHMEMI_DECL_SCAN(T, N, A)                                             \
    int shmem_##N##_sum_inscan(shmem_team_t team, T *dest, const T *source,  \
                               size_t nelems);                                \
    int shmem_##N##_sum_exscan(shmem_team_t team, T *dest, const T *source,  \
                               size_t nelems);
SHMEMI_REDUCE_ARITH_TYPES(SHMEMI_DECL_SCAN, )
#undef SHMEMI_DECL_SCAN

/* Deprecated active-set routines: the set is the PEs PE_start +
 * i * 2^logPE_stride for i < PE_size. shmem_sync is this form's symbol; in
 * C11 and C++ the name also takes a team (see below). */
void shmem_barrier(int PE_start, int logPE_stride, int PE_size, long *pSync);
void shmem_sync(int PE_start, int logPE_stride, int PE_size, long *pSync);

#define SHMEMI_DECL_COLL_SIZED(B)                                             \
    void shmem_broadcast##B(void *dest, const void *source, size_t nelems,   \
                            int PE_root, int PE_start, int logPE_stride,      \
                            int PE_size, long *pSync);                        \
    void shmem_collect##B(void *dest, const void *source, size_t nelems,     \
                          int PE_start, int logPE_stride, int PE_size,        \
                          long *pSync);                                       \
    void shmem_fcollect##B(void *dest, const void *source, size_t nelems,    \
                           int PE_start, int logPE_stride, int PE_size,       \
                           long *pSync);                                      \
    void shmem_alltoall##B(void *dest, const void *source, size_t nelems,    \
                           int PE_start, int logPE_stride, int PE_size,       \
                           long *pSync);                                      \
    void shmem_alltoalls##B(void *dest, const void *source, ptrdiff_t dst,   \
                            ptrdiff_t sst, size_t nelems, int PE_start,       \
                            int logPE_stride, int PE_size, long *pSync);
SHMEMI_COLL_SIZES(SHMEMI_DECL_COLL_SIZED)
#undef SHMEMI_DECL_COLL_SIZED

#define SHMEMI_DECL_TO_ALL(T, N, OP)                                          \
    void shmem_##N##_##OP##_to_all(T *dest, const T *source, int nreduce,    \
                                   int PE_start, int logPE_stride,            \
                                   int PE_size, T *pWrk, long *pSync);
#define SHMEMI_DECL_TO_ALL_OP(CLASS, OP)                                      \
    SHMEMI_TO_ALL_##CLASS##_TYPES(SHMEMI_DECL_TO_ALL, OP)
SHMEMI_REDUCE_OPS(SHMEMI_DECL_TO_ALL_OP)
#undef SHMEMI_DECL_TO_ALL_OP
#undef SHMEMI_DECL_TO_ALL

#ifdef __cplusplus
}
#endif

/* Generic names: the element type of dest selects the routine. */
#if defined(__cplusplus)

#define SHMEMI_CXX_COLL(T, N)                                                 \
    static inline int shmem_broadcast(shmem_team_t t, T *d, const T *s,      \
                                      size_t n, int root)                     \
    { return shmem_##N##_broadcast(t, d, s, n, root); }                       \
    static inline int shmem_collect(shmem_team_t t, T *d, const T *s,        \
                                    size_t n)                                 \
    { return shmem_##N##_collect(t, d, s, n); }                               \
    static inline int shmem_fcollect(shmem_team_t t, T *d, const T *s,       \
                                     size_t n)                                \
    { return shmem_##N##_fcollect(t, d, s, n); }                              \
    static inline int shmem_alltoall(shmem_team_t t, T *d, const T *s,       \
                                     size_t n)                                \
    { return shmem_##N##_alltoall(t, d, s, n); }                              \
    static inline int shmem_alltoalls(shmem_team_t t, T *d, const T *s,      \
                                      ptrdiff_t ds, ptrdiff_t ss, size_t n)   \
    { return shmem_##N##_alltoalls(t, d, s, ds, ss, n); }
SHMEMI_RMA_GENERIC_TYPES(SHMEMI_CXX_COLL)
#undef SHMEMI_CXX_COLL

#define SHMEMI_CXX_REDUCE(T, N, OP)                                           \
    static inline int shmem_##OP##_reduce(shmem_team_t t, T *d, const T *s,  \
                                          size_t n)                           \
    { return shmem_##N##_##OP##_reduce(t, d, s, n); }
#define SHMEMI_CXX_REDUCE_OP(CLASS, OP)                                       \
    SHMEMI_REDUCE_##CLASS##_GENERIC_TYPES(SHMEMI_CXX_REDUCE, OP)
SHMEMI_REDUCE_OPS(SHMEMI_CXX_REDUCE_OP)
#undef SHMEMI_CXX_REDUCE_OP
#undef SHMEMI_CXX_REDUCE

#define SHMEMI_CXX_SCAN(T, N, K)                                              \
    static inline int shmem_sum_##K(shmem_team_t t, T *d, const T *s,        \
                                    size_t n)                                 \
    { return shmem_##N##_sum_##K(t, d, s, n); }
SHMEMI_REDUCE_ARITH_GENERIC_TYPES(SHMEMI_CXX_SCAN, inscan)
SHMEMI_REDUCE_ARITH_GENERIC_TYPES(SHMEMI_CXX_SCAN, exscan)
#undef SHMEMI_CXX_SCAN

SHMEMI_CXX_HD static inline int shmem_sync(shmem_team_t team) { return shmem_team_sync(team); }

#elif defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L

#define SHMEMI_A_broadcast(T, N) T: shmem_##N##_broadcast,
#define SHMEMI_A_collect(T, N) T: shmem_##N##_collect,
#define SHMEMI_A_fcollect(T, N) T: shmem_##N##_fcollect,
#define SHMEMI_A_alltoall(T, N) T: shmem_##N##_alltoall,
#define SHMEMI_A_alltoalls(T, N) T: shmem_##N##_alltoalls,
#define SHMEMI_A_REDUCE(T, N, OP) T: shmem_##N##_##OP##_reduce,
#define SHMEMI_A_SCAN(T, N, K) T: shmem_##N##_sum_##K,

#define SHMEMI_SELECT_COLL(OP, OBJ)                                           \
    _Generic(*(OBJ), SHMEMI_RMA_GENERIC_TYPES(SHMEMI_A_##OP) char *: 0)
#define SHMEMI_SELECT_REDUCE(CLASS, OP, OBJ)                                  \
    _Generic(*(OBJ),                                                          \
             SHMEMI_REDUCE_##CLASS##_GENERIC_TYPES(SHMEMI_A_REDUCE, OP)       \
             char *: 0)
#define SHMEMI_SELECT_SCAN(K, OBJ)                                            \
    _Generic(*(OBJ), SHMEMI_REDUCE_ARITH_GENERIC_TYPES(SHMEMI_A_SCAN, K)     \
             char *: 0)

#define shmem_broadcast(t, d, ...) SHMEMI_SELECT_COLL(broadcast, d)(t, d, __VA_ARGS__)
#define shmem_collect(t, d, ...) SHMEMI_SELECT_COLL(collect, d)(t, d, __VA_ARGS__)
#define shmem_fcollect(t, d, ...) SHMEMI_SELECT_COLL(fcollect, d)(t, d, __VA_ARGS__)
#define shmem_alltoall(t, d, ...) SHMEMI_SELECT_COLL(alltoall, d)(t, d, __VA_ARGS__)
#define shmem_alltoalls(t, d, ...) SHMEMI_SELECT_COLL(alltoalls, d)(t, d, __VA_ARGS__)

#define shmem_and_reduce(t, d, ...)                                           \
    SHMEMI_SELECT_REDUCE(BITWISE, and, d)(t, d, __VA_ARGS__)
#define shmem_or_reduce(t, d, ...)                                            \
    SHMEMI_SELECT_REDUCE(BITWISE, or, d)(t, d, __VA_ARGS__)
#define shmem_xor_reduce(t, d, ...)                                           \
    SHMEMI_SELECT_REDUCE(BITWISE, xor, d)(t, d, __VA_ARGS__)
#define shmem_max_reduce(t, d, ...)                                           \
    SHMEMI_SELECT_REDUCE(MINMAX, max, d)(t, d, __VA_ARGS__)
#define shmem_min_reduce(t, d, ...)                                           \
    SHMEMI_SELECT_REDUCE(MINMAX, min, d)(t, d, __VA_ARGS__)
#define shmem_sum_reduce(t, d, ...)                                           \
    SHMEMI_SELECT_REDUCE(ARITH, sum, d)(t, d, __VA_ARGS__)
#define shmem_prod_reduce(t, d, ...)                                          \
    SHMEMI_SELECT_REDUCE(ARITH, prod, d)(t, d, __VA_ARGS__)

#define shmem_sum_inscan(t, d, ...) SHMEMI_SELECT_SCAN(inscan, d)(t, d, __VA_ARGS__)
#define shmem_sum_exscan(t, d, ...) SHMEMI_SELECT_SCAN(exscan, d)(t, d, __VA_ARGS__)

/* shmem_sync with a team is shmem_team_sync; with four arguments it is the
 * deprecated active-set form. */
#define shmem_sync(...) SHMEMI_BY_NARG(shmemi_sync, __VA_ARGS__)
#define shmemi_sync_1(team) shmem_team_sync(team)
#define shmemi_sync_4(...) shmem_sync(__VA_ARGS__)

#endif

#endif
