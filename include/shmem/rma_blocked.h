/* Blocked strided RMA (OpenSHMEM 1.6): shmem_ibput and shmem_ibget move
 * nblocks blocks of bsize contiguous elements; block i starts i * dst
 * elements into dest and i * sst elements into source. Both strides must
 * be at least bsize (blocks never overlap). Typed forms for every row of the
 * standard RMA type table and sized forms (ibput8 ... ibput128), each with
 * a context form; the specification defines no mem form. */
#ifndef SHMEM_RMA_BLOCKED_H
#define SHMEM_RMA_BLOCKED_H

#ifdef __cplusplus
extern "C" {
#endif

#define SHMEMI_BLOCKED_PARAMS                                                 \
    ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe

#define SHMEMI_DECL_BLOCKED(T, N)                                             \
    void shmem_##N##_ibput(T *dest, const T *source, SHMEMI_BLOCKED_PARAMS);  \
    void shmem_ctx_##N##_ibput(shmem_ctx_t ctx, T *dest, const T *source,     \
                               SHMEMI_BLOCKED_PARAMS);                        \
    void shmem_##N##_ibget(T *dest, const T *source, SHMEMI_BLOCKED_PARAMS);  \
    void shmem_ctx_##N##_ibget(shmem_ctx_t ctx, T *dest, const T *source,     \
                               SHMEMI_BLOCKED_PARAMS);
SHMEMI_RMA_TYPES(SHMEMI_DECL_BLOCKED)
#undef SHMEMI_DECL_BLOCKED

#define SHMEMI_DECL_BLOCKED_SIZED(B)                                          \
    void shmem_ibput##B(void *dest, const void *source,                       \
                        SHMEMI_BLOCKED_PARAMS);                               \
    void shmem_ctx_ibput##B(shmem_ctx_t ctx, void *dest, const void *source,  \
                            SHMEMI_BLOCKED_PARAMS);                           \
    void shmem_ibget##B(void *dest, const void *source,                       \
                        SHMEMI_BLOCKED_PARAMS);                               \
    void shmem_ctx_ibget##B(shmem_ctx_t ctx, void *dest, const void *source,  \
                            SHMEMI_BLOCKED_PARAMS);
SHMEMI_SIZES(SHMEMI_DECL_BLOCKED_SIZED)
#undef SHMEMI_DECL_BLOCKED_SIZED
#undef SHMEMI_BLOCKED_PARAMS

#ifdef __cplusplus
}
#endif

#if defined(__cplusplus)

#define SHMEMI_CXX_BLOCKED(T, N)                                              \
    static inline void shmem_ibput(T *d, const T *s, ptrdiff_t ds,           \
                                   ptrdiff_t ss, size_t bs, size_t nb, int pe)\
    { shmem_##N##_ibput(d, s, ds, ss, bs, nb, pe); }                          \
    static inline void shmem_ibput(shmem_ctx_t c, T *d, const T *s,          \
                                   ptrdiff_t ds, ptrdiff_t ss, size_t bs,     \
                                   size_t nb, int pe)                         \
    { shmem_ctx_##N##_ibput(c, d, s, ds, ss, bs, nb, pe); }                   \
    static inline void shmem_ibget(T *d, const T *s, ptrdiff_t ds,           \
                                   ptrdiff_t ss, size_t bs, size_t nb, int pe)\
    { shmem_##N##_ibget(d, s, ds, ss, bs, nb, pe); }                          \
    static inline void shmem_ibget(shmem_ctx_t c, T *d, const T *s,          \
                                   ptrdiff_t ds, ptrdiff_t ss, size_t bs,     \
                                   size_t nb, int pe)                         \
    { shmem_ctx_##N##_ibget(c, d, s, ds, ss, bs, nb, pe); }
SHMEMI_RMA_GENERIC_TYPES(SHMEMI_CXX_BLOCKED)
#undef SHMEMI_CXX_BLOCKED

#elif defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L

#define SHMEMI_A_ibput(T, N) T: shmem_##N##_ibput,
#define SHMEMI_A_ctx_ibput(T, N) T: shmem_ctx_##N##_ibput,
#define SHMEMI_A_ibget(T, N) T: shmem_##N##_ibget,
#define SHMEMI_A_ctx_ibget(T, N) T: shmem_ctx_##N##_ibget,

#define shmem_ibput(...) SHMEMI_BY_NARG(shmemi_ibput, __VA_ARGS__)
#define shmemi_ibput_7(d, ...) SHMEMI_SELECT(ibput, d)(d, __VA_ARGS__)
#define shmemi_ibput_8(c, d, ...) SHMEMI_SELECT(ctx_ibput, d)(c, d, __VA_ARGS__)
#define shmem_ibget(...) SHMEMI_BY_NARG(shmemi_ibget, __VA_ARGS__)
#define shmemi_ibget_7(d, ...) SHMEMI_SELECT(ibget, d)(d, __VA_ARGS__)
#define shmemi_ibget_8(c, d, ...) SHMEMI_SELECT(ctx_ibget, d)(c, d, __VA_ARGS__)

#endif

#endif
