/* Generic names (shmem_put, shmem_p, shmem_wait_until, ...): C11 _Generic
 * selectors in C, overloads in C++ (which has no _Generic, and which CUDA
 * sources are compiled as). The context form of each name is picked by its
 * argument count, as the specification's generic interface requires. */
#ifndef SHMEM_GENERIC_H
#define SHMEM_GENERIC_H

#if defined(__cplusplus)

/* In CUDA sources the routines without a context are device routines as
 * well (shmem/device.h), and so are their generic names. */
#if defined(__CUDACC__)
#define SHMEMI_CXX_HD __host__ __device__
#else
#define SHMEMI_CXX_HD
#endif

#define SHMEMI_CXX_RMA(T, N)                                                  \
    SHMEMI_CXX_HD static inline void shmem_put(T *d, const T *s, size_t n, int pe)         \
    { shmem_##N##_put(d, s, n, pe); }                                         \
    static inline void shmem_put(shmem_ctx_t c, T *d, const T *s, size_t n,  \
                                 int pe)                                      \
    { shmem_ctx_##N##_put(c, d, s, n, pe); }                                  \
    SHMEMI_CXX_HD static inline void shmem_get(T *d, const T *s, size_t n, int pe)         \
    { shmem_##N##_get(d, s, n, pe); }                                         \
    static inline void shmem_get(shmem_ctx_t c, T *d, const T *s, size_t n,  \
                                 int pe)                                      \
    { shmem_ctx_##N##_get(c, d, s, n, pe); }                                  \
    SHMEMI_CXX_HD static inline void shmem_put_nbi(T *d, const T *s, size_t n, int pe)     \
    { shmem_##N##_put_nbi(d, s, n, pe); }                                     \
    static inline void shmem_put_nbi(shmem_ctx_t c, T *d, const T *s,        \
                                     size_t n, int pe)                        \
    { shmem_ctx_##N##_put_nbi(c, d, s, n, pe); }                              \
    SHMEMI_CXX_HD static inline void shmem_get_nbi(T *d, const T *s, size_t n, int pe)     \
    { shmem_##N##_get_nbi(d, s, n, pe); }                                     \
    static inline void shmem_get_nbi(shmem_ctx_t c, T *d, const T *s,        \
                                     size_t n, int pe)                        \
    { shmem_ctx_##N##_get_nbi(c, d, s, n, pe); }                              \
    SHMEMI_CXX_HD static inline void shmem_iput(T *d, const T *s, ptrdiff_t ds,            \
                                  ptrdiff_t ss, size_t n, int pe)             \
    { shmem_##N##_iput(d, s, ds, ss, n, pe); }                                \
    static inline void shmem_iput(shmem_ctx_t c, T *d, const T *s,           \
                                  ptrdiff_t ds, ptrdiff_t ss, size_t n,       \
                                  int pe)                                     \
    { shmem_ctx_##N##_iput(c, d, s, ds, ss, n, pe); }                         \
    SHMEMI_CXX_HD static inline void shmem_iget(T *d, const T *s, ptrdiff_t ds,            \
                                  ptrdiff_t ss, size_t n, int pe)             \
    { shmem_##N##_iget(d, s, ds, ss, n, pe); }                                \
    static inline void shmem_iget(shmem_ctx_t c, T *d, const T *s,           \
                                  ptrdiff_t ds, ptrdiff_t ss, size_t n,       \
                                  int pe)                                     \
    { shmem_ctx_##N##_iget(c, d, s, ds, ss, n, pe); }                         \
    SHMEMI_CXX_HD static inline void shmem_p(T *d, T v, int pe) { shmem_##N##_p(d, v, pe); }\
    static inline void shmem_p(shmem_ctx_t c, T *d, T v, int pe)             \
    { shmem_ctx_##N##_p(c, d, v, pe); }                                       \
    SHMEMI_CXX_HD static inline T shmem_g(const T *s, int pe) { return shmem_##N##_g(s, pe); }\
    static inline T shmem_g(shmem_ctx_t c, const T *s, int pe)               \
    { return shmem_ctx_##N##_g(c, s, pe); }
SHMEMI_RMA_GENERIC_TYPES(SHMEMI_CXX_RMA)
#undef SHMEMI_CXX_RMA

#define SHMEMI_CXX_P2P(T, N)                                                  \
    SHMEMI_CXX_HD static inline void shmem_wait_until(T *v, int cmp, T value)              \
    { shmem_##N##_wait_until(v, cmp, value); }                                \
    SHMEMI_CXX_HD static inline int shmem_test(T *v, int cmp, T value)                     \
    { return shmem_##N##_test(v, cmp, value); }
SHMEMI_P2P_GENERIC_TYPES(SHMEMI_CXX_P2P)
#undef SHMEMI_CXX_P2P

#elif defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L

#define SHMEMI_NARG_(_1, _2, _3, _4, _5, _6, _7, _8, N, ...) N
#define SHMEMI_NARG(...) SHMEMI_NARG_(__VA_ARGS__, 8, 7, 6, 5, 4, 3, 2, 1, 0)
#define SHMEMI_CAT_(a, b) a##b
#define SHMEMI_CAT(a, b) SHMEMI_CAT_(a, b)
/* Calls NAME_<number of arguments>(args). */
#define SHMEMI_BY_NARG(NAME, ...)                                             \
    SHMEMI_CAT(NAME##_, SHMEMI_NARG(__VA_ARGS__))(__VA_ARGS__)

#define SHMEMI_A_put(T, N) T: shmem_##N##_put,
#define SHMEMI_A_get(T, N) T: shmem_##N##_get,
#define SHMEMI_A_put_nbi(T, N) T: shmem_##N##_put_nbi,
#define SHMEMI_A_get_nbi(T, N) T: shmem_##N##_get_nbi,
#define SHMEMI_A_iput(T, N) T: shmem_##N##_iput,
#define SHMEMI_A_iget(T, N) T: shmem_##N##_iget,
#define SHMEMI_A_p(T, N) T: shmem_##N##_p,
#define SHMEMI_A_g(T, N) T: shmem_##N##_g,
#define SHMEMI_A_ctx_put(T, N) T: shmem_ctx_##N##_put,
#define SHMEMI_A_ctx_get(T, N) T: shmem_ctx_##N##_get,
#define SHMEMI_A_ctx_put_nbi(T, N) T: shmem_ctx_##N##_put_nbi,
#define SHMEMI_A_ctx_get_nbi(T, N) T: shmem_ctx_##N##_get_nbi,
#define SHMEMI_A_ctx_iput(T, N) T: shmem_ctx_##N##_iput,
#define SHMEMI_A_ctx_iget(T, N) T: shmem_ctx_##N##_iget,
#define SHMEMI_A_ctx_p(T, N) T: shmem_ctx_##N##_p,
#define SHMEMI_A_ctx_g(T, N) T: shmem_ctx_##N##_g,
#define SHMEMI_A_wait_until(T, N) T: shmem_##N##_wait_until,
#define SHMEMI_A_test(T, N) T: shmem_##N##_test,

/* The element type of the object a pointer argument designates selects the
 * routine; a type outside the table is a compile-time error. */
#define SHMEMI_SELECT(OP, OBJ)                                                \
    _Generic(*(OBJ), SHMEMI_RMA_GENERIC_TYPES(SHMEMI_A_##OP) char *: 0)
#define SHMEMI_SELECT_P2P(OP, OBJ)                                            \
    _Generic(*(OBJ), SHMEMI_P2P_GENERIC_TYPES(SHMEMI_A_##OP) char *: 0)

#define shmem_put(...) SHMEMI_BY_NARG(shmemi_put, __VA_ARGS__)
#define shmemi_put_4(d, ...) SHMEMI_SELECT(put, d)(d, __VA_ARGS__)
#define shmemi_put_5(c, d, ...) SHMEMI_SELECT(ctx_put, d)(c, d, __VA_ARGS__)
#define shmem_get(...) SHMEMI_BY_NARG(shmemi_get, __VA_ARGS__)
#define shmemi_get_4(d, ...) SHMEMI_SELECT(get, d)(d, __VA_ARGS__)
#define shmemi_get_5(c, d, ...) SHMEMI_SELECT(ctx_get, d)(c, d, __VA_ARGS__)
#define shmem_put_nbi(...) SHMEMI_BY_NARG(shmemi_put_nbi, __VA_ARGS__)
#define shmemi_put_nbi_4(d, ...) SHMEMI_SELECT(put_nbi, d)(d, __VA_ARGS__)
#define shmemi_put_nbi_5(c, d, ...)                                           \
    SHMEMI_SELECT(ctx_put_nbi, d)(c, d, __VA_ARGS__)
#define shmem_get_nbi(...) SHMEMI_BY_NARG(shmemi_get_nbi, __VA_ARGS__)
#define shmemi_get_nbi_4(d, ...) SHMEMI_SELECT(get_nbi, d)(d, __VA_ARGS__)
#define shmemi_get_nbi_5(c, d, ...)                                           \
    SHMEMI_SELECT(ctx_get_nbi, d)(c, d, __VA_ARGS__)
#define shmem_iput(...) SHMEMI_BY_NARG(shmemi_iput, __VA_ARGS__)
#define shmemi_iput_6(d, ...) SHMEMI_SELECT(iput, d)(d, __VA_ARGS__)
#define shmemi_iput_7(c, d, ...) SHMEMI_SELECT(ctx_iput, d)(c, d, __VA_ARGS__)
#define shmem_iget(...) SHMEMI_BY_NARG(shmemi_iget, __VA_ARGS__)
#define shmemi_iget_6(d, ...) SHMEMI_SELECT(iget, d)(d, __VA_ARGS__)
#define shmemi_iget_7(c, d, ...) SHMEMI_SELECT(ctx_iget, d)(c, d, __VA_ARGS__)
#define shmem_p(...) SHMEMI_BY_NARG(shmemi_p, __VA_ARGS__)
#define shmemi_p_3(d, ...) SHMEMI_SELECT(p, d)(d, __VA_ARGS__)
#define shmemi_p_4(c, d, ...) SHMEMI_SELECT(ctx_p, d)(c, d, __VA_ARGS__)
#define shmem_g(...) SHMEMI_BY_NARG(shmemi_g, __VA_ARGS__)
#define shmemi_g_2(s, ...) SHMEMI_SELECT(g, s)(s, __VA_ARGS__)
#define shmemi_g_3(c, s, ...) SHMEMI_SELECT(ctx_g, s)(c, s, __VA_ARGS__)
#define shmem_wait_until(v, ...) SHMEMI_SELECT_P2P(wait_until, v)(v, __VA_ARGS__)
#define shmem_test(v, ...) SHMEMI_SELECT_P2P(test, v)(v, __VA_ARGS__)

#endif

#endif
