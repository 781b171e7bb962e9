/* The point-to-point routines over arrays: wait_until_all/_any/_some,
 * test_all/_any/_some and their _vector forms, for every row of the
 * point-to-point table, typed and generic. First on values this PE set
 * (every return value and index list checked, status masks included, empty
 * sets included), then with the left neighbour updating the array while
 * this PE waits. */
#include "check.h"
#include "ring.h"

#define NV 6

#define TF(N, op) shmem_##N##_##op
#define GF(N, op) shmem_##op

/* A status mask excluding the elements whose bits are set in `bits`. */
static const int *mask(int *st, unsigned bits)
{
    for (int i = 0; i < NV; i++)
        st[i] = bits >> i & 1;
    return st;
}

/* The indices a _some call returned, as a bit set. */
static unsigned as_bits(const size_t *idx, size_t n)
{
    unsigned b = 0;
    for (size_t k = 0; k < n; k++) {
        CHECK(idx[k] < NV, "index %zu out of range", idx[k]);
        CHECK(k == 0 || idx[k] > idx[k - 1], "indices not increasing");
        b |= 1u << idx[k];
    }
    return b;
}

#define LOCAL_TEST(T, N, F)                                                   \
    static void local_##F##_##N(T *v)                                         \
    {                                                                         \
        const char *form = #F " " #N;                                         \
        int st[NV];                                                           \
        size_t idx[NV];                                                       \
        for (int i = 0; i < NV; i++)                                          \
            v[i] = (T)i;                                                      \
        /* test_all: the whole array, a masked one, and empty sets. */        \
        CHECK(F(N, test_all)(v, NV, NULL, SHMEM_CMP_GE, (T)0) == 1, "%s", form); \
        CHECK(F(N, test_all)(v, NV, NULL, SHMEM_CMP_LT, (T)3) == 0, "%s", form); \
        CHECK(F(N, test_all)(v, NV, mask(st, 070), SHMEM_CMP_LT, (T)3) == 1,  \
              "%s: masked test_all", form);                                   \
        CHECK(F(N, test_all)(v, 0, NULL, SHMEM_CMP_EQ, (T)9) == 1, "%s", form); \
        CHECK(F(N, test_all)(v, NV, mask(st, 077), SHMEM_CMP_EQ, (T)9) == 1,  \
              "%s: all excluded", form);                                      \
        /* test_any: found, excluded, none, empty. */                         \
        CHECK(F(N, test_any)(v, NV, NULL, SHMEM_CMP_EQ, (T)4) == 4, "%s", form); \
        CHECK(F(N, test_any)(v, NV, mask(st, 020), SHMEM_CMP_EQ, (T)4) ==     \
                  SIZE_MAX, "%s: test_any returned an excluded element", form); \
        CHECK(F(N, test_any)(v, NV, NULL, SHMEM_CMP_GT, (T)9) == SIZE_MAX,    \
              "%s", form);                                                    \
        CHECK(F(N, test_any)(v, 0, NULL, SHMEM_CMP_GE, (T)0) == SIZE_MAX,     \
              "%s", form);                                                    \
        /* Repeated calls return every satisfied element, not just one. */    \
        unsigned got = 0;                                                     \
        for (int k = 0; k < 4; k++) {                                         \
            size_t i = F(N, test_any)(v, NV, mask(st, 001), SHMEM_CMP_NE, (T)3); \
            CHECK(i < NV && i != 0 && i != 3, "%s: test_any gave %zu", form, i); \
            got |= 1u << i;                                                   \
        }                                                                     \
        CHECK(got == 066, "%s: repeated test_any visited %#o", form, got);    \
        /* test_some */                                                       \
        size_t n = F(N, test_some)(v, NV, idx, mask(st, 010), SHMEM_CMP_GE, (T)2); \
        CHECK(n == 3 && as_bits(idx, n) == 064, "%s: test_some %zu", form, n); \
        CHECK(F(N, test_some)(v, NV, idx, NULL, SHMEM_CMP_GT, (T)9) == 0,     \
              "%s", form);                                                    \
        /* _vector: element i compared with c[i]. */                          \
        T c[NV] = {(T)0, (T)2, (T)2, (T)4, (T)4, (T)6};                       \
        CHECK(F(N, test_all_vector)(v, NV, NULL, SHMEM_CMP_EQ, c) == 0, "%s", form); \
        CHECK(F(N, test_all_vector)(v, NV, NULL, SHMEM_CMP_LE, c) == 1, "%s", form); \
        CHECK(F(N, test_all_vector)(v, NV, mask(st, 052), SHMEM_CMP_EQ, c) == 1, \
              "%s: masked test_all_vector", form);                            \
        CHECK(F(N, test_any_vector)(v, NV, mask(st, 005), SHMEM_CMP_EQ, c) == 4, \
              "%s: test_any_vector", form);                                   \
        CHECK(F(N, test_any_vector)(v, NV, mask(st, 025), SHMEM_CMP_EQ, c) ==  \
                  SIZE_MAX, "%s", form);                                      \
        n = F(N, test_some_vector)(v, NV, idx, NULL, SHMEM_CMP_EQ, c);        \
        CHECK(n == 3 && as_bits(idx, n) == 025, "%s: test_some_vector", form); \
        n = F(N, test_some_vector)(v, NV, idx, NULL, SHMEM_CMP_GT, c);        \
        CHECK(n == 0, "%s: test_some_vector GT found %zu", form, n);          \
        /* Waits whose condition already holds return at once. */             \
        CHECK(F(N, wait_until_any)(v, NV, NULL, SHMEM_CMP_EQ, (T)5) == 5, "%s", form); \
        n = F(N, wait_until_some)(v, NV, idx, NULL, SHMEM_CMP_LE, (T)1);      \
        CHECK(n == 2 && as_bits(idx, n) == 003, "%s: wait_until_some", form); \
        F(N, wait_until_all)(v, NV, NULL, SHMEM_CMP_GE, (T)0);                \
        size_t a = F(N, wait_until_any_vector)(v, NV, mask(st, 001), SHMEM_CMP_EQ, c); \
        CHECK(a == 2 || a == 4, "%s: wait_until_any_vector gave %zu", form, a); \
        n = F(N, wait_until_some_vector)(v, NV, idx, NULL, SHMEM_CMP_LT, c);  \
        CHECK(n == 3 && as_bits(idx, n) == 052, "%s: wait_until_some_vector", form); \
        F(N, wait_until_all_vector)(v, NV, mask(st, 052), SHMEM_CMP_EQ, c);   \
        /* Empty sets: nothing to wait for. */                                \
        CHECK(F(N, wait_until_any)(v, NV, mask(st, 077), SHMEM_CMP_EQ, (T)9) == \
                  SIZE_MAX, "%s: empty wait_until_any", form);                \
        CHECK(F(N, wait_until_some)(v, 0, idx, NULL, SHMEM_CMP_EQ, (T)9) == 0, \
              "%s: empty wait_until_some", form);                             \
        F(N, wait_until_all)(v, NV, mask(st, 077), SHMEM_CMP_EQ, (T)9);       \
        CHECK(F(N, wait_until_any_vector)(v, 0, NULL, SHMEM_CMP_EQ, c) == SIZE_MAX, \
              "%s", form);                                                    \
    }

/* The left neighbour writes this PE's array in steps, a barrier between
 * steps; this PE waits for each step with another routine. Excluded
 * elements never change, so a wait that ignored the mask would hang. */
#define REMOTE_TEST(T, N, F)                                                  \
    static void remote_##F##_##N(T *v)                                        \
    {                                                                         \
        const char *form = #F " " #N;                                         \
        int st[NV];                                                           \
        size_t idx[NV];                                                       \
        for (int i = 0; i < NV; i++)                                          \
            v[i] = (T)0;                                                      \
        shmem_barrier_all();                                                  \
        shmem_##N##_p(&v[3], (T)7, right);                                    \
        CHECK(F(N, wait_until_any)(v, NV, NULL, SHMEM_CMP_EQ, (T)7) == 3, "%s", form); \
        shmem_barrier_all();                                                  \
        shmem_##N##_p(&v[5], (T)7, right);                                    \
        shmem_##N##_p(&v[1], (T)7, right);                                    \
        size_t n = F(N, wait_until_some)(v, NV, idx, mask(st, 010),           \
                                         SHMEM_CMP_EQ, (T)7);                 \
        CHECK(n >= 1 && (as_bits(idx, n) & ~042u) == 0,                      \
              "%s: wait_until_some found %#o", form, as_bits(idx, n));        \
        F(N, wait_until_all)(v, NV, mask(st, 025), SHMEM_CMP_EQ, (T)7);       \
        CHECK(v[1] == (T)7 && v[5] == (T)7, "%s: wait_until_all", form);      \
        shmem_barrier_all();                                                  \
        for (int i = 4; i >= 0; i -= 2)                                       \
            shmem_##N##_p(&v[i], (T)(10 + i), right);                         \
        T c[NV] = {(T)10, (T)7, (T)12, (T)7, (T)14, (T)7};                    \
        F(N, wait_until_all_vector)(v, NV, NULL, SHMEM_CMP_EQ, c);            \
        CHECK(F(N, test_all_vector)(v, NV, NULL, SHMEM_CMP_EQ, c) == 1, "%s", form); \
        shmem_barrier_all();                                                  \
        shmem_##N##_p(&v[2], (T)20, right);                                   \
        size_t i = F(N, wait_until_any_vector)(v, NV, mask(st, 001),          \
                                               SHMEM_CMP_GT, c);              \
        CHECK(i == 2, "%s: wait_until_any_vector gave %zu", form, i);         \
        n = F(N, wait_until_some_vector)(v, NV, idx, NULL, SHMEM_CMP_GT, c);  \
        CHECK(n == 1 && idx[0] == 2, "%s: wait_until_some_vector", form);     \
        shmem_barrier_all();                                                  \
    }

#define P2P_ALL(T, N)                                                         \
    LOCAL_TEST(T, N, TF)                                                      \
    LOCAL_TEST(T, N, GF)                                                      \
    REMOTE_TEST(T, N, TF)                                                     \
    REMOTE_TEST(T, N, GF)                                                     \
    static void all_##N(void)                                                 \
    {                                                                         \
        T *v = shmem_malloc(NV * sizeof(T));                                  \
        CHECK(v != NULL, #N ": allocation");                                  \
        local_TF_##N(v);                                                      \
        local_GF_##N(v);                                                      \
        remote_TF_##N(v);                                                     \
        remote_GF_##N(v);                                                     \
        /* The deprecated shmem_wait: until the value differs. */             \
        shmem_##N##_wait(v, (T)0);                                            \
        shmem_wait(v, (T)3);                                                  \
        shmem_barrier_all();                                                  \
        shmem_free(v);                                                        \
    }
SHMEMI_P2P_TYPES(P2P_ALL)

int main(void)
{
    ring_start();
#define RUN(T, N) all_##N();
    SHMEMI_P2P_TYPES(RUN)
    shmem_finalize();
    return 0;
}
