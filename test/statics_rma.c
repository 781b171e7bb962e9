/* RMA on the program's global and static variables, which the OpenSHMEM
 * memory model makes symmetric (docs/statics.md),
 * written the way the public test suites and applications use them.
 *
 * For every row of the standard RMA table: a global array and scalar that
 * the program initialises (.data), which peers read before their owner
 * writes them and again after, in every get form (get, _nbi, iget, ibget,
 * g, each also on a context of shmem_ctx_create); a static zeroed array
 * (.bss) that peers write in every put form (put, _nbi, iput, ibput, p,
 * and a put whose source is a global itself), its gaps left zero. Then the
 * sized and mem forms; put-with-signal into static arrays on static signal
 * words (one initialised, so that ADD starts from its value), signal_fetch,
 * signal_add and signal_set, an exact count of every PE's signals on PE 0,
 * and the data-before-signal order over many rounds; arrays larger than a
 * page, among them a .bss array whose pages no PE touched before peers
 * write it; a .bss page written before shmem_init. Each PE writes to its
 * right neighbour and reads from its left one (itself at 1 PE). */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "mem_forms.h"
#include "ring.h"

#define NE 8        /* elements per transfer */
#define RS (4 * NE) /* elements per region: room for the layouts below */
#define NPUT 11     /* put forms, one region of a .bss array each */
#define NGET 10     /* get forms */
#define GET_REG 40  /* the values an owner writes into its .data array */
#define SCALAR_REG 60

/* A .data array as the program starts, on every PE: element i is i + 1. */
#define INIT_LIST                                                             \
    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,    \
        21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32
#define INIT(i) ((i) + 1)
#define SCALAR_INIT 77

/* Small positive integers, exact in every type of the table (signed char
 * and float included), that differ between neighbours, forms and elements
 * (i * 3 < 97 for every element of a region). */
#define VAL(T, pe, reg, i) ((T)(((pe) * 31 + (reg) * 11 + (i) * 3) % 97 + 1))

/* What a form moves: NE contiguous elements, NE elements at stride d in
 * the region and s in the source (iput, iget), or nblocks blocks of bsize
 * elements, d apart in the region and s in the source (ibput, ibget). */
enum kind { CONTIG, STRIDED, BLOCKED };
struct form {
    enum kind kind;
    ptrdiff_t d, s;
    size_t bsize, nblocks;
    const char *name;
};

/* Put forms 0-9 have a get form of the same shape; 10 is a put whose
 * source is the PE's own .data array. */
static const struct form forms[NPUT] = {
    {CONTIG, 1, 1, 0, 0, "put"},
    {CONTIG, 1, 1, 0, 0, "ctx put"},
    {CONTIG, 1, 1, 0, 0, "put_nbi"},
    {CONTIG, 1, 1, 0, 0, "ctx put_nbi"},
    {STRIDED, 3, 2, 0, 0, "iput"},
    {STRIDED, 2, 4, 0, 0, "ctx iput"},
    {BLOCKED, 5, 3, 2, 3, "ibput"},
    {BLOCKED, 8, 5, 4, 4, "ctx ibput"},
    {CONTIG, 1, 1, 0, 0, "p"},
    {CONTIG, 1, 1, 0, 0, "ctx p"},
    {CONTIG, 1, 1, 0, 0, "put from a global"},
};

/* The index into the source of element j of a region that form f wrote
 * (or, for a get, of the local array it filled), or -1 for a gap. */
static int src_of(const struct form *f, size_t j)
{
    size_t d = (size_t)f->d, s = (size_t)f->s;
    switch (f->kind) {
    case CONTIG: return j < NE ? (int)j : -1;
    case STRIDED: return j % d == 0 && j / d < NE ? (int)(j / d * s) : -1;
    default: {
        size_t b = j / d, k = j % d;
        return b < f->nblocks && k < f->bsize ? (int)(b * s + k) : -1;
    }
    }
}

/* A context of the PE's own, made by shmem_ctx_create: the ctx forms. */
static shmem_ctx_t ctx;

#define RMA_TEST(T, N)                                                        \
    T data_##N[RS] = {INIT_LIST};   /* global, .data */                       \
    T scalar_##N = SCALAR_INIT;     /* global, .data */                       \
    static T bss_##N[NPUT * RS];    /* static, .bss: the put forms' regions */ \
    static T got_##N[RS];           /* static, .bss: a get's local dest */    \
    static void rma_##N(void)                                                 \
    {                                                                         \
        /* The left PE's initialised data, before it writes any. */          \
        T first[RS];                                                          \
        shmem_##N##_get(first, data_##N, RS, left);                           \
        for (int j = 0; j < RS; j++)                                          \
            CHECK(first[j] == (T)INIT(j),                                     \
                  "shmem_" #N "_get of PE %d's initialised data_" #N "[%d]: " \
                  "got %g, want %g", left, j, (double)first[j], (double)INIT(j)); \
        T s0 = shmem_##N##_g(&scalar_##N, left);                              \
        CHECK(s0 == (T)SCALAR_INIT,                                           \
              "shmem_" #N "_g of PE %d's initialised scalar_" #N ": got %g, " \
              "want %d", left, (double)s0, SCALAR_INIT);                      \
        shmem_barrier_all();                                                  \
        for (int j = 0; j < RS; j++)                                          \
            data_##N[j] = VAL(T, me, GET_REG, j);                             \
        scalar_##N = VAL(T, me, SCALAR_REG, 0);                               \
                                                                              \
        T loc[RS];                                                            \
        for (int r = 0; r < NPUT; r++) {                                      \
            const struct form *f = &forms[r];                                 \
            for (int j = 0; j < RS; j++)                                      \
                loc[j] = VAL(T, me, r, j);                                    \
            T *d = bss_##N + r * RS;                                          \
            switch (r) {                                                      \
            case 0: shmem_##N##_put(d, loc, NE, right); break;                \
            case 1: shmem_ctx_##N##_put(ctx, d, loc, NE, right); break;       \
            /* loc is rewritten next round: an nbi source must not change     \
             * before quiet. */                                               \
            case 2: shmem_##N##_put_nbi(d, loc, NE, right); shmem_quiet(); break; \
            case 3:                                                           \
                shmem_ctx_##N##_put_nbi(ctx, d, loc, NE, right);              \
                shmem_ctx_quiet(ctx);                                         \
                break;                                                        \
            case 4: shmem_##N##_iput(d, loc, f->d, f->s, NE, right); break;   \
            case 5: shmem_ctx_##N##_iput(ctx, d, loc, f->d, f->s, NE, right); break; \
            case 6:                                                           \
                shmem_##N##_ibput(d, loc, f->d, f->s, f->bsize, f->nblocks, right); \
                break;                                                        \
            case 7:                                                           \
                shmem_ctx_##N##_ibput(ctx, d, loc, f->d, f->s, f->bsize,      \
                                      f->nblocks, right);                     \
                break;                                                        \
            case 8:                                                           \
                for (int i = 0; i < NE; i++)                                  \
                    shmem_##N##_p(d + i, loc[i], right);                      \
                break;                                                        \
            case 9:                                                           \
                for (int i = 0; i < NE; i++)                                  \
                    shmem_ctx_##N##_p(ctx, d + i, loc[i], right);             \
                break;                                                        \
            default: shmem_##N##_put(d, data_##N, NE, right); break;          \
            }                                                                 \
        }                                                                     \
        shmem_ctx_quiet(ctx);                                                 \
        shmem_barrier_all();                                                  \
        for (int r = 0; r < NPUT; r++)                                        \
            for (int j = 0; j < RS; j++) {                                    \
                int k = src_of(&forms[r], (size_t)j);                         \
                T want = k < 0 ? (T)0 : VAL(T, left, r < 10 ? r : GET_REG, k); \
                CHECK(bss_##N[r * RS + j] == want,                            \
                      "shmem_" #N " %s from PE %d into static bss_" #N        \
                      ": element %d is %g, want %g", forms[r].name, left, j,  \
                      (double)bss_##N[r * RS + j], (double)want);             \
            }                                                                 \
                                                                              \
        for (int r = 0; r < NGET; r++) {                                      \
            const struct form *f = &forms[r];                                 \
            memset(got_##N, 0, sizeof got_##N);                               \
            switch (r) {                                                      \
            case 0: shmem_##N##_get(got_##N, data_##N, NE, left); break;      \
            case 1: shmem_ctx_##N##_get(ctx, got_##N, data_##N, NE, left); break; \
            case 2:                                                           \
                shmem_##N##_get_nbi(got_##N, data_##N, NE, left);             \
                shmem_quiet();                                                \
                break;                                                        \
            case 3:                                                           \
                shmem_ctx_##N##_get_nbi(ctx, got_##N, data_##N, NE, left);    \
                shmem_ctx_quiet(ctx);                                         \
                break;                                                        \
            case 4: shmem_##N##_iget(got_##N, data_##N, f->d, f->s, NE, left); break; \
            case 5:                                                           \
                shmem_ctx_##N##_iget(ctx, got_##N, data_##N, f->d, f->s, NE, left); \
                break;                                                        \
            case 6:                                                           \
                shmem_##N##_ibget(got_##N, data_##N, f->d, f->s, f->bsize,    \
                                  f->nblocks, left);                          \
                break;                                                        \
            case 7:                                                           \
                shmem_ctx_##N##_ibget(ctx, got_##N, data_##N, f->d, f->s,     \
                                      f->bsize, f->nblocks, left);            \
                break;                                                        \
            case 8:                                                           \
                for (int i = 0; i < NE; i++)                                  \
                    got_##N[i] = shmem_##N##_g(data_##N + i, left);           \
                break;                                                        \
            default:                                                          \
                for (int i = 0; i < NE; i++)                                  \
                    got_##N[i] = shmem_ctx_##N##_g(ctx, data_##N + i, left);  \
                break;                                                        \
            }                                                                 \
            for (int j = 0; j < RS; j++) {                                    \
                int k = src_of(f, (size_t)j);                                 \
                T want = k < 0 ? (T)0 : VAL(T, left, GET_REG, k);             \
                CHECK(got_##N[j] == want,                                     \
                      "shmem_" #N " get form %d (%s's shape) of PE %d's "     \
                      "data_" #N ": element %d is %g, want %g", r, f->name,   \
                      left, j, (double)got_##N[j], (double)want);             \
            }                                                                 \
        }                                                                     \
        T s1 = shmem_ctx_##N##_g(ctx, &scalar_##N, left);                     \
        CHECK(s1 == VAL(T, left, SCALAR_REG, 0),                              \
              "shmem_ctx_" #N "_g of PE %d's scalar_" #N ": got %g, want %g", \
              left, (double)s1, (double)VAL(T, left, SCALAR_REG, 0));         \
        shmem_barrier_all();                                                  \
    }
SHMEMI_RMA_TYPES(RMA_TEST)

/* ---- Sized and mem forms ---- */

#define MAXE 16 /* the largest element, put128's */

/* A global byte array the program initialises at both ends (.data). */
unsigned char sized_data[RS * MAXE] = {[0] = 0x5a, [RS * MAXE - 1] = 0xa5};

static unsigned char bval(int pe, int reg, size_t k)
{
    return (unsigned char)(pe * 37 + reg * 11 + k * 5 + 1);
}

/* Element j (E bytes) of a region or local array that form f filled from
 * bytes bval(pe, reg, ...); gaps stay zero. */
static void check_sized(const unsigned char *got, size_t E, const struct form *f, int pe,
                        int reg, const char *call, const char *what)
{
    for (size_t j = 0; j < RS; j++) {
        int k = src_of(f, j);
        CHECK_EACH(got + j * E, b, E, k < 0 ? 0 : bval(pe, reg, (size_t)k * E + b),
                   "%s %s (%s), element %zu from PE %d", call, what, f->name, j, pe);
    }
}

#define SIZED_TEST(B)                                                         \
    static unsigned char sized_bss_##B[8 * RS * (B / 8)];                      \
    static void sized_##B(void)                                               \
    {                                                                         \
        enum { E = B / 8 };                                                   \
        for (size_t k = 0; k < RS * E; k++)                                   \
            sized_data[k] = bval(me, GET_REG, k);                             \
        shmem_barrier_all();                                                  \
        unsigned char loc[RS * E];                                            \
        for (int r = 0; r < 8; r++) {                                         \
            const struct form *f = &forms[r];                                 \
            for (size_t k = 0; k < RS * E; k++)                               \
                loc[k] = bval(me, r, k);                                      \
            unsigned char *d = sized_bss_##B + r * RS * E;                    \
            switch (r) {                                                      \
            case 0: shmem_put##B(d, loc, NE, right); break;                   \
            case 1: shmem_ctx_put##B(ctx, d, loc, NE, right); break;          \
            case 2: shmem_put##B##_nbi(d, loc, NE, right); shmem_quiet(); break; \
            case 3:                                                           \
                shmem_ctx_put##B##_nbi(ctx, d, loc, NE, right);               \
                shmem_ctx_quiet(ctx);                                         \
                break;                                                        \
            case 4: shmem_iput##B(d, loc, f->d, f->s, NE, right); break;      \
            case 5: shmem_ctx_iput##B(ctx, d, loc, f->d, f->s, NE, right); break; \
            case 6:                                                           \
                shmem_ibput##B(d, loc, f->d, f->s, f->bsize, f->nblocks, right); \
                break;                                                        \
            default:                                                          \
                shmem_ctx_ibput##B(ctx, d, loc, f->d, f->s, f->bsize,         \
                                   f->nblocks, right);                        \
                break;                                                        \
            }                                                                 \
        }                                                                     \
        shmem_ctx_quiet(ctx);                                                 \
        shmem_barrier_all();                                                  \
        for (int r = 0; r < 8; r++)                                           \
            check_sized(sized_bss_##B + r * RS * E, E, &forms[r], left, r,    \
                        "shmem_put" #B, "into static sized_bss_" #B);         \
        unsigned char out[RS * E];                                            \
        for (int r = 0; r < 8; r++) {                                         \
            const struct form *f = &forms[r];                                 \
            memset(out, 0, sizeof out);                                       \
            switch (r) {                                                      \
            case 0: shmem_get##B(out, sized_data, NE, left); break;           \
            case 1: shmem_ctx_get##B(ctx, out, sized_data, NE, left); break;  \
            case 2: shmem_get##B##_nbi(out, sized_data, NE, left); shmem_quiet(); break; \
            case 3:                                                           \
                shmem_ctx_get##B##_nbi(ctx, out, sized_data, NE, left);       \
                shmem_ctx_quiet(ctx);                                         \
                break;                                                        \
            case 4: shmem_iget##B(out, sized_data, f->d, f->s, NE, left); break; \
            case 5: shmem_ctx_iget##B(ctx, out, sized_data, f->d, f->s, NE, left); break; \
            case 6:                                                           \
                shmem_ibget##B(out, sized_data, f->d, f->s, f->bsize, f->nblocks, left); \
                break;                                                        \
            default:                                                          \
                shmem_ctx_ibget##B(ctx, out, sized_data, f->d, f->s, f->bsize, \
                                   f->nblocks, left);                         \
                break;                                                        \
            }                                                                 \
            check_sized(out, E, f, left, GET_REG, "shmem_get" #B,             \
                        "of global sized_data");                              \
        }                                                                     \
        shmem_barrier_all();                                                  \
    }
SHMEMI_SIZES(SIZED_TEST)

/* mem_forms.h into a static array and from a global one. */
static unsigned char mem_bss[MEM_FORMS_DST];

static void mem(void)
{
    mem_forms(ctx, mem_bss, "static mem_bss", sized_data, "global sized_data");
}

/* ---- Arrays past a page ---- */

#define BIG ((size_t)4 << 20)
#define BIG_WORDS 8192 /* 64 KiB */
/* 4 MiB of .bss that no PE touches before peers write it: its pages are
 * holes of the shared memory until then. */
static unsigned char big_bss[BIG];
/* 64 KiB of .data, initialised at both ends. */
long big_data[BIG_WORDS] = {[0] = 11, [BIG_WORDS - 1] = 22};

static unsigned char big_val(int pe, size_t k)
{
    return (unsigned char)(pe * 7 + k * 13 + (k >> 12) + 1);
}

static void big(void)
{
    /* Untouched .bss reads as zeros anywhere, the last byte included. */
    unsigned char probe[64];
    const size_t at[3] = {0, BIG / 2 + 4093, BIG - sizeof probe};
    for (int i = 0; i < 3; i++) {
        memset(probe, 0xee, sizeof probe);
        shmem_getmem(probe, big_bss + at[i], sizeof probe, left);
        CHECK_EACH(probe, k, sizeof probe, 0,
                   "shmem_getmem of PE %d's untouched static big_bss at %zu", left, at[i]);
    }
    long w0 = shmem_long_g(&big_data[0], left);
    long wn = shmem_long_g(&big_data[BIG_WORDS - 1], left);
    CHECK(w0 == 11 && wn == 22,
          "shmem_long_g of PE %d's initialised global big_data[0] and [%d]: got %ld "
          "and %ld, want 11 and 22", left, BIG_WORDS - 1, w0, wn);
    shmem_barrier_all();

    /* A few bytes across a page boundary, then the whole array. */
    unsigned char *loc = malloc(BIG);
    CHECK(loc != NULL, "malloc of %zu bytes", BIG);
    for (size_t k = 0; k < BIG; k++)
        loc[k] = big_val(me, k);
    shmem_putmem(big_bss + 3 * 4096 - 5, loc + 3 * 4096 - 5, 10, right);
    shmem_barrier_all();
    CHECK_EACH(big_bss + 3 * 4096 - 8, k, 16,
               k >= 3 && k < 13 ? big_val(left, 3 * 4096 - 8 + k) : 0,
               "shmem_putmem of 10 bytes across a page of static big_bss from PE %d", left);
    shmem_barrier_all();
    shmem_putmem(big_bss, loc, BIG, right);
    shmem_barrier_all();
    for (size_t k = 0; k < BIG; k++)
        CHECK(big_bss[k] == big_val(left, k),
              "shmem_putmem of %zu bytes into static big_bss from PE %d: byte %zu is "
              "%#x, want %#x", BIG, left, k, big_bss[k], big_val(left, k));
    memset(loc, 0, BIG);
    shmem_getmem(loc, big_bss, BIG, left);
    /* left's copy holds what its own left neighbour put. */
    int from = (left + npes - 1) % npes;
    for (size_t k = 0; k < BIG; k++)
        CHECK(loc[k] == big_val(from, k),
              "shmem_getmem of %zu bytes of PE %d's static big_bss: byte %zu is %#x, "
              "want %#x", BIG, left, k, loc[k], big_val(from, k));
    free(loc);

    /* The .data array, word by word at its ends, whole in the middle. */
    for (size_t k = 0; k < BIG_WORDS; k++)
        big_data[k] = (long)(me * 100000 + k);
    shmem_barrier_all();
    long *wl = malloc(sizeof big_data);
    CHECK(wl != NULL, "malloc");
    shmem_long_get(wl, big_data, BIG_WORDS, left);
    CHECK_EACH(wl, k, BIG_WORDS, (long)(left * 100000 + k),
               "shmem_long_get of PE %d's global big_data", left);
    free(wl);
    shmem_barrier_all();
}

/* ---- Signals on static words ---- */

uint64_t sig_count = 1000;      /* global, .data: ADD starts from 1000 */
static uint64_t sig_set;        /* static, .bss */
static uint64_t sig_total;      /* every PE adds to PE 0's */
static uint64_t sig_ack;
static int sig_round;           /* the typed rows run so far */

#define SVAL(T, pe, i) ((T)(((pe) * 7 + (i) * 3) % 61 + 1))

/* Four put-with-signal forms per row add 1 each to the right PE's
 * sig_count; the receiver waits for the exact total of the rows so far. */
#define SIG_TYPED(T, N)                                                       \
    static T sigdst_##N[4 * NE];                                              \
    static void signal_##N(void)                                              \
    {                                                                         \
        T loc[NE];                                                            \
        for (int i = 0; i < NE; i++)                                          \
            loc[i] = SVAL(T, me, i);                                          \
        const int add = SHMEM_SIGNAL_ADD;                                     \
        shmem_##N##_put_signal(sigdst_##N, loc, NE, &sig_count, 1, add, right); \
        shmem_ctx_##N##_put_signal(ctx, sigdst_##N + NE, loc, NE, &sig_count, 1, \
                                   add, right);                               \
        shmem_##N##_put_signal_nbi(sigdst_##N + 2 * NE, loc, NE, &sig_count, 1, \
                                   add, right);                               \
        shmem_ctx_##N##_put_signal_nbi(ctx, sigdst_##N + 3 * NE, loc, NE,     \
                                       &sig_count, 1, add, right);            \
        shmem_quiet();                                                        \
        shmem_ctx_quiet(ctx);                                                 \
        uint64_t want = 1000 + 4 * (uint64_t)++sig_round;                     \
        uint64_t got = shmem_signal_wait_until(&sig_count, SHMEM_CMP_GE, want); \
        CHECK(got == want, "shmem_signal_wait_until on global sig_count after "  \
              "shmem_" #N "_put_signal from PE %d: %llu, want %llu", left,    \
              (unsigned long long)got, (unsigned long long)want);             \
        for (int i = 0; i < 4 * NE; i++)                                      \
            CHECK(sigdst_##N[i] == SVAL(T, left, i % NE),                     \
                  "shmem_" #N "_put_signal form %d from PE %d: element %d "   \
                  "is %g, want %g, the signal seen", i / NE, left, i,         \
                  (double)sigdst_##N[i], (double)SVAL(T, left, i % NE));      \
        shmem_barrier_all();                                                  \
    }
SHMEMI_RMA_TYPES(SIG_TYPED)

/* The sized and mem forms SET the signal: it ends at the last value set. */
#define SIG_SIZED(B)                                                          \
    static unsigned char sigdst_##B[4 * NE * (B / 8)];                         \
    static void signal_##B(void)                                              \
    {                                                                         \
        enum { E = B / 8 };                                                   \
        unsigned char loc[NE * E];                                            \
        for (size_t k = 0; k < NE * E; k++)                                   \
            loc[k] = bval(me, B, k);                                          \
        const int set = SHMEM_SIGNAL_SET;                                     \
        uint64_t v = (uint64_t)B * 10;                                        \
        /* Each SET completes before the next: they travel on two contexts. */ \
        shmem_put##B##_signal(sigdst_##B, loc, NE, &sig_set, v + 1, set, right); \
        shmem_quiet();                                                        \
        shmem_ctx_put##B##_signal(ctx, sigdst_##B + NE * E, loc, NE, &sig_set, \
                                  v + 2, set, right);                         \
        shmem_ctx_quiet(ctx);                                                 \
        shmem_put##B##_signal_nbi(sigdst_##B + 2 * NE * E, loc, NE, &sig_set, \
                                  v + 3, set, right);                         \
        shmem_quiet();                                                        \
        shmem_ctx_put##B##_signal_nbi(ctx, sigdst_##B + 3 * NE * E, loc, NE,  \
                                      &sig_set, v + 4, set, right);           \
        shmem_ctx_quiet(ctx);                                                 \
        uint64_t got = shmem_signal_wait_until(&sig_set, SHMEM_CMP_EQ, v + 4); \
        CHECK(got == v + 4 && shmem_signal_fetch(&sig_set) == v + 4,          \
              "shmem_put" #B "_signal SET from PE %d: static sig_set is %llu, " \
              "want %llu", left, (unsigned long long)got,                     \
              (unsigned long long)(v + 4));                                   \
        CHECK_EACH(sigdst_##B, k, sizeof sigdst_##B, bval(left, B, k % (NE * E)), \
                   "shmem_put" #B "_signal from PE %d into static sigdst_" #B, left); \
        shmem_barrier_all();                                                  \
    }
SHMEMI_SIZES(SIG_SIZED)

static unsigned char sigdst_mem[2 * MEM_FORMS_LEN];

static void signal_mem(void)
{
    unsigned char loc[MEM_FORMS_LEN];
    for (size_t k = 0; k < MEM_FORMS_LEN; k++)
        loc[k] = bval(me, 7, k);
    shmem_putmem_signal(sigdst_mem, loc, MEM_FORMS_LEN, &sig_set, 5000, SHMEM_SIGNAL_SET, right);
    shmem_ctx_putmem_signal_nbi(ctx, sigdst_mem + MEM_FORMS_LEN, loc, MEM_FORMS_LEN, &sig_count, 7,
                                SHMEM_SIGNAL_ADD, right);
    shmem_ctx_quiet(ctx);
    uint64_t want = 1000 + 4 * (uint64_t)sig_round + 7;
    uint64_t a = shmem_signal_wait_until(&sig_set, SHMEM_CMP_EQ, 5000);
    uint64_t b = shmem_signal_wait_until(&sig_count, SHMEM_CMP_EQ, want);
    CHECK(a == 5000 && b == want,
          "shmem_putmem_signal(_nbi) from PE %d: sig_set %llu (want 5000), sig_count "
          "%llu (want %llu)", left, (unsigned long long)a, (unsigned long long)b,
          (unsigned long long)want);
    CHECK_EACH(sigdst_mem, k, sizeof sigdst_mem, bval(left, 7, k % MEM_FORMS_LEN),
               "shmem_putmem_signal from PE %d into static sigdst_mem", left);
    shmem_barrier_all();
}

/* signal_add and its context form from every PE to PE 0's static word,
 * counted exactly; then signal_set from each PE in turn. */
static void signal_counting(void)
{
    enum { K = 300 };
    for (int i = 0; i < K; i++) {
        shmem_signal_add(&sig_total, (uint64_t)me + 1, 0);
        shmem_ctx_signal_add(ctx, &sig_total, 2, 0);
    }
    shmem_ctx_quiet(ctx);
    uint64_t total = (uint64_t)K * ((uint64_t)npes * (npes + 1) / 2 + 2 * (uint64_t)npes);
    if (me == 0) {
        uint64_t got = shmem_signal_wait_until(&sig_total, SHMEM_CMP_GE, total);
        CHECK(got == total && shmem_signal_fetch(&sig_total) == total,
              "shmem_signal_add from %d PEs, %d times each, to PE 0's static sig_total: "
              "%llu, want %llu", npes, K, (unsigned long long)got, (unsigned long long)total);
    }
    shmem_barrier_all();
    for (int pe = 0; pe < npes; pe++) {
        if (me == pe) {
            shmem_signal_set(&sig_total, 500 + (uint64_t)pe, right);
            shmem_quiet(); /* before the other context's set, at 1 PE */
            shmem_ctx_signal_set(ctx, &sig_total, 700 + (uint64_t)pe, pe);
            shmem_ctx_quiet(ctx);
        }
        shmem_barrier_all();
    }
    /* PE 0's left neighbour sets it last; every other PE sets itself last. */
    uint64_t want = me == 0 && npes > 1 ? 500 + (uint64_t)left : 700 + (uint64_t)me;
    uint64_t got = shmem_signal_fetch(&sig_total);
    CHECK(got == want, "shmem_signal_set, then shmem_signal_fetch of static sig_total: "
          "%llu, want %llu", (unsigned long long)got, (unsigned long long)want);
    shmem_barrier_all();
}

/* The data is there once the signal is: many rounds of put-with-signal
 * into a static array, each acknowledged through signal_add on the
 * sender's static ack word. */
#define LEN 256
#define ROUNDS 200
static long ring_data[LEN];
static uint64_t ring_sig;

static void signal_order(void)
{
    long loc[LEN];
    for (long r = 1; r <= ROUNDS; r++) {
        for (int i = 0; i < LEN; i++)
            loc[i] = r * 1000003 + me * LEN + i;
        if (r % 2)
            shmem_long_put_signal(ring_data, loc, LEN, &ring_sig, (uint64_t)r,
                                  SHMEM_SIGNAL_SET, right);
        else
            shmem_ctx_putmem_signal_nbi(ctx, ring_data, loc, sizeof loc, &ring_sig, 1,
                                        SHMEM_SIGNAL_ADD, right);
        uint64_t s = shmem_signal_wait_until(&ring_sig, SHMEM_CMP_GE, (uint64_t)r);
        CHECK(s == (uint64_t)r, "round %ld: static ring_sig is %llu", r,
              (unsigned long long)s);
        CHECK_EACH(ring_data, i, LEN, r * 1000003 + left * LEN + (long)i,
                   "round %ld: static ring_data from PE %d after its signal", r, left);
        shmem_ctx_quiet(ctx); /* loc is rewritten next round */
        shmem_signal_add(&sig_ack, 1, left);
        shmem_signal_wait_until(&sig_ack, SHMEM_CMP_GE, (uint64_t)r);
    }
    shmem_barrier_all();
}

/* A page of .bss that the program writes before shmem_init, which moves
 * the variables onto shared memory: the values must come along. */
#define PAGE_INTS (4096 / (int)sizeof(int))
static int before_init[PAGE_INTS] __attribute__((aligned(4096)));

int main(void)
{
    before_init[0] = 41;
    before_init[PAGE_INTS - 1] = 42;
    ring_start();
    CHECK(shmem_ctx_create(0, &ctx) == 0, "shmem_ctx_create failed");
    int b0 = shmem_int_g(&before_init[0], left);
    int b1 = shmem_int_g(&before_init[PAGE_INTS - 1], left);
    CHECK(b0 == 41 && b1 == 42 && before_init[0] == 41 && before_init[PAGE_INTS - 1] == 42,
          "shmem_int_g of PE %d's static before_init, written before shmem_init: %d and "
          "%d (here %d and %d), want 41 and 42", left, b0, b1, before_init[0],
          before_init[PAGE_INTS - 1]);

    /* The .data arrays' ends, as the program started, before any PE
     * writes them. */
    unsigned char ends[2];
    shmem_getmem(&ends[0], &sized_data[0], 1, left);
    shmem_getmem(&ends[1], &sized_data[RS * MAXE - 1], 1, left);
    CHECK(ends[0] == 0x5a && ends[1] == 0xa5,
          "shmem_getmem of PE %d's initialised global sized_data's first and last "
          "bytes: %#x and %#x, want 0x5a and 0xa5", left, ends[0], ends[1]);
    uint64_t c0 = shmem_signal_fetch(&sig_count);
    CHECK(c0 == 1000, "shmem_signal_fetch of global sig_count as initialised: %llu",
          (unsigned long long)c0);
    shmem_barrier_all();

#define RUN_RMA(T, N) rma_##N();
    SHMEMI_RMA_TYPES(RUN_RMA)
#define RUN_SIZED(B) sized_##B();
    SHMEMI_SIZES(RUN_SIZED)
    mem();
    big();
#define RUN_SIG(T, N) signal_##N();
    SHMEMI_RMA_TYPES(RUN_SIG)
#define RUN_SIG_SIZED(B) signal_##B();
    SHMEMI_SIZES(RUN_SIG_SIZED)
    signal_mem();
    signal_counting();
    signal_order();

    shmem_ctx_destroy(ctx);
    shmem_finalize();
    return 0;
}
