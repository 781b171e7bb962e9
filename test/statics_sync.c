/* Locks and point-to-point synchronisation on the program's global and
 * static variables (docs/statics.md), as OpenSHMEM
 * programs write them.
 *
 * Locks: a static `long lock` protecting a read-modify-write (shmem_g,
 * then shmem_p) of a global counter on PE 0 by every PE, taken with
 * set_lock and with test_lock, the final count exact; two locks of a
 * global array the program initialised (.data), held together; test_lock
 * fails while another PE holds the lock, and of a race exactly one PE
 * wins. Every lock word is 0 again afterwards, its neighbour untouched.
 *
 * wait_until and test in every form (single, _all, _any, _some, _vector)
 * for every row of the point-to-point table, on static flag arrays that
 * every PE sets on every PE with p, put and put_nbi; before each round the
 * test forms must see the new value nowhere. Then flags raised by AMOs: a
 * counter barrier on globals (atomic_inc, wait_until, atomic_set), the
 * untyped shmem_wait and shmem_wait_until, and a ping-pong with a payload
 * put before its flag. */
#include <sched.h>
#include <string.h>

#include "check.h"
#include "ring.h"

#define MAXP 64 /* the most PEs the flag arrays hold */

/* ---- Locks ---- */

#define K 100

static long lock;                     /* static, .bss, as the spec's example */
long pair_locks[3] = {0, 0, 0x5eed};  /* global, .data: [0] and [1] are locks */
int count;                            /* global counter on PE 0 */
static int pair_counts[2];            /* on PE 0 and on the last PE */

static void lock_count(void)
{
    for (int i = 0; i < K; i++) {
        if (i % 3 == 0) {
            while (shmem_test_lock(&lock))
                sched_yield();
        } else {
            shmem_set_lock(&lock);
        }
        int v = shmem_int_g(&count, 0);
        /* Give the core away inside the critical section: without mutual
         * exclusion another PE would read the same value here. */
        sched_yield();
        shmem_int_p(&count, v + 1, 0);
        shmem_clear_lock(&lock);
    }
    shmem_barrier_all();
    if (me == 0)
        CHECK(count == npes * K, "%d PEs' shmem_int_g + shmem_int_p of PE 0's global count "
              "under the static lock, %d times each: %d, want %d", npes, K, count, npes * K);
    int seen = shmem_int_g(&count, 0);
    CHECK(seen == npes * K, "shmem_int_g of PE 0's global count: %d, want %d", seen,
          npes * K);
    shmem_barrier_all();
}

/* Both locks of the .data array held at once: each protects a counter of
 * its own, on PE 0 and on the last PE. */
static void lock_pair(void)
{
    int last = npes - 1;
    for (int i = 0; i < K / 2; i++) {
        /* Always in one order (no PE holds one while waiting for the other
         * in the other order); released in either. */
        shmem_set_lock(&pair_locks[0]);
        shmem_set_lock(&pair_locks[1]);
        int a = shmem_int_g(&pair_counts[0], 0);
        int b = shmem_int_g(&pair_counts[1], last);
        sched_yield();
        shmem_int_p(&pair_counts[0], a + 1, 0);
        shmem_int_p(&pair_counts[1], b + 2, last);
        shmem_clear_lock(&pair_locks[1 - i % 2]);
        shmem_clear_lock(&pair_locks[i % 2]);
    }
    shmem_barrier_all();
    if (me == 0)
        CHECK(pair_counts[0] == npes * (K / 2), "counter under the global pair_locks on PE "
              "0: %d, want %d", pair_counts[0], npes * (K / 2));
    if (me == last)
        CHECK(pair_counts[1] == 2 * npes * (K / 2), "counter under the global pair_locks "
              "on PE %d: %d, want %d", last, pair_counts[1], 2 * npes * (K / 2));
    shmem_barrier_all();
}

/* While PE 0 holds the lock every other PE's test_lock fails; then all
 * race with test_lock, and one wins. */
static int winners;

static void lock_test_lock(void)
{
    if (me == 0)
        CHECK(shmem_test_lock(&lock) == 0, "shmem_test_lock of the free static lock failed "
              "on PE 0");
    shmem_barrier_all();
    if (me != 0)
        CHECK(shmem_test_lock(&lock) != 0, "shmem_test_lock of the static lock that PE 0 "
              "holds succeeded");
    shmem_barrier_all();
    if (me == 0)
        shmem_clear_lock(&lock);
    shmem_barrier_all();
    int won = shmem_test_lock(&lock) == 0;
    if (won)
        shmem_int_atomic_inc(&winners, 0);
    shmem_barrier_all();
    if (won)
        shmem_clear_lock(&lock);
    if (me == 0)
        CHECK(winners == 1, "%d PEs won a race of shmem_test_lock on the static lock, "
              "want 1", winners);
    shmem_barrier_all();
    /* Nobody holds or waits for any lock: every lock word is 0 again. */
    CHECK(lock == 0 && pair_locks[0] == 0 && pair_locks[1] == 0 && pair_locks[2] == 0x5eed,
          "lock words after use: static lock %ld, global pair_locks %ld %ld (want 0) and "
          "%#lx (want 0x5eed)", lock, pair_locks[0], pair_locks[1], pair_locks[2]);
    shmem_barrier_all();
}

/* ---- wait_until and test on static flags set by peers ---- */

#define ROUNDS 14

/* The value PE i writes to element i of every PE's flags in round r: the
 * same in rounds 1-8, one per element in the _vector rounds 9-14, and
 * always larger than the round before. */
static long value(int r, int i) { return r <= 8 ? r : 10 * r + i; }

static const char *const round_name[ROUNDS + 1] = {
    "",          "wait_until",        "wait_until_all",     "wait_until_any",
    "wait_until_some", "test",        "test_all",           "test_any",
    "test_some", "wait_until_all_vector", "wait_until_any_vector",
    "wait_until_some_vector", "test_all_vector", "test_any_vector", "test_some_vector"};

/* The indices a _some call returned: increasing, in range, not yet seen,
 * and satisfied; marked in status. */
static void some_seen(const size_t *idx, size_t n, int *status, const char *call)
{
    CHECK(n >= 1 && n <= (size_t)npes, "%s returned %zu", call, n);
    for (size_t k = 0; k < n; k++) {
        CHECK(idx[k] < (size_t)npes && !status[idx[k]] && (k == 0 || idx[k] > idx[k - 1]),
              "%s returned index %zu (%zu of %zu)", call, idx[k], k, n);
        status[idx[k]] = 1;
    }
}

#define P2P_TEST(T, N)                                                        \
    static T flags_##N[MAXP]; /* static, .bss: element i is set by PE i */    \
    static void p2p_##N(void)                                                 \
    {                                                                         \
        int status[MAXP];                                                     \
        size_t idx[MAXP];                                                     \
        T cmp[MAXP];                                                          \
        const size_t n = (size_t)npes;                                        \
        for (int r = 1; r <= ROUNDS; r++) {                                   \
            const char *call = round_name[r];                                 \
            for (int i = 0; i < npes; i++)                                    \
                cmp[i] = (T)value(r, i);                                      \
            /* Nobody has written round r's values: every test fails. */      \
            for (int i = 0; i < npes; i++)                                    \
                CHECK(!shmem_##N##_test(&flags_##N[i], SHMEM_CMP_EQ, cmp[i]), \
                      "shmem_" #N "_test of static flags_" #N "[%d] before "  \
                      "round %d: it holds %g", i, r, (double)flags_##N[i]);   \
            CHECK(!shmem_##N##_test_all(flags_##N, n, NULL, SHMEM_CMP_GE, cmp[0]) && \
                      shmem_##N##_test_any(flags_##N, n, NULL, SHMEM_CMP_GE, cmp[0]) == \
                          SIZE_MAX &&                                         \
                      shmem_##N##_test_some(flags_##N, n, idx, NULL, SHMEM_CMP_GE, \
                                            cmp[0]) == 0 &&                   \
                      shmem_##N##_test_any_vector(flags_##N, n, NULL, SHMEM_CMP_EQ, \
                                                  cmp) == SIZE_MAX,           \
                  "shmem_" #N "_test_all/any/some of static flags_" #N        \
                  " before round %d saw a value not yet written", r);         \
            shmem_barrier_all();                                              \
            T v = (T)value(r, me);                                            \
            for (int pe = 0; pe < npes; pe++)                                 \
                switch (r % 3) {                                              \
                case 0: shmem_##N##_p(&flags_##N[me], v, pe); break;          \
                case 1: shmem_##N##_put(&flags_##N[me], &v, 1, pe); break;    \
                default: shmem_##N##_put_nbi(&flags_##N[me], &v, 1, pe); break; \
                }                                                             \
            shmem_quiet();                                                    \
            memset(status, 0, sizeof status);                                 \
            size_t got = 0, k;                                                \
            switch (r) {                                                      \
            case 1:                                                           \
                for (int i = 0; i < npes; i++)                                \
                    shmem_##N##_wait_until(&flags_##N[i], SHMEM_CMP_EQ, cmp[i]); \
                break;                                                        \
            case 2: shmem_##N##_wait_until_all(flags_##N, n, NULL, SHMEM_CMP_GE, cmp[0]); break; \
            case 3:                                                           \
                while (got < n) {                                             \
                    k = shmem_##N##_wait_until_any(flags_##N, n, status,      \
                                                   SHMEM_CMP_GT, (T)(r - 1)); \
                    CHECK(k < n && !status[k], "%s returned %zu", call, k);   \
                    status[k] = 1, got++;                                     \
                }                                                             \
                k = shmem_##N##_wait_until_any(flags_##N, n, status, SHMEM_CMP_GT, (T)0); \
                CHECK(k == SIZE_MAX, "%s with every element excluded returned %zu", \
                      call, k);                                               \
                break;                                                        \
            case 4:                                                           \
                while (got < n) {                                             \
                    size_t m = shmem_##N##_wait_until_some(flags_##N, n, idx, status, \
                                                           SHMEM_CMP_NE, (T)(r - 1)); \
                    some_seen(idx, m, status, call);                          \
                    got += m;                                                 \
                }                                                             \
                break;                                                        \
            case 5:                                                           \
                for (int i = 0; i < npes; i++)                                \
                    while (!shmem_##N##_test(&flags_##N[i], SHMEM_CMP_GE, cmp[i])) \
                        ;                                                     \
                break;                                                        \
            case 6:                                                           \
                while (!shmem_##N##_test_all(flags_##N, n, NULL, SHMEM_CMP_EQ, cmp[0])) \
                    ;                                                         \
                break;                                                        \
            case 7:                                                           \
                while (got < n) {                                             \
                    k = shmem_##N##_test_any(flags_##N, n, status, SHMEM_CMP_GE, cmp[0]); \
                    if (k == SIZE_MAX)                                        \
                        continue;                                             \
                    CHECK(k < n && !status[k], "%s returned %zu", call, k);   \
                    status[k] = 1, got++;                                     \
                }                                                             \
                break;                                                        \
            case 8:                                                           \
                while (got < n) {                                             \
                    size_t m = shmem_##N##_test_some(flags_##N, n, idx, status, \
                                                     SHMEM_CMP_LE, cmp[0]);   \
                    /* LE the new value holds from the start: test_some must  \
                     * return every element at once. */                       \
                    CHECK(m == n, "%s (LE) returned %zu of %zu", call, m, n); \
                    some_seen(idx, m, status, call);                          \
                    got += m;                                                 \
                }                                                             \
                shmem_##N##_wait_until_all(flags_##N, n, NULL, SHMEM_CMP_EQ, cmp[0]); \
                break;                                                        \
            case 9:                                                           \
                shmem_##N##_wait_until_all_vector(flags_##N, n, NULL, SHMEM_CMP_EQ, cmp); \
                break;                                                        \
            case 10:                                                          \
                while (got < n) {                                             \
                    k = shmem_##N##_wait_until_any_vector(flags_##N, n, status, \
                                                          SHMEM_CMP_EQ, cmp); \
                    CHECK(k < n && !status[k], "%s returned %zu", call, k);   \
                    status[k] = 1, got++;                                     \
                }                                                             \
                break;                                                        \
            case 11:                                                          \
                while (got < n) {                                             \
                    size_t m = shmem_##N##_wait_until_some_vector(flags_##N, n, idx, \
                                                                  status,     \
                                                                  SHMEM_CMP_GE, cmp); \
                    some_seen(idx, m, status, call);                          \
                    got += m;                                                 \
                }                                                             \
                break;                                                        \
            case 12:                                                          \
                while (!shmem_##N##_test_all_vector(flags_##N, n, NULL, SHMEM_CMP_EQ, cmp)) \
                    ;                                                         \
                break;                                                        \
            case 13:                                                          \
                while (got < n) {                                             \
                    k = shmem_##N##_test_any_vector(flags_##N, n, status, SHMEM_CMP_EQ, \
                                                    cmp);                     \
                    if (k == SIZE_MAX)                                        \
                        continue;                                             \
                    CHECK(k < n && !status[k], "%s returned %zu", call, k);   \
                    status[k] = 1, got++;                                     \
                }                                                             \
                break;                                                        \
            default:                                                          \
                while (got < n) {                                             \
                    size_t m = shmem_##N##_test_some_vector(flags_##N, n, idx, status, \
                                                            SHMEM_CMP_EQ, cmp); \
                    if (m)                                                    \
                        some_seen(idx, m, status, call);                      \
                    got += m;                                                 \
                }                                                             \
                break;                                                        \
            }                                                                 \
            /* Every PE has written this round's value and no other yet. */   \
            for (int i = 0; i < npes; i++)                                    \
                CHECK(flags_##N[i] == cmp[i], "shmem_" #N "_%s returned in "  \
                      "round %d; static flags_" #N "[%d] holds %g, want %g "  \
                      "(PE %d's value)", call, r, i, (double)flags_##N[i],    \
                      (double)cmp[i], i);                                     \
        }                                                                     \
        shmem_barrier_all();                                                  \
    }
SHMEMI_P2P_TYPES(P2P_TEST)

/* ---- Flags raised by AMOs ---- */

/* A barrier of counters, as codes without one wrote it: every PE
 * increments PE 0's global, PE 0 waits for all, then raises each PE's
 * static go flag with atomic_set. The data each PE puts into PE 0's array
 * before arriving must be there when PE 0 sees the count. */
long arrived;              /* global, .bss, on PE 0 */
static long go;            /* static, on every PE */
static int posted[MAXP];   /* on PE 0 */

static void counter_barrier(void)
{
    for (long r = 1; r <= 50; r++) {
        shmem_int_p(&posted[me], (int)(r * 100 + me), 0);
        shmem_fence(); /* the data before the arrival */
        shmem_long_atomic_inc(&arrived, 0);
        if (me == 0) {
            shmem_long_wait_until(&arrived, SHMEM_CMP_EQ, r * npes);
            for (int pe = 0; pe < npes; pe++)
                CHECK(posted[pe] == r * 100 + pe, "round %ld: PE %d's shmem_int_p into "
                      "PE 0's static posted is %d once the global arrived counts %ld",
                      r, pe, posted[pe], arrived);
            for (int pe = 0; pe < npes; pe++)
                shmem_long_atomic_set(&go, r, pe);
        }
        shmem_long_wait_until(&go, SHMEM_CMP_GE, r);
        CHECK(go == r, "round %ld: static go is %ld", r, go);
    }
    shmem_barrier_all();
}

/* The untyped 1.0 names on a static long: shmem_wait waits while the
 * value is the one given, shmem_wait_until for a comparison. */
static long legacy[2] = {-1, -1}; /* static, .data */

static void untyped_waits(void)
{
    shmem_long_atomic_set(&legacy[0], me, right);
    (shmem_wait)(&legacy[0], -1);
    CHECK(legacy[0] == left, "shmem_wait on static legacy[0] returned at %ld, want %d",
          legacy[0], left);
    shmem_long_atomic_add(&legacy[1], 10 + me + 1, right);
    (shmem_wait_until)(&legacy[1], SHMEM_CMP_GE, 10);
    CHECK(legacy[1] == 10 + left, "shmem_wait_until on static legacy[1] returned at %ld, "
          "want %d", legacy[1], 10 + left);
    shmem_barrier_all();
}

/* PEs 2k and 2k+1 play ping-pong through static flags, each payload put
 * into a static array before its flag, with a fence between; a PE without
 * a partner plays both sides itself. */
#define PAYLOAD 16
#define PP_ROUNDS 300
static long ping, pong;
static int ping_data[PAYLOAD], pong_data[PAYLOAD];

static void fill(int *buf, int from, long round)
{
    for (int k = 0; k < PAYLOAD; k++)
        buf[k] = (int)(from * 100000 + round * 16 + k);
}

static void check_payload(const int *buf, int from, long round, const char *what)
{
    int want[PAYLOAD];
    fill(want, from, round);
    for (int k = 0; k < PAYLOAD; k++)
        CHECK(buf[k] == want[k], "%s round %ld: element %d of the static payload from PE "
              "%d is %d, want %d, its flag seen", what, round, k, from, buf[k], want[k]);
}

static void ping_pong(void)
{
    int partner = (me ^ 1) < npes ? me ^ 1 : me;
    int loc[PAYLOAD];
    for (long r = 1; r <= PP_ROUNDS; r++) {
        if (me <= partner) {
            fill(loc, me, r);
            shmem_int_put(ping_data, loc, PAYLOAD, partner);
            shmem_fence();
            shmem_long_p(&ping, r, partner);
        }
        if (me >= partner) {
            shmem_long_wait_until(&ping, SHMEM_CMP_EQ, r);
            check_payload(ping_data, partner, r, "ping");
            fill(loc, me, -r);
            shmem_int_put_nbi(pong_data, loc, PAYLOAD, partner);
            shmem_fence();
            shmem_long_atomic_set(&pong, r, partner);
            shmem_quiet(); /* loc is rewritten next round */
        }
        if (me <= partner) {
            shmem_long_wait_until(&pong, SHMEM_CMP_EQ, r);
            check_payload(pong_data, partner, -r, "pong");
        }
    }
    shmem_barrier_all();
}

int main(void)
{
    ring_start();
    CHECK(npes <= MAXP, "at most %d PEs", MAXP);

    lock_count();
    lock_pair();
    lock_test_lock();
#define RUN_P2P(T, N) p2p_##N();
    SHMEMI_P2P_TYPES(RUN_P2P)
    counter_barrier();
    untyped_waits();
    ping_pong();

    shmem_finalize();
    return 0;
}
