/* Atomic memory operations (OpenSHMEM 1.5 section 9.8): every routine of
 * the standard, extended and bitwise AMO tables with and without a context,
 * the non-blocking fetching forms, the deprecated pre-1.4 names, and the
 * generic names (C11 _Generic, C++ overloads). */
#ifndef SHMEM_AMO_H
#define SHMEM_AMO_H

#include <shmem/amo_decl.h>

#if defined(__CUDACC__)
#include <shmem/device/amo.h>
#endif

#if defined(__cplusplus)

/* Defines the overloads shmem_OP(params..., pe) and
 * shmem_OP(ctx, params..., pe) forwarding to the typed routine NAME. */
#define SHMEMI_CXX_AMO(RET, OP, NAME, PARAMS, ARGS)                           \
    SHMEMI_CXX_HD static inline RET shmem_##OP(SHMEMI_CXX_ID PARAMS, int pe)  \
    { return shmem_##NAME(SHMEMI_CXX_ID ARGS, pe); }                          \
    static inline RET shmem_##OP(shmem_ctx_t c, SHMEMI_CXX_ID PARAMS, int pe) \
    { return shmem_ctx_##NAME(c, SHMEMI_CXX_ID ARGS, pe); }
#define SHMEMI_CXX_ID(...) __VA_ARGS__

#define SHMEMI_CXX_AMO_STANDARD(T, N)                                         \
    SHMEMI_CXX_AMO(T, atomic_compare_swap, N##_atomic_compare_swap,           \
                   (T *d, T cond, T v), (d, cond, v))                         \
    SHMEMI_CXX_AMO(T, atomic_fetch_inc, N##_atomic_fetch_inc, (T *d), (d))    \
    SHMEMI_CXX_AMO(void, atomic_inc, N##_atomic_inc, (T *d), (d))             \
    SHMEMI_CXX_AMO(T, atomic_fetch_add, N##_atomic_fetch_add, (T *d, T v),    \
                   (d, v))                                                    \
    SHMEMI_CXX_AMO(void, atomic_add, N##_atomic_add, (T *d, T v), (d, v))     \
    SHMEMI_CXX_AMO(void, atomic_compare_swap_nbi,                             \
                   N##_atomic_compare_swap_nbi,                               \
                   (T *f, T *d, T cond, T v), (f, d, cond, v))                \
    SHMEMI_CXX_AMO(void, atomic_fetch_inc_nbi, N##_atomic_fetch_inc_nbi,      \
                   (T *f, T *d), (f, d))                                      \
    SHMEMI_CXX_AMO(void, atomic_fetch_add_nbi, N##_atomic_fetch_add_nbi,      \
                   (T *f, T *d, T v), (f, d, v))
SHMEMI_AMO_STANDARD_GENERIC_TYPES(SHMEMI_CXX_AMO_STANDARD)
#undef SHMEMI_CXX_AMO_STANDARD

#define SHMEMI_CXX_AMO_EXTENDED(T, N)                                         \
    SHMEMI_CXX_AMO(T, atomic_fetch, N##_atomic_fetch, (const T *s), (s))      \
    SHMEMI_CXX_AMO(void, atomic_set, N##_atomic_set, (T *d, T v), (d, v))     \
    SHMEMI_CXX_AMO(T, atomic_swap, N##_atomic_swap, (T *d, T v), (d, v))      \
    SHMEMI_CXX_AMO(void, atomic_fetch_nbi, N##_atomic_fetch_nbi,              \
                   (T *f, const T *s), (f, s))                                \
    SHMEMI_CXX_AMO(void, atomic_swap_nbi, N##_atomic_swap_nbi,                \
                   (T *f, T *d, T v), (f, d, v))
SHMEMI_AMO_EXTENDED_GENERIC_TYPES(SHMEMI_CXX_AMO_EXTENDED)
#undef SHMEMI_CXX_AMO_EXTENDED

#define SHMEMI_CXX_AMO_BITWISE(T, N)                                          \
    SHMEMI_CXX_AMO(T, atomic_fetch_and, N##_atomic_fetch_and, (T *d, T v),    \
                   (d, v))                                                    \
    SHMEMI_CXX_AMO(void, atomic_and, N##_atomic_and, (T *d, T v), (d, v))     \
    SHMEMI_CXX_AMO(T, atomic_fetch_or, N##_atomic_fetch_or, (T *d, T v),      \
                   (d, v))                                                    \
    SHMEMI_CXX_AMO(void, atomic_or, N##_atomic_or, (T *d, T v), (d, v))       \
    SHMEMI_CXX_AMO(T, atomic_fetch_xor, N##_atomic_fetch_xor, (T *d, T v),    \
                   (d, v))                                                    \
    SHMEMI_CXX_AMO(void, atomic_xor, N##_atomic_xor, (T *d, T v), (d, v))     \
    SHMEMI_CXX_AMO(void, atomic_fetch_and_nbi, N##_atomic_fetch_and_nbi,      \
                   (T *f, T *d, T v), (f, d, v))                              \
    SHMEMI_CXX_AMO(void, atomic_fetch_or_nbi, N##_atomic_fetch_or_nbi,        \
                   (T *f, T *d, T v), (f, d, v))                              \
    SHMEMI_CXX_AMO(void, atomic_fetch_xor_nbi, N##_atomic_fetch_xor_nbi,      \
                   (T *f, T *d, T v), (f, d, v))
SHMEMI_AMO_BITWISE_GENERIC_TYPES(SHMEMI_CXX_AMO_BITWISE)
#undef SHMEMI_CXX_AMO_BITWISE
#undef SHMEMI_CXX_AMO

#define SHMEMI_CXX_AMO_DEPRECATED(T, N)                                       \
    static inline T shmem_cswap(T *d, T cond, T v, int pe)                    \
    { return shmem_##N##_cswap(d, cond, v, pe); }                             \
    static inline T shmem_finc(T *d, int pe) { return shmem_##N##_finc(d, pe); } \
    static inline void shmem_inc(T *d, int pe) { shmem_##N##_inc(d, pe); }    \
    static inline T shmem_fadd(T *d, T v, int pe)                             \
    { return shmem_##N##_fadd(d, v, pe); }                                    \
    static inline void shmem_add(T *d, T v, int pe) { shmem_##N##_add(d, v, pe); }
SHMEMI_AMO_DEPRECATED_TYPES(SHMEMI_CXX_AMO_DEPRECATED)
#undef SHMEMI_CXX_AMO_DEPRECATED
#define SHMEMI_CXX_AMO_DEPRECATED_EXTENDED(T, N)                              \
    static inline T shmem_fetch(const T *s, int pe) { return shmem_##N##_fetch(s, pe); } \
    static inline void shmem_set(T *d, T v, int pe) { shmem_##N##_set(d, v, pe); } \
    static inline T shmem_swap(T *d, T v, int pe) { return shmem_##N##_swap(d, v, pe); }
SHMEMI_AMO_DEPRECATED_EXTENDED_TYPES(SHMEMI_CXX_AMO_DEPRECATED_EXTENDED)
#undef SHMEMI_CXX_AMO_DEPRECATED_EXTENDED
#undef SHMEMI_CXX_ID

#elif defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L

/* The routine for the type of the object OBJ points to, from one AMO table;
 * a type outside the table is a compile-time error. */
#define SHMEMI_SELECT_AMO(TABLE, OP, OBJ)                                     \
    _Generic(*(OBJ), TABLE(SHMEMI_A_##OP) char *: 0)
#define SHMEMI_SELECT_STD(OP, OBJ)                                            \
    SHMEMI_SELECT_AMO(SHMEMI_AMO_STANDARD_GENERIC_TYPES, OP, OBJ)
#define SHMEMI_SELECT_EXT(OP, OBJ)                                            \
    SHMEMI_SELECT_AMO(SHMEMI_AMO_EXTENDED_GENERIC_TYPES, OP, OBJ)
#define SHMEMI_SELECT_BIT(OP, OBJ)                                            \
    SHMEMI_SELECT_AMO(SHMEMI_AMO_BITWISE_GENERIC_TYPES, OP, OBJ)
#define SHMEMI_SELECT_OLD(OP, OBJ)                                            \
    SHMEMI_SELECT_AMO(SHMEMI_AMO_DEPRECATED_TYPES, OP, OBJ)
#define SHMEMI_SELECT_OLD_EXT(OP, OBJ)                                        \
    SHMEMI_SELECT_AMO(SHMEMI_AMO_DEPRECATED_EXTENDED_TYPES, OP, OBJ)

#define SHMEMI_A_atomic_compare_swap(T, N) T: shmem_##N##_atomic_compare_swap,
#define SHMEMI_A_ctx_atomic_compare_swap(T, N) T: shmem_ctx_##N##_atomic_compare_swap,
#define SHMEMI_A_atomic_fetch_inc(T, N) T: shmem_##N##_atomic_fetch_inc,
#define SHMEMI_A_ctx_atomic_fetch_inc(T, N) T: shmem_ctx_##N##_atomic_fetch_inc,
#define SHMEMI_A_atomic_inc(T, N) T: shmem_##N##_atomic_inc,
#define SHMEMI_A_ctx_atomic_inc(T, N) T: shmem_ctx_##N##_atomic_inc,
#define SHMEMI_A_atomic_fetch_add(T, N) T: shmem_##N##_atomic_fetch_add,
#define SHMEMI_A_ctx_atomic_fetch_add(T, N) T: shmem_ctx_##N##_atomic_fetch_add,
#define SHMEMI_A_atomic_add(T, N) T: shmem_##N##_atomic_add,
#define SHMEMI_A_ctx_atomic_add(T, N) T: shmem_ctx_##N##_atomic_add,
#define SHMEMI_A_atomic_compare_swap_nbi(T, N) T: shmem_##N##_atomic_compare_swap_nbi,
#define SHMEMI_A_ctx_atomic_compare_swap_nbi(T, N)                            \
    T: shmem_ctx_##N##_atomic_compare_swap_nbi,
#define SHMEMI_A_atomic_fetch_inc_nbi(T, N) T: shmem_##N##_atomic_fetch_inc_nbi,
#define SHMEMI_A_ctx_atomic_fetch_inc_nbi(T, N) T: shmem_ctx_##N##_atomic_fetch_inc_nbi,
#define SHMEMI_A_atomic_fetch_add_nbi(T, N) T: shmem_##N##_atomic_fetch_add_nbi,
#define SHMEMI_A_ctx_atomic_fetch_add_nbi(T, N) T: shmem_ctx_##N##_atomic_fetch_add_nbi,
#define SHMEMI_A_atomic_fetch(T, N) T: shmem_##N##_atomic_fetch,
#define SHMEMI_A_ctx_atomic_fetch(T, N) T: shmem_ctx_##N##_atomic_fetch,
#define SHMEMI_A_atomic_set(T, N) T: shmem_##N##_atomic_set,
#define SHMEMI_A_ctx_atomic_set(T, N) T: shmem_ctx_##N##_atomic_set,
#define SHMEMI_A_atomic_swap(T, N) T: shmem_##N##_atomic_swap,
#define SHMEMI_A_ctx_atomic_swap(T, N) T: shmem_ctx_##N##_atomic_swap,
#define SHMEMI_A_atomic_fetch_nbi(T, N) T: shmem_##N##_atomic_fetch_nbi,
#define SHMEMI_A_ctx_atomic_fetch_nbi(T, N) T: shmem_ctx_##N##_atomic_fetch_nbi,
#define SHMEMI_A_atomic_swap_nbi(T, N) T: shmem_##N##_atomic_swap_nbi,
#define SHMEMI_A_ctx_atomic_swap_nbi(T, N) T: shmem_ctx_##N##_atomic_swap_nbi,
#define SHMEMI_A_atomic_fetch_and(T, N) T: shmem_##N##_atomic_fetch_and,
#define SHMEMI_A_ctx_atomic_fetch_and(T, N) T: shmem_ctx_##N##_atomic_fetch_and,
#define SHMEMI_A_atomic_and(T, N) T: shmem_##N##_atomic_and,
#define SHMEMI_A_ctx_atomic_and(T, N) T: shmem_ctx_##N##_atomic_and,
#define SHMEMI_A_atomic_fetch_or(T, N) T: shmem_##N##_atomic_fetch_or,
#define SHMEMI_A_ctx_atomic_fetch_or(T, N) T: shmem_ctx_##N##_atomic_fetch_or,
#define SHMEMI_A_atomic_or(T, N) T: shmem_##N##_atomic_or,
#define SHMEMI_A_ctx_atomic_or(T, N) T: shmem_ctx_##N##_atomic_or,
#define SHMEMI_A_atomic_fetch_xor(T, N) T: shmem_##N##_atomic_fetch_xor,
#define SHMEMI_A_ctx_atomic_fetch_xor(T, N) T: shmem_ctx_##N##_atomic_fetch_xor,
#define SHMEMI_A_atomic_xor(T, N) T: shmem_##N##_atomic_xor,
#define SHMEMI_A_ctx_atomic_xor(T, N) T: shmem_ctx_##N##_atomic_xor,
#define SHMEMI_A_atomic_fetch_and_nbi(T, N) T: shmem_##N##_atomic_fetch_and_nbi,
#define SHMEMI_A_ctx_atomic_fetch_and_nbi(T, N) T: shmem_ctx_##N##_atomic_fetch_and_nbi,
#define SHMEMI_A_atomic_fetch_or_nbi(T, N) T: shmem_##N##_atomic_fetch_or_nbi,
#define SHMEMI_A_ctx_atomic_fetch_or_nbi(T, N) T: shmem_ctx_##N##_atomic_fetch_or_nbi,
#define SHMEMI_A_atomic_fetch_xor_nbi(T, N) T: shmem_##N##_atomic_fetch_xor_nbi,
#define SHMEMI_A_ctx_atomic_fetch_xor_nbi(T, N) T: shmem_ctx_##N##_atomic_fetch_xor_nbi,
#define SHMEMI_A_dep_cswap(T, N) T: shmem_##N##_cswap,
#define SHMEMI_A_dep_finc(T, N) T: shmem_##N##_finc,
#define SHMEMI_A_dep_inc(T, N) T: shmem_##N##_inc,
#define SHMEMI_A_dep_fadd(T, N) T: shmem_##N##_fadd,
#define SHMEMI_A_dep_add(T, N) T: shmem_##N##_add,
#define SHMEMI_A_dep_fetch(T, N) T: shmem_##N##_fetch,
#define SHMEMI_A_dep_set(T, N) T: shmem_##N##_set,
#define SHMEMI_A_dep_swap(T, N) T: shmem_##N##_swap,

/* Each name picks its context form by argument count; P is the count of
 * the form without a context. The object whose type selects is the first
 * pointer argument (dest, source, or the fetch buffer of an _nbi form). */
#define shmem_atomic_compare_swap(...)                                        \
    SHMEMI_BY_NARG(shmemi_atomic_compare_swap, __VA_ARGS__)
#define shmemi_atomic_compare_swap_4(d, ...)                                  \
    SHMEMI_SELECT_STD(atomic_compare_swap, d)(d, __VA_ARGS__)
#define shmemi_atomic_compare_swap_5(c, d, ...)                               \
    SHMEMI_SELECT_STD(ctx_atomic_compare_swap, d)(c, d, __VA_ARGS__)
#define shmem_atomic_fetch_inc(...) SHMEMI_BY_NARG(shmemi_atomic_fetch_inc, __VA_ARGS__)
#define shmemi_atomic_fetch_inc_2(d, ...)                                     \
    SHMEMI_SELECT_STD(atomic_fetch_inc, d)(d, __VA_ARGS__)
#define shmemi_atomic_fetch_inc_3(c, d, ...)                                  \
    SHMEMI_SELECT_STD(ctx_atomic_fetch_inc, d)(c, d, __VA_ARGS__)
#define shmem_atomic_inc(...) SHMEMI_BY_NARG(shmemi_atomic_inc, __VA_ARGS__)
#define shmemi_atomic_inc_2(d, ...) SHMEMI_SELECT_STD(atomic_inc, d)(d, __VA_ARGS__)
#define shmemi_atomic_inc_3(c, d, ...)                                        \
    SHMEMI_SELECT_STD(ctx_atomic_inc, d)(c, d, __VA_ARGS__)
#define shmem_atomic_fetch_add(...) SHMEMI_BY_NARG(shmemi_atomic_fetch_add, __VA_ARGS__)
#define shmemi_atomic_fetch_add_3(d, ...)                                     \
    SHMEMI_SELECT_STD(atomic_fetch_add, d)(d, __VA_ARGS__)
#define shmemi_atomic_fetch_add_4(c, d, ...)                                  \
    SHMEMI_SELECT_STD(ctx_atomic_fetch_add, d)(c, d, __VA_ARGS__)
#define shmem_atomic_add(...) SHMEMI_BY_NARG(shmemi_atomic_add, __VA_ARGS__)
#define shmemi_atomic_add_3(d, ...) SHMEMI_SELECT_STD(atomic_add, d)(d, __VA_ARGS__)
#define shmemi_atomic_add_4(c, d, ...)                                        \
    SHMEMI_SELECT_STD(ctx_atomic_add, d)(c, d, __VA_ARGS__)
#define shmem_atomic_compare_swap_nbi(...)                                    \
    SHMEMI_BY_NARG(shmemi_atomic_compare_swap_nbi, __VA_ARGS__)
#define shmemi_atomic_compare_swap_nbi_5(f, ...)                              \
    SHMEMI_SELECT_STD(atomic_compare_swap_nbi, f)(f, __VA_ARGS__)
#define shmemi_atomic_compare_swap_nbi_6(c, f, ...)                           \
    SHMEMI_SELECT_STD(ctx_atomic_compare_swap_nbi, f)(c, f, __VA_ARGS__)
#define shmem_atomic_fetch_inc_nbi(...)                                       \
    SHMEMI_BY_NARG(shmemi_atomic_fetch_inc_nbi, __VA_ARGS__)
#define shmemi_atomic_fetch_inc_nbi_3(f, ...)                                 \
    SHMEMI_SELECT_STD(atomic_fetch_inc_nbi, f)(f, __VA_ARGS__)
#define shmemi_atomic_fetch_inc_nbi_4(c, f, ...)                              \
    SHMEMI_SELECT_STD(ctx_atomic_fetch_inc_nbi, f)(c, f, __VA_ARGS__)
#define shmem_atomic_fetch_add_nbi(...)                                       \
    SHMEMI_BY_NARG(shmemi_atomic_fetch_add_nbi, __VA_ARGS__)
#define shmemi_atomic_fetch_add_nbi_4(f, ...)                                 \
    SHMEMI_SELECT_STD(atomic_fetch_add_nbi, f)(f, __VA_ARGS__)
#define shmemi_atomic_fetch_add_nbi_5(c, f, ...)                              \
    SHMEMI_SELECT_STD(ctx_atomic_fetch_add_nbi, f)(c, f, __VA_ARGS__)

#define shmem_atomic_fetch(...) SHMEMI_BY_NARG(shmemi_atomic_fetch, __VA_ARGS__)
#define shmemi_atomic_fetch_2(s, ...) SHMEMI_SELECT_EXT(atomic_fetch, s)(s, __VA_ARGS__)
#define shmemi_atomic_fetch_3(c, s, ...)                                      \
    SHMEMI_SELECT_EXT(ctx_atomic_fetch, s)(c, s, __VA_ARGS__)
#define shmem_atomic_set(...) SHMEMI_BY_NARG(shmemi_atomic_set, __VA_ARGS__)
#define shmemi_atomic_set_3(d, ...) SHMEMI_SELECT_EXT(atomic_set, d)(d, __VA_ARGS__)
#define shmemi_atomic_set_4(c, d, ...)                                        \
    SHMEMI_SELECT_EXT(ctx_atomic_set, d)(c, d, __VA_ARGS__)
#define shmem_atomic_swap(...) SHMEMI_BY_NARG(shmemi_atomic_swap, __VA_ARGS__)
#define shmemi_atomic_swap_3(d, ...) SHMEMI_SELECT_EXT(atomic_swap, d)(d, __VA_ARGS__)
#define shmemi_atomic_swap_4(c, d, ...)                                       \
    SHMEMI_SELECT_EXT(ctx_atomic_swap, d)(c, d, __VA_ARGS__)
#define shmem_atomic_fetch_nbi(...) SHMEMI_BY_NARG(shmemi_atomic_fetch_nbi, __VA_ARGS__)
#define shmemi_atomic_fetch_nbi_3(f, ...)                                     \
    SHMEMI_SELECT_EXT(atomic_fetch_nbi, f)(f, __VA_ARGS__)
#define shmemi_atomic_fetch_nbi_4(c, f, ...)                                  \
    SHMEMI_SELECT_EXT(ctx_atomic_fetch_nbi, f)(c, f, __VA_ARGS__)
#define shmem_atomic_swap_nbi(...) SHMEMI_BY_NARG(shmemi_atomic_swap_nbi, __VA_ARGS__)
#define shmemi_atomic_swap_nbi_4(f, ...)                                      \
    SHMEMI_SELECT_EXT(atomic_swap_nbi, f)(f, __VA_ARGS__)
#define shmemi_atomic_swap_nbi_5(c, f, ...)                                   \
    SHMEMI_SELECT_EXT(ctx_atomic_swap_nbi, f)(c, f, __VA_ARGS__)

#define shmem_atomic_fetch_and(...) SHMEMI_BY_NARG(shmemi_atomic_fetch_and, __VA_ARGS__)
#define shmemi_atomic_fetch_and_3(d, ...)                                     \
    SHMEMI_SELECT_BIT(atomic_fetch_and, d)(d, __VA_ARGS__)
#define shmemi_atomic_fetch_and_4(c, d, ...)                                  \
    SHMEMI_SELECT_BIT(ctx_atomic_fetch_and, d)(c, d, __VA_ARGS__)
#define shmem_atomic_and(...) SHMEMI_BY_NARG(shmemi_atomic_and, __VA_ARGS__)
#define shmemi_atomic_and_3(d, ...) SHMEMI_SELECT_BIT(atomic_and, d)(d, __VA_ARGS__)
#define shmemi_atomic_and_4(c, d, ...)                                        \
    SHMEMI_SELECT_BIT(ctx_atomic_and, d)(c, d, __VA_ARGS__)
#define shmem_atomic_fetch_or(...) SHMEMI_BY_NARG(shmemi_atomic_fetch_or, __VA_ARGS__)
#define shmemi_atomic_fetch_or_3(d, ...)                                      \
    SHMEMI_SELECT_BIT(atomic_fetch_or, d)(d, __VA_ARGS__)
#define shmemi_atomic_fetch_or_4(c, d, ...)                                   \
    SHMEMI_SELECT_BIT(ctx_atomic_fetch_or, d)(c, d, __VA_ARGS__)
#define shmem_atomic_or(...) SHMEMI_BY_NARG(shmemi_atomic_or, __VA_ARGS__)
#define shmemi_atomic_or_3(d, ...) SHMEMI_SELECT_BIT(atomic_or, d)(d, __VA_ARGS__)
#define shmemi_atomic_or_4(c, d, ...)                                         \
    SHMEMI_SELECT_BIT(ctx_atomic_or, d)(c, d, __VA_ARGS__)
#define shmem_atomic_fetch_xor(...) SHMEMI_BY_NARG(shmemi_atomic_fetch_xor, __VA_ARGS__)
#define shmemi_atomic_fetch_xor_3(d, ...)                                     \
    SHMEMI_SELECT_BIT(atomic_fetch_xor, d)(d, __VA_ARGS__)
#define shmemi_atomic_fetch_xor_4(c, d, ...)                                  \
    SHMEMI_SELECT_BIT(ctx_atomic_fetch_xor, d)(c, d, __VA_ARGS__)
#define shmem_atomic_xor(...) SHMEMI_BY_NARG(shmemi_atomic_xor, __VA_ARGS__)
#define shmemi_atomic_xor_3(d, ...) SHMEMI_SELECT_BIT(atomic_xor, d)(d, __VA_ARGS__)
#define shmemi_atomic_xor_4(c, d, ...)                                        \
    SHMEMI_SELECT_BIT(ctx_atomic_xor, d)(c, d, __VA_ARGS__)
#define shmem_atomic_fetch_and_nbi(...)                                       \
    SHMEMI_BY_NARG(shmemi_atomic_fetch_and_nbi, __VA_ARGS__)
#define shmemi_atomic_fetch_and_nbi_4(f, ...)                                 \
    SHMEMI_SELECT_BIT(atomic_fetch_and_nbi, f)(f, __VA_ARGS__)
#define shmemi_atomic_fetch_and_nbi_5(c, f, ...)                              \
    SHMEMI_SELECT_BIT(ctx_atomic_fetch_and_nbi, f)(c, f, __VA_ARGS__)
#define shmem_atomic_fetch_or_nbi(...)                                        \
    SHMEMI_BY_NARG(shmemi_atomic_fetch_or_nbi, __VA_ARGS__)
#define shmemi_atomic_fetch_or_nbi_4(f, ...)                                  \
    SHMEMI_SELECT_BIT(atomic_fetch_or_nbi, f)(f, __VA_ARGS__)
#define shmemi_atomic_fetch_or_nbi_5(c, f, ...)                               \
    SHMEMI_SELECT_BIT(ctx_atomic_fetch_or_nbi, f)(c, f, __VA_ARGS__)
#define shmem_atomic_fetch_xor_nbi(...)                                       \
    SHMEMI_BY_NARG(shmemi_atomic_fetch_xor_nbi, __VA_ARGS__)
#define shmemi_atomic_fetch_xor_nbi_4(f, ...)                                 \
    SHMEMI_SELECT_BIT(atomic_fetch_xor_nbi, f)(f, __VA_ARGS__)
#define shmemi_atomic_fetch_xor_nbi_5(c, f, ...)                              \
    SHMEMI_SELECT_BIT(ctx_atomic_fetch_xor_nbi, f)(c, f, __VA_ARGS__)

/* Deprecated generic names, which never had a context form. */
#define shmem_cswap(d, ...) SHMEMI_SELECT_OLD(dep_cswap, d)(d, __VA_ARGS__)
#define shmem_finc(d, ...) SHMEMI_SELECT_OLD(dep_finc, d)(d, __VA_ARGS__)
#define shmem_inc(d, ...) SHMEMI_SELECT_OLD(dep_inc, d)(d, __VA_ARGS__)
#define shmem_fadd(d, ...) SHMEMI_SELECT_OLD(dep_fadd, d)(d, __VA_ARGS__)
#define shmem_add(d, ...) SHMEMI_SELECT_OLD(dep_add, d)(d, __VA_ARGS__)
#define shmem_fetch(s, ...) SHMEMI_SELECT_OLD_EXT(dep_fetch, s)(s, __VA_ARGS__)
#define shmem_set(d, ...) SHMEMI_SELECT_OLD_EXT(dep_set, d)(d, __VA_ARGS__)
#define shmem_swap(d, ...) SHMEMI_SELECT_OLD_EXT(dep_swap, d)(d, __VA_ARGS__)

#endif

#endif
