/* Atomic memory operations on symmetric words: the one place that executes
 * them. Every AMO routine, the signal updates and the distributed lock come
 * through shmemi_amo, so that a heap the CPU cannot reach (GPU memory) needs
 * a new mechanism here and nowhere else.
 *
 * Between PEs of a node the word is in shared memory mapped by every PE, so
 * a CPU atomic instruction on the peer's address is atomic with respect to
 * every other AMO on that word, from any PE and any thread. Every operation
 * is sequentially consistent: that is what the signal routines rely on to
 * publish data before the signal (a seq_cst store or read-modify-write is
 * also a release), and it costs nothing extra on x86, where every atomic
 * read-modify-write is a full barrier anyway.
 *
 * On a device heap the CPU cannot reach the word: a one-thread kernel on
 * this PE's GPU performs the operation with system-scope atomics on the
 * peer's address (the peer's GPU memory is mapped in ours), atomic with
 * respect to every other GPU's and kernel's atomics on that word. */
#ifndef SHMEMI_AMO_H
#define SHMEMI_AMO_H

#include <stdint.h>

#include "transport/amo_op.h"
#include "ctx.h"
#include "rma.h"

#define SHMEMI_AMO_WORD(W)                                                    \
    static inline W shmemi_amo_##W(enum shmemi_amo_op op, W *p, W value,      \
                                   W cond)                                    \
    {                                                                         \
        switch (op) {                                                         \
        case SHMEMI_AMO_FETCH:                                                \
            return __atomic_load_n(p, __ATOMIC_SEQ_CST);                      \
        case SHMEMI_AMO_SET:                                                  \
            __atomic_store_n(p, value, __ATOMIC_SEQ_CST);                     \
            return 0;                                                         \
        case SHMEMI_AMO_SWAP:                                                 \
            return __atomic_exchange_n(p, value, __ATOMIC_SEQ_CST);           \
        case SHMEMI_AMO_CSWAP:                                                \
            /* On failure cond receives the word, so it is the old value      \
             * either way. */                                                 \
            __atomic_compare_exchange_n(p, &cond, value, 0, __ATOMIC_SEQ_CST, \
                                        __ATOMIC_SEQ_CST);                    \
            return cond;                                                      \
        case SHMEMI_AMO_ADD:                                                  \
            return __atomic_fetch_add(p, value, __ATOMIC_SEQ_CST);            \
        case SHMEMI_AMO_AND:                                                  \
            return __atomic_fetch_and(p, value, __ATOMIC_SEQ_CST);            \
        case SHMEMI_AMO_OR:                                                   \
            return __atomic_fetch_or(p, value, __ATOMIC_SEQ_CST);             \
        case SHMEMI_AMO_XOR:                                                  \
            return __atomic_fetch_xor(p, value, __ATOMIC_SEQ_CST);            \
        }                                                                     \
        __builtin_unreachable();                                              \
    }
SHMEMI_AMO_WORD(uint32_t)
SHMEMI_AMO_WORD(uint64_t)
#undef SHMEMI_AMO_WORD

/* The AMOs the CPU cannot do itself: a misaligned word (an error), a word
 * on another node (word is NULL; the transport's AMO) or a word in GPU
 * memory, which a kernel updates (src/rma/cuda_amo.c). */
uint64_t shmemi_amo_slow(const char *call, shmem_ctx_t ctx, enum shmemi_amo_op op,
                         const void *sym, void *word, size_t size, uint64_t value,
                         uint64_t cond, int pe);

/* Performs op on ctx on the size-byte word (4 or 8) at symmetric address
 * sym on pe and returns the word's old value (0 for SET); value and cond carry the
 * word's bits in their low size bytes. Ends the job on a bad PE, an address
 * outside the heap or a misaligned word. Inlined with constant op and size,
 * it is the bare atomic instruction after the checks on a heap the CPU can
 * reach. */
static inline uint64_t shmemi_amo(const char *call, shmem_ctx_t ctx, enum shmemi_amo_op op,
                                  const void *sym, size_t size, uint64_t value,
                                  uint64_t cond, int pe)
{
    char *p = shmemi_rma_target(call, sym, size, pe);
    if (__builtin_expect(!p || ((uintptr_t)sym & (size - 1)) != 0 ||
                             shmemi_heap.kind == SHMEMI_HEAP_DEVICE,
                         0))
        return shmemi_amo_slow(call, ctx, op, sym, p, size, value, cond, pe);
    if (size == sizeof(uint32_t))
        return shmemi_amo_uint32_t(op, (uint32_t *)p, (uint32_t)value, (uint32_t)cond);
    return shmemi_amo_uint64_t(op, (uint64_t *)p, value, cond);
}

/* The non-fetching AMOs (add, and, or, xor) of the program: as shmemi_amo,
 * but to another node the transport's post, which may return before the
 * operation is done there (quiet completes it), as the specification
 * allows: a network round trip saved per call. */
void shmemi_amo_post_slow(const char *call, shmem_ctx_t ctx, enum shmemi_amo_op op,
                          const void *sym, void *word, size_t size, uint64_t value, int pe);

static inline void shmemi_amo_post(const char *call, shmem_ctx_t ctx, enum shmemi_amo_op op,
                                   const void *sym, size_t size, uint64_t value, int pe)
{
    char *p = shmemi_rma_target(call, sym, size, pe);
    if (__builtin_expect(!p || ((uintptr_t)sym & (size - 1)) != 0 ||
                             shmemi_heap.kind == SHMEMI_HEAP_DEVICE,
                         0)) {
        shmemi_amo_post_slow(call, ctx, op, sym, p, size, value, pe);
        return;
    }
    if (size == sizeof(uint32_t))
        shmemi_amo_uint32_t(op, (uint32_t *)p, (uint32_t)value, 0);
    else
        shmemi_amo_uint64_t(op, (uint64_t *)p, value, 0);
}

/* The bits of an AMO type's value as shmemi_amo takes and returns them, and
 * back; a union keeps the conversion exact for float and double and for
 * either byte order. SHMEMI_AMO_BITS(T, N) defines them for one table row. */
#define SHMEMI_AMO_BITS(T, N)                                                 \
    _Static_assert(sizeof(T) == 4 || sizeof(T) == 8,                          \
                   #T " is not a 4- or 8-byte AMO word");                     \
    union shmemi_amo_bits_##N {                                               \
        T t;                                                                  \
        uint32_t w32;                                                         \
        uint64_t w64;                                                         \
    };                                                                        \
    static inline uint64_t shmemi_amo_to_##N(T v)                             \
    {                                                                         \
        union shmemi_amo_bits_##N b = {.w64 = 0};                             \
        b.t = v;                                                              \
        return sizeof(T) == 4 ? b.w32 : b.w64;                                \
    }                                                                         \
    static inline T shmemi_amo_from_##N(uint64_t w)                           \
    {                                                                         \
        union shmemi_amo_bits_##N b;                                          \
        if (sizeof(T) == 4)                                                   \
            b.w32 = (uint32_t)w;                                              \
        else                                                                  \
            b.w64 = w;                                                        \
        return b.t;                                                           \
    }

/* A typed AMO on ctx on dest of pe, for a row (T, N) whose SHMEMI_AMO_BITS
 * are defined: evaluates to the old value as a T. */
#define SHMEMI_AMO_TYPED(N, call, ctx, op, dest, value, cond, pe)             \
    shmemi_amo_from_##N(shmemi_amo(call, ctx, op, dest, sizeof *(dest),       \
                                   shmemi_amo_to_##N(value),                  \
                                   shmemi_amo_to_##N(cond), pe))

/* A non-fetching typed AMO (shmemi_amo_post). */
#define SHMEMI_AMO_TYPED_POST(N, call, ctx, op, dest, value, pe)              \
    shmemi_amo_post(call, ctx, op, dest, sizeof *(dest),                      \
                    shmemi_amo_to_##N(value), pe)

/* Defines shmem_ctx_NAME(ctx, params..., pe) and shmem_NAME(params..., pe)
 * with one body, in which pe is already a world PE and ctx the context
 * (SHMEM_CTX_DEFAULT in shmem_NAME). PARAMS is parenthesised. */
#define SHMEMI_AMO_PAIR(RET, NAME, PARAMS, ...)                               \
    RET shmem_ctx_##NAME(shmem_ctx_t ctx, SHMEMI_AMO_ID PARAMS, int pe)       \
    {                                                                         \
        pe = shmemi_ctx_pe(__func__, ctx, pe);                                \
        __VA_ARGS__                                                           \
    }                                                                         \
    RET shmem_##NAME(SHMEMI_AMO_ID PARAMS, int pe)                            \
    {                                                                         \
        const shmem_ctx_t ctx = SHMEM_CTX_DEFAULT;                            \
        __VA_ARGS__                                                           \
    }
#define SHMEMI_AMO_ID(...) __VA_ARGS__

/* Under SHMEM_DEBUG: the fetch buffer of an _nbi AMO must be real memory. */
static inline void shmemi_amo_check_fetch(const char *call, const void *fetch)
{
    if (shmemi_config.debug && !fetch)
        shmemi_fatal(call, "the fetch buffer is NULL");
}

#endif
