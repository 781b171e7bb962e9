/* The host API's foundation, which every other header builds on: the
 * naming of routines that kernels call as well (SHMEMI_API), the constants,
 * the context type, and the routines of setup and query, memory, RMA,
 * ordering, barrier_all and the single-variable waits. The API areas
 * (team.h, amo.h, ...) add theirs; shmem.h, the header programs include,
 * includes this one first. The device headers (shmem/device/) include it
 * for the host side of their routines. */
#ifndef SHMEM_API_H
#define SHMEM_API_H

#include <stddef.h>
#include <stdint.h>
#include <shmem/types.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Routines that CUDA kernels can call as well are declared through
 * SHMEMI_API. In CUDA sources shmem/device.h defines them inline for host
 * and device alike (no relocatable device code needed), and their host side
 * calls the library's routine, declared here as shmemi_host_X bound to the
 * symbol shmem_X (SHMEMI_SYMBOL: an asm label): a host call from a CUDA
 * source is then the application's call to shmem_X, which a profiling
 * tool's shmem_X receives as it receives a C program's. */
#if defined(__CUDACC__)
#define SHMEMI_API shmemi_host
#define SHMEMI_SYMBOL(rest) __asm__("shmem" #rest)
#else
#define SHMEMI_API shmem
#define SHMEMI_SYMBOL(rest)
#endif
#define SHMEMI_PASTE_(a, b) a##b
#define SHMEMI_PASTE(a, b) SHMEMI_PASTE_(a, b)
/* The name of routine _rest (e.g. _int_p) under the SHMEMI_API prefix. */
#define SHMEMI_NAME(rest) SHMEMI_PASTE(SHMEMI_API, rest)

#define SHMEM_MAJOR_VERSION 1
#define SHMEM_MINOR_VERSION 5
#define SHMEM_MAX_NAME_LEN 256
#define SHMEM_VENDOR_STRING "shmem-gpu 0.1 (OpenSHMEM 1.5 with 1.6 additions)"

#define SHMEM_THREAD_SINGLE 0
#define SHMEM_THREAD_FUNNELED 1
#define SHMEM_THREAD_SERIALIZED 2
#define SHMEM_THREAD_MULTIPLE 3

#define SHMEM_CMP_EQ 0
#define SHMEM_CMP_NE 1
#define SHMEM_CMP_GT 2
#define SHMEM_CMP_GE 3
#define SHMEM_CMP_LT 4
#define SHMEM_CMP_LE 5
/* Whether a cmp b holds, for a cmp already known to be one of the above;
 * shared by the host waits and the device ones. */
#define SHMEMI_CMP_HOLDS(a, cmp, b)                                           \
    ((cmp) == SHMEM_CMP_EQ   ? (a) == (b)                                     \
     : (cmp) == SHMEM_CMP_NE ? (a) != (b)                                     \
     : (cmp) == SHMEM_CMP_GT ? (a) > (b)                                      \
     : (cmp) == SHMEM_CMP_GE ? (a) >= (b)                                     \
     : (cmp) == SHMEM_CMP_LT ? (a) < (b)                                      \
                             : (a) <= (b))

#define SHMEM_MALLOC_ATOMICS_REMOTE (1L << 0)
#define SHMEM_MALLOC_SIGNAL_REMOTE (1L << 1)

#define SHMEM_CTX_SERIALIZED (1L << 0)
#define SHMEM_CTX_PRIVATE (1L << 1)
#define SHMEM_CTX_NOSTORE (1L << 2)

typedef struct shmemi_ctx *shmem_ctx_t;
extern shmem_ctx_t SHMEM_CTX_DEFAULT;
#define SHMEM_CTX_INVALID ((shmem_ctx_t)0)

/* Library setup, exit and query. */
void shmem_init(void);
int shmem_init_thread(int requested, int *provided);
void shmem_finalize(void);
void shmem_global_exit(int status);
int SHMEMI_NAME(_my_pe)(void) SHMEMI_SYMBOL(_my_pe);
int SHMEMI_NAME(_n_pes)(void) SHMEMI_SYMBOL(_n_pes);
void shmem_query_thread(int *provided);
void shmem_query_initialized(int *initialized);
void shmem_info_get_version(int *major, int *minor);
void shmem_info_get_name(char *name);
/* The profiling hook: the library ignores the level; a tool that defines
 * shmem_pcontrol sees it (see pshmem.h). */
void shmem_pcontrol(int level, ...);
int shmem_pe_accessible(int pe);
int shmem_addr_accessible(const void *addr, int pe);
void *SHMEMI_NAME(_ptr)(const void *dest, int pe) SHMEMI_SYMBOL(_ptr);

/* Memory management. */
void *shmem_malloc(size_t size);
void *shmem_calloc(size_t count, size_t size);
void *shmem_align(size_t alignment, size_t size);
void *shmem_realloc(void *ptr, size_t size);
void shmem_free(void *ptr);
void *shmem_malloc_with_hints(size_t size, long hints);

/* Typed RMA. */
#define SHMEMI_DECL_RMA_CTX(T, N)                                             \
    void shmem_ctx_##N##_put(shmem_ctx_t ctx, T *dest, const T *source,      \
                             size_t nelems, int pe);                          \
    void shmem_ctx_##N##_get(shmem_ctx_t ctx, T *dest, const T *source,      \
                             size_t nelems, int pe);                          \
    void shmem_ctx_##N##_put_nbi(shmem_ctx_t ctx, T *dest, const T *source,  \
                                 size_t nelems, int pe);                      \
    void shmem_ctx_##N##_get_nbi(shmem_ctx_t ctx, T *dest, const T *source,  \
                                 size_t nelems, int pe);                      \
    void shmem_ctx_##N##_iput(shmem_ctx_t ctx, T *dest, const T *source,     \
                              ptrdiff_t dst, ptrdiff_t sst, size_t nelems,    \
                              int pe);                                        \
    void shmem_ctx_##N##_iget(shmem_ctx_t ctx, T *dest, const T *source,     \
                              ptrdiff_t dst, ptrdiff_t sst, size_t nelems,    \
                              int pe);                                        \
    void shmem_ctx_##N##_p(shmem_ctx_t ctx, T *dest, T value, int pe);        \
    T shmem_ctx_##N##_g(shmem_ctx_t ctx, const T *source, int pe);
SHMEMI_RMA_TYPES(SHMEMI_DECL_RMA_CTX)
#undef SHMEMI_DECL_RMA_CTX

#define SHMEMI_DECL_RMA(T, N)                                                 \
    void SHMEMI_NAME(_##N##_put)(T *dest, const T *source, size_t nelems,    \
                                 int pe)                                      \
        SHMEMI_SYMBOL(_##N##_put);                                            \
    void SHMEMI_NAME(_##N##_get)(T *dest, const T *source, size_t nelems,    \
                                 int pe)                                      \
        SHMEMI_SYMBOL(_##N##_get);                                            \
    void SHMEMI_NAME(_##N##_put_nbi)(T *dest, const T *source,               \
                                     size_t nelems, int pe)                   \
        SHMEMI_SYMBOL(_##N##_put_nbi);                                        \
    void SHMEMI_NAME(_##N##_get_nbi)(T *dest, const T *source,               \
                                     size_t nelems, int pe)                   \
        SHMEMI_SYMBOL(_##N##_get_nbi);                                        \
    void SHMEMI_NAME(_##N##_iput)(T *dest, const T *source, ptrdiff_t dst,   \
                                  ptrdiff_t sst, size_t nelems, int pe)       \
        SHMEMI_SYMBOL(_##N##_iput);                                           \
    void SHMEMI_NAME(_##N##_iget)(T *dest, const T *source, ptrdiff_t dst,   \
                                  ptrdiff_t sst, size_t nelems, int pe)       \
        SHMEMI_SYMBOL(_##N##_iget);                                           \
    void SHMEMI_NAME(_##N##_p)(T *dest, T value, int pe)                      \
        SHMEMI_SYMBOL(_##N##_p);                                              \
    T SHMEMI_NAME(_##N##_g)(const T *source, int pe) SHMEMI_SYMBOL(_##N##_g);
SHMEMI_RMA_TYPES(SHMEMI_DECL_RMA)
#undef SHMEMI_DECL_RMA

/* Sized RMA. */
#define SHMEMI_DECL_SIZED(B)                                                  \
    void shmem_ctx_put##B(shmem_ctx_t ctx, void *dest, const void *source,   \
                          size_t nelems, int pe);                             \
    void shmem_ctx_get##B(shmem_ctx_t ctx, void *dest, const void *source,   \
                          size_t nelems, int pe);                             \
    void shmem_ctx_put##B##_nbi(shmem_ctx_t ctx, void *dest,                 \
                                const void *source, size_t nelems, int pe);   \
    void shmem_ctx_get##B##_nbi(shmem_ctx_t ctx, void *dest,                 \
                                const void *source, size_t nelems, int pe);   \
    void shmem_ctx_iput##B(shmem_ctx_t ctx, void *dest, const void *source,  \
                           ptrdiff_t dst, ptrdiff_t sst, size_t nelems,       \
                           int pe);                                           \
    void shmem_ctx_iget##B(shmem_ctx_t ctx, void *dest, const void *source,  \
                           ptrdiff_t dst, ptrdiff_t sst, size_t nelems,       \
                           int pe);                                           \
    void SHMEMI_NAME(_put##B)(void *dest, const void *source, size_t nelems, \
                              int pe)                                         \
        SHMEMI_SYMBOL(_put##B);                                               \
    void SHMEMI_NAME(_get##B)(void *dest, const void *source, size_t nelems, \
                              int pe)                                         \
        SHMEMI_SYMBOL(_get##B);                                               \
    void SHMEMI_NAME(_put##B##_nbi)(void *dest, const void *source,          \
                                    size_t nelems, int pe)                    \
        SHMEMI_SYMBOL(_put##B##_nbi);                                         \
    void SHMEMI_NAME(_get##B##_nbi)(void *dest, const void *source,          \
                                    size_t nelems, int pe)                    \
        SHMEMI_SYMBOL(_get##B##_nbi);                                         \
    void SHMEMI_NAME(_iput##B)(void *dest, const void *source, ptrdiff_t dst, \
                               ptrdiff_t sst, size_t nelems, int pe)          \
        SHMEMI_SYMBOL(_iput##B);                                              \
    void SHMEMI_NAME(_iget##B)(void *dest, const void *source, ptrdiff_t dst, \
                               ptrdiff_t sst, size_t nelems, int pe)          \
        SHMEMI_SYMBOL(_iget##B);
SHMEMI_SIZES(SHMEMI_DECL_SIZED)
#undef SHMEMI_DECL_SIZED

void shmem_ctx_putmem(shmem_ctx_t ctx, void *dest, const void *source,
                      size_t nelems, int pe);
void shmem_ctx_getmem(shmem_ctx_t ctx, void *dest, const void *source,
                      size_t nelems, int pe);
void shmem_ctx_putmem_nbi(shmem_ctx_t ctx, void *dest, const void *source,
                          size_t nelems, int pe);
void shmem_ctx_getmem_nbi(shmem_ctx_t ctx, void *dest, const void *source,
                          size_t nelems, int pe);
void SHMEMI_NAME(_putmem)(void *dest, const void *source, size_t nelems, int pe)
    SHMEMI_SYMBOL(_putmem);
void SHMEMI_NAME(_getmem)(void *dest, const void *source, size_t nelems, int pe)
    SHMEMI_SYMBOL(_getmem);
void SHMEMI_NAME(_putmem_nbi)(void *dest, const void *source, size_t nelems, int pe)
    SHMEMI_SYMBOL(_putmem_nbi);
void SHMEMI_NAME(_getmem_nbi)(void *dest, const void *source, size_t nelems, int pe)
    SHMEMI_SYMBOL(_getmem_nbi);

/* Ordering and completion. */
void shmem_ctx_fence(shmem_ctx_t ctx);
void shmem_ctx_quiet(shmem_ctx_t ctx);
void SHMEMI_NAME(_fence)(void) SHMEMI_SYMBOL(_fence);
void SHMEMI_NAME(_quiet)(void) SHMEMI_SYMBOL(_quiet);

/* Synchronization. */
void SHMEMI_NAME(_barrier_all)(void) SHMEMI_SYMBOL(_barrier_all);
void SHMEMI_NAME(_sync_all)(void) SHMEMI_SYMBOL(_sync_all);

#define SHMEMI_DECL_P2P(T, N)                                                 \
    void SHMEMI_NAME(_##N##_wait_until)(T *ivar, int cmp, T cmp_value)        \
        SHMEMI_SYMBOL(_##N##_wait_until);                                     \
    int SHMEMI_NAME(_##N##_test)(T *ivar, int cmp, T cmp_value)               \
        SHMEMI_SYMBOL(_##N##_test);
SHMEMI_P2P_TYPES(SHMEMI_DECL_P2P)
#undef SHMEMI_DECL_P2P

/* Deprecated names, still in the specification for old programs. */
#define _SHMEM_MAJOR_VERSION SHMEM_MAJOR_VERSION
#define _SHMEM_MINOR_VERSION SHMEM_MINOR_VERSION
#define _SHMEM_MAX_NAME_LEN SHMEM_MAX_NAME_LEN
#define _SHMEM_VENDOR_STRING SHMEM_VENDOR_STRING
#define _SHMEM_CMP_EQ SHMEM_CMP_EQ
#define _SHMEM_CMP_NE SHMEM_CMP_NE
#define _SHMEM_CMP_GT SHMEM_CMP_GT
#define _SHMEM_CMP_GE SHMEM_CMP_GE
#define _SHMEM_CMP_LT SHMEM_CMP_LT
#define _SHMEM_CMP_LE SHMEM_CMP_LE
void start_pes(int npes);
int _my_pe(void);
int _num_pes(void);
void *shmalloc(size_t size);
void shfree(void *ptr);
void *shrealloc(void *ptr, size_t size);
void *shmemalign(size_t alignment, size_t size);
#if !defined(__cplusplus)
/* The untyped forms on long; in C11 the names are also generic macros, and
 * C++ has overloads of them. */
void(shmem_wait)(long *ivar, long cmp_value);
void(shmem_wait_until)(long *ivar, int cmp, long cmp_value);
#endif

#ifdef __cplusplus
}
#endif

#endif
