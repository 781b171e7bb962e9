/* Sized RMA (put8 .. put128 and friends) and putmem/getmem, with and
 * without a context; zero-length transfers; 4 MiB transfers; puts to self.
 * Each PE writes to its right neighbour and reads from its left one. */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "mem_forms.h"
#include "ring.h"

#define NE 9        /* elements per transfer */
#define RS (4 * NE) /* elements per region: room for strides up to 4 */
#define NREG 8      /* one region per put form, one round per get form */
#define LARGE ((size_t)4 << 20)

/* Element strides of each put region (target, source) and each get round
 * (local, source); the first four forms are contiguous. */
static const int put_dst[NREG] = {1, 1, 1, 1, 1, 3, 2, 4};
static const int put_src[NREG] = {1, 1, 1, 1, 1, 2, 4, 1};
static const int get_dst[NREG] = {1, 1, 1, 1, 1, 2, 3, 1};
static const int get_src[NREG] = {1, 1, 1, 1, 1, 3, 2, 4};

/* Byte k of a PE's data for region reg: differs between neighbours, and
 * between the bytes of one element, so a misplaced byte shows. */
static unsigned char val(int pe, int reg, size_t k)
{
    return (unsigned char)(pe * 37 + reg * 11 + k * 5 + (k >> 8) + 1);
}

/* Element j of a region, E bytes each, as a transfer at stride s delivered
 * it from data val(pe, reg, ...) read at source stride ss; gaps stay 0. */
static void check_region(const unsigned char *got, size_t E, int s, int ss, int pe,
                         int reg, const char *what, int form)
{
    for (size_t j = 0; j < RS; j++) {
        int hit = j % (size_t)s == 0 && j / (size_t)s < NE;
        CHECK_EACH(got + j * E, b, E, hit ? val(pe, reg, j / (size_t)s * (size_t)ss * E + b) : 0,
                   "%s form %d, %zu-byte element %zu", what, form, E, j);
    }
}

#define SIZED_TEST(B)                                                         \
    static void sized_##B(void)                                               \
    {                                                                         \
        const shmem_ctx_t ctx = SHMEM_CTX_DEFAULT;                            \
        enum { E = B / 8 };                                                   \
        unsigned char *dst = shmem_calloc(NREG * RS, E);                      \
        unsigned char *src = shmem_malloc(RS * E);                            \
        CHECK(dst && src, "put%d: allocation", B);                            \
        for (size_t k = 0; k < RS * E; k++)                                   \
            src[k] = val(me, 99, k);                                          \
        unsigned char loc[RS * E];                                            \
        for (int r = 0; r < NREG; r++) {                                      \
            /* Only the elements at the source stride may be delivered. */    \
            memset(loc, 0xee, sizeof loc);                                    \
            for (size_t i = 0; i < NE; i++)                                   \
                for (size_t b = 0; b < E; b++)                                \
                    loc[i * (size_t)put_src[r] * E + b] =                     \
                        val(me, r, i * (size_t)put_src[r] * E + b);           \
            unsigned char *d = dst + r * RS * E;                              \
            switch (r) {                                                      \
            case 0: shmem_put##B(d, loc, NE, right); break;                   \
            case 1: shmem_ctx_put##B(ctx, d, loc, NE, right); break;          \
            /* loc is rewritten next round: an nbi source must not change     \
             * before quiet. */                                               \
            case 2: shmem_put##B##_nbi(d, loc, NE, right); shmem_quiet(); break; \
            case 3:                                                           \
                shmem_ctx_put##B##_nbi(ctx, d, loc, NE, right);               \
                shmem_ctx_quiet(ctx);                                         \
                break;                                                        \
            case 4:                                                           \
            case 6:                                                           \
                shmem_iput##B(d, loc, put_dst[r], put_src[r], NE, right);     \
                break;                                                        \
            default:                                                          \
                shmem_ctx_iput##B(ctx, d, loc, put_dst[r], put_src[r], NE, right); \
                break;                                                        \
            }                                                                 \
        }                                                                     \
        shmem_barrier_all();                                                  \
        for (int r = 0; r < NREG; r++)                                        \
            check_region(dst + r * RS * E, E, put_dst[r], put_src[r], left, r, \
                         "put" #B, r);                                        \
        unsigned char out[RS * E];                                            \
        for (int r = 0; r < NREG; r++) {                                      \
            memset(out, 0, sizeof out);                                       \
            switch (r) {                                                      \
            case 0: shmem_get##B(out, src, NE, left); break;                  \
            case 1: shmem_ctx_get##B(ctx, out, src, NE, left); break;         \
            case 2: shmem_get##B##_nbi(out, src, NE, left); shmem_quiet(); break; \
            case 3:                                                           \
                shmem_ctx_get##B##_nbi(ctx, out, src, NE, left);              \
                shmem_ctx_quiet(ctx);                                         \
                break;                                                        \
            case 4:                                                           \
            case 6:                                                           \
                shmem_iget##B(out, src, get_dst[r], get_src[r], NE, left);    \
                break;                                                        \
            default:                                                          \
                shmem_ctx_iget##B(ctx, out, src, get_dst[r], get_src[r], NE, left); \
                break;                                                        \
            }                                                                 \
            check_region(out, E, get_dst[r], get_src[r], left, 99, "get" #B, r); \
        }                                                                     \
        shmem_free(src);                                                      \
        shmem_free(dst);                                                      \
    }
SHMEMI_SIZES(SIZED_TEST)

static void mem_small(void)
{
    unsigned char *dst = shmem_calloc(1, MEM_FORMS_DST);
    unsigned char *src = shmem_malloc(MEM_FORMS_LEN);
    CHECK(dst && src, "allocation");
    mem_forms(SHMEM_CTX_DEFAULT, dst, "heap memory", src, "heap memory");
    shmem_free(src);
    shmem_free(dst);
}

static uint64_t word(int pe, int reg, size_t i)
{
    return ((uint64_t)(pe + 1) << 56) ^ ((uint64_t)reg << 48) ^ (i * 0x9e3779b97f4a7c15ULL);
}

static void check_words(const uint64_t *w, int pe, int reg, const char *what)
{
    CHECK_EACH(w, i, LARGE / sizeof *w, word(pe, reg, i), "%s", what);
}

static void mem_large(void)
{
    const size_t n = LARGE / sizeof(uint64_t);
    uint64_t *dst = shmem_malloc(2 * LARGE);
    uint64_t *src = shmem_malloc(LARGE);
    uint64_t *loc = malloc(LARGE);
    CHECK(dst && src && loc, "allocation");
    for (size_t i = 0; i < n; i++) {
        src[i] = word(me, 2, i);
        loc[i] = word(me, 0, i);
    }
    shmem_putmem(dst, loc, LARGE, right);
    for (size_t i = 0; i < n; i++)
        loc[i] = word(me, 1, i);
    shmem_ctx_putmem_nbi(SHMEM_CTX_DEFAULT, dst + n, loc, LARGE, right);
    shmem_quiet();
    shmem_barrier_all();
    check_words(dst, left, 0, "putmem");
    check_words(dst + n, left, 1, "ctx_putmem_nbi");

    memset(loc, 0, LARGE);
    shmem_getmem(loc, src, LARGE, left);
    check_words(loc, left, 2, "getmem");
    memset(loc, 0, LARGE);
    shmem_ctx_getmem_nbi(SHMEM_CTX_DEFAULT, loc, src, LARGE, left);
    shmem_ctx_quiet(SHMEM_CTX_DEFAULT);
    check_words(loc, left, 2, "ctx_getmem_nbi");
    free(loc);
    shmem_free(src);
    shmem_free(dst);
}

/* Every routine with nelems 0 is a no-op: it neither touches the target nor
 * dereferences the pointers, even NULL ones. */
static void zero_length(void)
{
    const shmem_ctx_t ctx = SHMEM_CTX_DEFAULT;
    unsigned char *sym = shmem_malloc(16);
    CHECK(sym != NULL, "malloc");
    memset(sym, 0x5a, 16);
    shmem_barrier_all();
    unsigned char loc[16];
    memset(loc, 0x11, sizeof loc);

#define ZERO_SIZED(B)                                                         \
    shmem_put##B(NULL, NULL, 0, right);                                       \
    shmem_get##B(NULL, NULL, 0, right);                                       \
    shmem_put##B##_nbi(NULL, NULL, 0, right);                                 \
    shmem_get##B##_nbi(NULL, NULL, 0, right);                                 \
    shmem_iput##B(NULL, NULL, 1, 1, 0, right);                                \
    shmem_iget##B(NULL, NULL, 1, 1, 0, right);                                \
    shmem_ctx_put##B(ctx, NULL, NULL, 0, right);                              \
    shmem_ctx_get##B(ctx, NULL, NULL, 0, right);                              \
    shmem_ctx_put##B##_nbi(ctx, NULL, NULL, 0, right);                        \
    shmem_ctx_get##B##_nbi(ctx, NULL, NULL, 0, right);                        \
    shmem_ctx_iput##B(ctx, NULL, NULL, 1, 1, 0, right);                       \
    shmem_ctx_iget##B(ctx, NULL, NULL, 1, 1, 0, right);                       \
    shmem_put##B(sym, loc, 0, right);                                         \
    shmem_get##B(loc, sym, 0, right);                                         \
    shmem_iput##B(sym, loc, 2, 2, 0, right);                                  \
    shmem_iget##B(loc, sym, 2, 2, 0, right);
    SHMEMI_SIZES(ZERO_SIZED)
#undef ZERO_SIZED
    shmem_putmem(NULL, NULL, 0, right);
    shmem_getmem(NULL, NULL, 0, right);
    shmem_putmem_nbi(NULL, NULL, 0, right);
    shmem_getmem_nbi(NULL, NULL, 0, right);
    shmem_ctx_putmem(ctx, NULL, NULL, 0, right);
    shmem_ctx_getmem(ctx, NULL, NULL, 0, right);
    shmem_ctx_putmem_nbi(ctx, NULL, NULL, 0, right);
    shmem_ctx_getmem_nbi(ctx, NULL, NULL, 0, right);
    shmem_int_put(NULL, NULL, 0, right);
    shmem_long_get(NULL, NULL, 0, right);
    shmem_double_iput(NULL, NULL, 1, 1, 0, right);
    shmem_putmem(sym, loc, 0, right);
    shmem_getmem(loc, sym, 0, right);
    shmem_quiet();
    shmem_barrier_all();

    CHECK_EACH(sym, k, 16, 0x5a, "a zero-length put changed the target");
    CHECK_EACH(loc, k, 16, 0x11, "a zero-length get changed the destination");
    shmem_free(sym);
}

/* A PE is a valid target of its own RMA. */
static void to_self(void)
{
    enum { LEN = 1000 };
    unsigned char *a = shmem_calloc(2, LEN);
    CHECK(a != NULL, "calloc");
    unsigned char loc[LEN], out[LEN];
    for (size_t k = 0; k < LEN; k++)
        loc[k] = val(me, 7, k);
    shmem_putmem(a, loc, LEN, me);
    shmem_put32(a + LEN, loc, LEN / 4, me);
    shmem_quiet();
    CHECK(memcmp(a, loc, LEN) == 0, "putmem to self");
    CHECK(memcmp(a + LEN, loc, LEN) == 0, "put32 to self");
    memset(out, 0, LEN);
    shmem_getmem(out, a, LEN, me);
    CHECK(memcmp(out, loc, LEN) == 0, "getmem from self");
    /* The source may itself be symmetric memory of the target. */
    memset(a + LEN, 0, LEN);
    shmem_putmem(a + LEN, a, LEN, me);
    shmem_quiet();
    CHECK(memcmp(a + LEN, loc, LEN) == 0, "putmem from the heap to self");
    shmem_free(a);
}

int main(void)
{
    ring_start();

#define RUN_SIZED(B) sized_##B();
    SHMEMI_SIZES(RUN_SIZED)
    mem_small();
    mem_large();
    zero_length();
    to_self();

    shmem_finalize();
    return 0;
}
