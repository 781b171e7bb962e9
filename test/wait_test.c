/* shmem_wait_until and shmem_test for every row of the point-to-point type
 * table and every comparison, the generic names for every distinct C type,
 * and a ping-pong through p/put + wait_until between pairs of PEs. */
#include <string.h>

#include "check.h"
#include "ring.h"

#define NCMP 6
#define ROUNDS 1000
#define PAYLOAD 16

static const int cmps[NCMP] = {SHMEM_CMP_EQ, SHMEM_CMP_NE, SHMEM_CMP_GT,
                               SHMEM_CMP_GE, SHMEM_CMP_LT, SHMEM_CMP_LE};
static const char *const cmp_name[NCMP] = {"EQ", "NE", "GT", "GE", "LT", "LE"};

/* What each comparison means, in the element type. */
#define HOLDS(c, a, b)                                                        \
    ((c) == SHMEM_CMP_EQ   ? (a) == (b)                                       \
     : (c) == SHMEM_CMP_NE ? (a) != (b)                                       \
     : (c) == SHMEM_CMP_GT ? (a) > (b)                                        \
     : (c) == SHMEM_CMP_GE ? (a) >= (b)                                       \
     : (c) == SHMEM_CMP_LT ? (a) < (b)                                        \
                           : (a) <= (b))

/* The value the left neighbour delivers (each PE puts to its right), and
 * what each PE's ivar for a comparison starts at and waits for: every wait
 * is false at the start and true once the value arrives. */
#define ARRIVES 5
static const int start_at[NCMP] = {0, 0, 0, 0, 9, 9};
static const int wait_for[NCMP] = {5, 0, 4, 5, 6, 5};

#define TF(N, op) shmem_##N##_##op
#define GF(N, op) shmem_##op

#define P2P_TEST(T, N, F)                                                     \
    static void F##_##N(void)                                                 \
    {                                                                         \
        T *ivar = shmem_malloc(NCMP * sizeof(T));                             \
        CHECK(ivar != NULL, "malloc");                                        \
        /* Local values around each comparand, and across the sign boundary \
         * ((T)-1 is the largest value of an unsigned type). */               \
        const T mine[] = {(T)5, (T)-1, (T)0};                                 \
        const T against[] = {(T)4, (T)5, (T)6, (T)0, (T)-1};                  \
        for (size_t m = 0; m < sizeof mine / sizeof *mine; m++)               \
            for (size_t v = 0; v < sizeof against / sizeof *against; v++)     \
                for (int c = 0; c < NCMP; c++) {                              \
                    ivar[0] = mine[m];                                        \
                    T a = mine[m], b = against[v];                            \
                    int want = HOLDS(cmps[c], a, b);                          \
                    CHECK(F(N, test)(&ivar[0], cmps[c], b) == want,           \
                          #F " " #N ": test(%g %s %g) is not %d", (double)a,  \
                          cmp_name[c], (double)b, want);                      \
                    if (want)                                                 \
                        F(N, wait_until)(&ivar[0], cmps[c], b);               \
                }                                                             \
        for (int c = 0; c < NCMP; c++)                                        \
            ivar[c] = (T)start_at[c];                                         \
        shmem_barrier_all();                                                  \
        /* The last comparison first, so the waits below meet their values   \
         * in every possible order. */                                        \
        for (int c = NCMP - 1; c >= 0; c--)                                   \
            shmem_##N##_p(&ivar[c], (T)ARRIVES, right);                       \
        for (int c = 0; c < NCMP; c++) {                                      \
            F(N, wait_until)(&ivar[c], cmps[c], (T)wait_for[c]);              \
            CHECK(ivar[c] == (T)ARRIVES, #F " " #N ": wait_until %s returned " \
                  "at %g", cmp_name[c], (double)ivar[c]);                     \
            CHECK(F(N, test)(&ivar[c], cmps[c], (T)wait_for[c]),              \
                  #F " " #N ": test %s after the wait", cmp_name[c]);         \
        }                                                                     \
        shmem_free(ivar);                                                     \
    }

#define TYPED_TEST(T, N) P2P_TEST(T, N, TF)
SHMEMI_P2P_TYPES(TYPED_TEST)
/* The generic names expand SHMEMI_P2P_GENERIC_TYPES themselves, which the
 * preprocessor refuses inside an expansion of that same table, so these rows
 * are written out; main runs them from the table, so a row missing here
 * fails to link and an extra one is an unused function. */
P2P_TEST(short, short, GF)
P2P_TEST(int, int, GF)
P2P_TEST(long, long, GF)
P2P_TEST(long long, longlong, GF)
P2P_TEST(unsigned short, ushort, GF)
P2P_TEST(unsigned int, uint, GF)
P2P_TEST(unsigned long, ulong, GF)
P2P_TEST(unsigned long long, ulonglong, GF)

static void fill(int *buf, int from, long round)
{
    for (int k = 0; k < PAYLOAD; k++)
        buf[k] = (int)(from * 100000 + round * 16 + k);
}

static void check_payload(const int *buf, int from, long round, const char *what)
{
    int want[PAYLOAD];
    fill(want, from, round);
    CHECK(memcmp(buf, want, sizeof want) == 0, "%s round %ld: payload from PE %d is "
          "stale (first element %d)", what, round, from, buf[0]);
}

/* PEs 2k and 2k+1 play ping-pong; a PE without a partner plays both sides
 * against itself. The payload is put before the flag, with a fence between,
 * so a flag seen means its payload arrived. */
static void ping_pong(void)
{
    int partner = (me ^ 1) < npes ? me ^ 1 : me;
    long *ping = shmem_calloc(2, sizeof(long)), *pong = ping + 1;
    int *ping_data = shmem_malloc(2 * PAYLOAD * sizeof(int)), *pong_data = ping_data + PAYLOAD;
    CHECK(ping && ping_data, "allocation");
    int loc[PAYLOAD];
    for (long r = 1; r <= ROUNDS; r++) {
        if (me <= partner) {
            fill(loc, me, r);
            shmem_int_put(ping_data, loc, PAYLOAD, partner);
            shmem_fence();
            shmem_long_p(ping, r, partner);
        }
        if (me >= partner) {
            shmem_long_wait_until(ping, SHMEM_CMP_EQ, r);
            check_payload(ping_data, partner, r, "ping");
            fill(loc, me, -r);
            shmem_put(pong_data, loc, PAYLOAD, partner);
            shmem_fence();
            shmem_p(pong, r, partner);
        }
        if (me <= partner) {
            shmem_wait_until(pong, SHMEM_CMP_EQ, r);
            check_payload(pong_data, partner, -r, "pong");
        }
    }
    shmem_free(ping_data);
    shmem_free(ping);
}

int main(void)
{
    ring_start();

#define RUN_TYPED(T, N) TF_##N();
    SHMEMI_P2P_TYPES(RUN_TYPED)
#define RUN_GENERIC(T, N) GF_##N();
    SHMEMI_P2P_GENERIC_TYPES(RUN_GENERIC)
    ping_pong();

    shmem_finalize();
    return 0;
}
