/* AMOs on the program's global and static variables (docs/statics.md),
 * as OpenSHMEM programs use them.
 *
 * Every routine of the standard, extended and bitwise tables, fetching and
 * not, the _nbi fetching forms (into a static result) and the context forms
 * (on a context of shmem_ctx_create), on static words of the right
 * neighbour, each chain starting from a global the program initialised
 * (.data), so its first fetch reads the value the program started with;
 * the deprecated names. Then every PE at once on one PE's globals: counters
 * of every standard type, whose totals must be exact; fetch_inc tickets,
 * each handed out once; a bit mask built and cleared with fetch_or,
 * fetch_and and fetch_xor; a compare_swap race with one winner; a work
 * queue driven by a global counter and a histogram spread over the PEs. */
#include "amo_chains.h"
#include "check.h"
#include "ring.h"

/* A context of the PE's own, made by shmem_ctx_create. */
static shmem_ctx_t ctx;

#define TF(N, op) shmem_##N##_##op
#define TCF(N, op) shmem_ctx_##N##_##op
#define NOCTX(...) __VA_ARGS__
#define WITHCTX(...) ctx, __VA_ARGS__

/* One step of a chain: the call, its result and the expected one. */
#define EXPECT(T, N, what, got, want)                                         \
    do {                                                                      \
        T g_ = (got);                                                         \
        CHECK(g_ == (T)(want), "%s of PE %d's static %s word: returned %g, "  \
              "want %g", form, right, what, (double)g_, (double)(T)(want));   \
    } while (0)

/* Each chain of amo_chains.h starts on a global the program initialised
 * (.data): its owner's copy is still the initial value when the right
 * PE's chain reads it; then the chain moves to a static word (.bss). After
 * the run the owner checks both words of each form. The _nbi forms run
 * on both contexts, so both are quieted. */
#define QUIET_BOTH (shmem_quiet(), shmem_ctx_quiet(ctx))

#define STD_CHAIN(T, N, F, C, f)                                              \
    {                                                                         \
        const char *form = #F "(" #N ", ...)";                                \
        T *x = &std_##N[f];                                                   \
        EXPECT(T, N, "fetch_inc", F(N, atomic_fetch_inc)(C(&std_init_##N[f], right)), 10); \
        F(N, atomic_inc)(C(&std_init_##N[f], right));                         \
        AMO_STD_CHAIN(T, N, F, C, x, res_##N, QUIET_BOTH)                     \
    }
#define STD_TEST(T, N)                                                        \
    T std_init_##N[2] = {10, 10}; /* global, .data */                         \
    static T std_##N[2];          /* static, .bss */                          \
    static T res_##N;             /* static: the _nbi forms' fetched value */ \
    static void std_##N##_test(void)                                          \
    {                                                                         \
        STD_CHAIN(T, N, TF, NOCTX, 0)                                         \
        STD_CHAIN(T, N, TCF, WITHCTX, 1)                                      \
        shmem_ctx_quiet(ctx);                                                 \
        shmem_barrier_all();                                                  \
        for (int f = 0; f < 2; f++)                                           \
            CHECK(std_##N[f] == (T)-5 && std_init_##N[f] == (T)12,            \
                  "standard AMOs on " #N ", form %d, from PE %d: static "     \
                  "std_" #N " is %g (want %g), global std_init_" #N " %g "    \
                  "(want 12)", f, left, (double)std_##N[f], (double)(T)-5,    \
                  (double)std_init_##N[f]);                                   \
    }
SHMEMI_AMO_STANDARD_TYPES(STD_TEST)

#define EXT_CHAIN(T, N, F, C, f)                                              \
    {                                                                         \
        const char *form = #F "(" #N ", ...)";                                \
        T *x = &ext_##N[f];                                                   \
        EXPECT(T, N, "fetch", F(N, atomic_fetch)(C(&ext_init_##N[f], right)), 2.5); \
        EXPECT(T, N, "swap", F(N, atomic_swap)(C(&ext_init_##N[f], (T)6, right)), 2.5); \
        AMO_EXT_CHAIN(T, N, F, C, x, xres_##N, QUIET_BOTH)                    \
    }
#define EXT_TEST(T, N)                                                        \
    T ext_init_##N[2] = {(T)2.5, (T)2.5}; /* global, .data */                 \
    static T ext_##N[2];                                                      \
    static T xres_##N;                                                        \
    static void ext_##N##_test(void)                                          \
    {                                                                         \
        EXT_CHAIN(T, N, TF, NOCTX, 0)                                         \
        EXT_CHAIN(T, N, TCF, WITHCTX, 1)                                      \
        shmem_ctx_quiet(ctx);                                                 \
        shmem_barrier_all();                                                  \
        for (int f = 0; f < 2; f++)                                           \
            CHECK(ext_##N[f] == (T)-9 && ext_init_##N[f] == (T)6,             \
                  "extended AMOs on " #N ", form %d, from PE %d: static "     \
                  "ext_" #N " is %g (want -9), global ext_init_" #N " %g "    \
                  "(want 6)", f, left, (double)ext_##N[f],                    \
                  (double)ext_init_##N[f]);                                   \
    }
SHMEMI_AMO_EXTENDED_TYPES(EXT_TEST)

#define BIT_CHAIN(T, N, F, C, f)                                              \
    {                                                                         \
        const char *form = #F "(" #N ", ...)";                                \
        T *x = &bit_##N[f];                                                   \
        EXPECT(T, N, "fetch_xor", F(N, atomic_fetch_xor)(C(&bit_init_##N[f], (T)0xFF, right)), \
               0xA5);                                                         \
        AMO_BIT_CHAIN(T, N, F, C, x, bres_##N, QUIET_BOTH)                    \
    }
#define BIT_TEST(T, N)                                                        \
    T bit_init_##N[2] = {0xA5, 0xA5}; /* global, .data */                     \
    static T bit_##N[2];                                                      \
    static T bres_##N;                                                        \
    static void bit_##N##_test(void)                                          \
    {                                                                         \
        BIT_CHAIN(T, N, TF, NOCTX, 0)                                         \
        BIT_CHAIN(T, N, TCF, WITHCTX, 1)                                      \
        shmem_ctx_quiet(ctx);                                                 \
        shmem_barrier_all();                                                  \
        for (int f = 0; f < 2; f++)                                           \
            CHECK(bit_##N[f] == (T)(AMO_TOP(T) | 0x01) && bit_init_##N[f] == (T)0x5A, \
                  "bitwise AMOs on " #N ", form %d, from PE %d: static "      \
                  "bit_" #N " is %#llx (want %#llx), global bit_init_" #N     \
                  " %#llx (want 0x5a)", f, left, (unsigned long long)bit_##N[f], \
                  (unsigned long long)(T)(AMO_TOP(T) | 0x01),                 \
                  (unsigned long long)bit_init_##N[f]);                       \
    }
SHMEMI_AMO_BITWISE_TYPES(BIT_TEST)

/* The deprecated names, as pre-1.4 programs call them on their globals. */
int dep_int = 1;  /* global, .data */
static long dep_long;
static double dep_double;

static void deprecated(void)
{
    const char *form = "deprecated";
    EXPECT(int, int, "shmem_int_finc", shmem_int_finc(&dep_int, right), 1);
    shmem_int_inc(&dep_int, right);
    EXPECT(int, int, "shmem_int_fadd", shmem_int_fadd(&dep_int, 5, right), 3);
    shmem_int_add(&dep_int, -1, right);
    EXPECT(int, int, "shmem_int_cswap", shmem_int_cswap(&dep_int, 7, 30, right), 7);
    EXPECT(long, long, "shmem_long_swap", shmem_long_swap(&dep_long, 4, right), 0);
    EXPECT(long, long, "shmem_long_fetch", shmem_long_fetch(&dep_long, right), 4);
    shmem_double_set(&dep_double, -1.25, right);
    EXPECT(double, double, "shmem_double_fetch", shmem_double_fetch(&dep_double, right), -1.25);
    shmem_barrier_all();
    CHECK(dep_int == 30 && dep_long == 4 && dep_double == -1.25,
          "deprecated AMOs from PE %d: global dep_int %d (want 30), static dep_long %ld "
          "(want 4), dep_double %g (want -1.25)", left, dep_int, dep_long, dep_double);
}

/* ---- Every PE on one PE's globals at once ---- */

#define K 200

/* Counters of every standard type on PE 0 (the last PE for every other
 * row, so that two PEs own counters): inc, add of the PE's number + 1,
 * fetch_add of 2 and a context's fetch_inc, K times each. */
#define COUNT_TEST(T, N)                                                      \
    T count_##N; /* global, .bss */                                           \
    static void count_##N##_test(int owner)                                   \
    {                                                                         \
        T last = 0;                                                           \
        for (int i = 0; i < K; i++) {                                         \
            shmem_##N##_atomic_inc(&count_##N, owner);                        \
            shmem_##N##_atomic_add(&count_##N, (T)(me + 1), owner);           \
            T f = shmem_##N##_atomic_fetch_add(&count_##N, 2, owner);         \
            T g = shmem_ctx_##N##_atomic_fetch_inc(ctx, &count_##N, owner);   \
            /* This PE's own updates come in order: the counter grows. */     \
            CHECK(f >= last && g > f,                                         \
                  "shmem_" #N "_atomic_fetch_add and ctx fetch_inc on PE %d's " \
                  "global count_" #N ": %g then %g after %g", owner,          \
                  (double)f, (double)g, (double)last);                        \
            last = g;                                                         \
        }                                                                     \
        shmem_ctx_quiet(ctx);                                                 \
        shmem_barrier_all();                                                  \
        T want = (T)((long long)K * (4 * npes + npes * (npes + 1) / 2));      \
        if (me == owner)                                                      \
            CHECK(count_##N == want,                                          \
                  "%d PEs' AMOs on PE %d's global count_" #N ": %g, want %g", \
                  npes, owner, (double)count_##N, (double)want);              \
        T seen = shmem_##N##_atomic_fetch(&count_##N, owner);                 \
        CHECK(seen == want, "shmem_" #N "_atomic_fetch of PE %d's global "    \
              "count_" #N ": %g, want %g", owner, (double)seen, (double)want); \
        shmem_barrier_all();                                                  \
    }
SHMEMI_AMO_STANDARD_TYPES(COUNT_TEST)

/* fetch_inc tickets from PE 0's global: each handed out exactly once. */
long ticket;              /* global, .bss */
static long tickets[K];   /* static: this PE's tickets, which PE 0 reads */

static void ticket_test(void)
{
    for (int i = 0; i < K; i++)
        tickets[i] = shmem_long_atomic_fetch_inc(&ticket, 0);
    shmem_barrier_all();
    if (me == 0) {
        CHECK(ticket == (long)K * npes, "global ticket on PE 0 is %ld, want %ld", ticket,
              (long)K * npes);
        char *seen = calloc((size_t)K * npes, 1);
        long theirs[K];
        CHECK(seen != NULL, "calloc");
        for (int pe = 0; pe < npes; pe++) {
            shmem_long_get(theirs, tickets, K, pe);
            for (int i = 0; i < K; i++) {
                long t = theirs[i];
                CHECK(t >= 0 && t < (long)K * npes && !seen[t],
                      "PE %d's ticket %d from shmem_long_atomic_fetch_inc of the global "
                      "ticket is %ld: %s", pe, i, t,
                      t >= 0 && t < (long)K * npes ? "handed out twice" : "out of range");
                CHECK(i == 0 || t > theirs[i - 1], "PE %d's tickets go back: %ld after %ld",
                      pe, t, theirs[i - 1]);
                seen[t] = 1;
            }
        }
        free(seen);
    }
    shmem_barrier_all();
}

/* A mask on PE 0 that every PE sets its bit in, then clears, then flips
 * twice; 32-bit words start from an initialised value (.data). */
static unsigned long long mask64;
uint32_t mask32 = 0xFFFF0000u;

static void mask_test(void)
{
    unsigned long long bit = 1ull << me;
    unsigned long long all = npes == 64 ? ~0ull : (1ull << npes) - 1;
    unsigned long long old = shmem_ulonglong_atomic_fetch_or(&mask64, bit, 0);
    CHECK(!(old & bit), "shmem_ulonglong_atomic_fetch_or on PE 0's static mask64 returned "
          "%#llx, which has this PE's bit already", old);
    uint32_t old32 = shmem_uint32_atomic_fetch_xor(&mask32, (uint32_t)bit, 0);
    CHECK((old32 & 0xFFFF0000u) == 0xFFFF0000u && !(old32 & bit),
          "shmem_uint32_atomic_fetch_xor on PE 0's global mask32 returned %#x", old32);
    shmem_barrier_all();
    if (me == 0)
        CHECK(mask64 == all && mask32 == (0xFFFF0000u | (uint32_t)all),
              "after every PE's fetch_or and fetch_xor: static mask64 %#llx (want %#llx), "
              "global mask32 %#x (want %#x)", mask64, all, mask32,
              0xFFFF0000u | (uint32_t)all);
    shmem_barrier_all();
    old = shmem_ulonglong_atomic_fetch_and(&mask64, ~bit, 0);
    CHECK(old & bit, "shmem_ulonglong_atomic_fetch_and returned %#llx, without this PE's "
          "bit", old);
    shmem_uint32_atomic_xor(&mask32, (uint32_t)bit, 0);
    shmem_ctx_ulonglong_atomic_xor(ctx, &mask64, bit, 0);
    shmem_ctx_ulonglong_atomic_xor(ctx, &mask64, bit, 0);
    shmem_ctx_quiet(ctx);
    shmem_barrier_all();
    if (me == 0)
        CHECK(mask64 == 0 && mask32 == 0xFFFF0000u,
              "after every PE's fetch_and and xors: static mask64 %#llx (want 0), global "
              "mask32 %#x (want 0xffff0000)", mask64, mask32);
    shmem_barrier_all();
}

/* Every PE races to replace -1 in PE 0's global: one wins, and says so. */
int winner = -1;           /* global, .data */
static int winners, claimed = -1;

static void race_test(void)
{
    int prior = shmem_int_atomic_compare_swap(&winner, -1, me, 0);
    if (prior == -1) {
        shmem_int_atomic_inc(&winners, 0);
        shmem_int_atomic_set(&claimed, me, 0);
    } else {
        CHECK(prior >= 0 && prior < npes, "shmem_int_atomic_compare_swap on PE 0's global "
              "winner returned %d", prior);
    }
    shmem_barrier_all();
    if (me == 0)
        CHECK(winners == 1 && claimed == winner,
              "compare_swap race on the global winner: %d winners (want 1), winner %d, "
              "claimed by PE %d", winners, winner, claimed);
    shmem_barrier_all();
}

/* A work queue: tasks handed out by a global counter on PE 0, each task's
 * result written back into PE 0's static array and counted done there. */
#define NTASK 500
long next_task;             /* global, .bss */
static long result[NTASK];  /* on PE 0 */
static int done[NTASK];     /* on PE 0 */
static int my_tasks;

static long task_value(long t) { return t * t + 7; }

static void queue_test(void)
{
    for (;;) {
        long t = shmem_long_atomic_fetch_inc(&next_task, 0);
        if (t >= NTASK)
            break;
        shmem_long_p(&result[t], task_value(t), 0);
        shmem_int_atomic_inc(&done[t], 0);
        my_tasks++;
    }
    shmem_barrier_all();
    if (me == 0) {
        CHECK(next_task == NTASK + npes, "global next_task is %ld, want %d (one fetch past "
              "the end per PE)", next_task, NTASK + npes);
        for (int t = 0; t < NTASK; t++)
            CHECK(done[t] == 1 && result[t] == task_value(t),
                  "task %d: done %d times (want 1), result %ld (want %ld)", t, done[t],
                  result[t], task_value(t));
    }
    static int total_tasks; /* a function's static: PE 0 sums the counts */
    shmem_int_atomic_add(&total_tasks, my_tasks, 0);
    shmem_barrier_all();
    if (me == 0)
        CHECK(total_tasks == NTASK, "the PEs did %d tasks, want %d", total_tasks, NTASK);
    shmem_barrier_all();
}

/* A histogram spread over the PEs: bin b is hist[b / npes] on PE b % npes.
 * Every PE adds its values' counts; every PE knows all values, so each
 * checks its own bins exactly. */
#define NBINS 64
#define NVAL 1000
static long hist[NBINS];

static int sample(int pe, int i) { return (pe * 7919 + i * i * 31 + i) % NBINS; }

static void histogram_test(void)
{
    for (int i = 0; i < NVAL; i++) {
        int b = sample(me, i);
        if (i % 2)
            shmem_long_atomic_inc(&hist[b / npes], b % npes);
        else
            shmem_long_atomic_add(&hist[b / npes], 1, b % npes);
    }
    shmem_barrier_all();
    long want[NBINS] = {0};
    for (int pe = 0; pe < npes; pe++)
        for (int i = 0; i < NVAL; i++)
            want[sample(pe, i)]++;
    for (int b = me; b < NBINS; b += npes)
        CHECK(hist[b / npes] == want[b], "histogram bin %d (static hist[%d] on PE %d): "
              "%ld, want %ld", b, b / npes, me, hist[b / npes], want[b]);
    shmem_barrier_all();
}

int main(void)
{
    ring_start();
    CHECK(shmem_ctx_create(0, &ctx) == 0, "shmem_ctx_create failed");

#define RUN_STD(T, N) std_##N##_test();
    SHMEMI_AMO_STANDARD_TYPES(RUN_STD)
#define RUN_EXT(T, N) ext_##N##_test();
    SHMEMI_AMO_EXTENDED_TYPES(RUN_EXT)
#define RUN_BIT(T, N) bit_##N##_test();
    SHMEMI_AMO_BITWISE_TYPES(RUN_BIT)
    deprecated();

    int row = 0;
#define RUN_COUNT(T, N) count_##N##_test(row++ % 2 ? npes - 1 : 0);
    SHMEMI_AMO_STANDARD_TYPES(RUN_COUNT)
    ticket_test();
    mask_test();
    race_test();
    queue_test();
    histogram_test();

    shmem_ctx_destroy(ctx);
    shmem_finalize();
    return 0;
}
