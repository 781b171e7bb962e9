/* AMOs under contention: every PE hammers the same words at once, and the
 * results must be exact. fetch_add hands out every ticket exactly once,
 * compare_swap lets exactly one PE claim each slot, the bitwise operations
 * build and clear masks from every PE, and non-blocking fetches are valid
 * after shmem_quiet. */
#include "check.h"

#define K 2000 /* operations per PE and test */

static int me, npes;

/* All PEs take tickets from one counter on the last PE with fetch_add and
 * fetch_inc (and plain add/inc on a second counter); each ticket comes back
 * exactly once, which PE 0 checks from a bitmap every PE marks with
 * atomic_or. */
static void tickets(void)
{
    int owner = npes - 1;
    long *counter = shmem_calloc(2, sizeof(long));
    size_t nbits = (size_t)npes * 2 * K, nwords = (nbits + 63) / 64;
    uint64_t *seen = shmem_calloc(nwords, sizeof(uint64_t));
    CHECK(counter && seen, "allocation");
    shmem_barrier_all();
    long last = -1;
    for (int i = 0; i < 2 * K; i++) {
        long t = i % 2 ? shmem_long_atomic_fetch_inc(&counter[0], owner)
                       : shmem_atomic_fetch_add(&counter[0], 1L, owner);
        CHECK(t > last && t < (long)nbits, "ticket %ld after %ld", t, last);
        last = t;
        uint64_t bit = UINT64_C(1) << (t % 64);
        uint64_t old = shmem_uint64_atomic_fetch_or(&seen[t / 64], bit, 0);
        CHECK(!(old & bit), "ticket %ld handed out twice", t);
        if (i % 2)
            shmem_ctx_long_atomic_inc(SHMEM_CTX_DEFAULT, &counter[1], owner);
        else
            shmem_long_atomic_add(&counter[1], 2, owner);
    }
    shmem_barrier_all();
    if (me == owner) {
        CHECK(counter[0] == (long)nbits, "counter %ld, want %zu", counter[0], nbits);
        CHECK(counter[1] == 3L * K * npes, "add/inc counter %ld, want %ld", counter[1],
              3L * K * npes);
    }
    if (me == 0)
        for (size_t t = 0; t < nbits; t++)
            CHECK(seen[t / 64] >> (t % 64) & 1, "ticket %zu never handed out", t);
    shmem_barrier_all();
    shmem_free(seen);
    shmem_free(counter);
}

/* Rounds of a claim race: PE 0 holds one slot per PE; every PE tries the
 * slots in its own order with compare_swap until one succeeds, and stops.
 * Each PE must win exactly one slot, and no slot twice. */
static void claims(void)
{
    int *slot = shmem_malloc((size_t)npes * sizeof(int));
    CHECK(slot != NULL, "allocation");
    for (int round = 1; round <= 200; round++) {
        for (int i = 0; i < npes; i++)
            slot[i] = 0;
        shmem_barrier_all();
        int won = -1;
        for (int k = 0; k < npes && won < 0; k++) {
            int i = (me + k * (round % 2 ? 1 : npes - 1)) % npes;
            int old = shmem_int_atomic_compare_swap(&slot[i], 0, me + 1, 0);
            CHECK(old == 0 || (old >= 1 && old <= npes && old != me + 1),
                  "round %d: slot %d held %d", round, i, old);
            if (old == 0)
                won = i;
        }
        CHECK(won >= 0, "round %d: PE %d claimed no slot", round, me);
        shmem_barrier_all();
        if (me == 0) {
            int count[64] = {0};
            for (int i = 0; i < npes; i++) {
                CHECK(slot[i] >= 1 && slot[i] <= npes, "round %d: slot %d is %d", round,
                      i, slot[i]);
                CHECK(++count[slot[i] - 1] == 1, "round %d: PE %d won twice", round,
                      slot[i] - 1);
            }
        }
        CHECK(shmem_int_atomic_fetch(&slot[won], 0) == me + 1,
              "round %d: slot %d lost its claim", round, won);
        shmem_barrier_all();
    }
    shmem_free(slot);
}

/* Every PE sets its bit in every PE's mask with or, toggles it twice with
 * xor, then clears it with and: the masks go to all ones, stay, and go
 * back to zero. */
static void masks(void)
{
    unsigned long *mask = shmem_calloc(1, sizeof *mask);
    CHECK(mask != NULL, "allocation");
    unsigned long mine = 1UL << me, all = npes == 64 ? ~0UL : (1UL << npes) - 1;
    shmem_barrier_all();
    for (int pe = 0; pe < npes; pe++)
        shmem_atomic_or(mask, mine, pe);
    shmem_barrier_all();
    CHECK(*mask == all, "or: mask %#lx, want %#lx", *mask, all);
    shmem_barrier_all();
    for (int pe = 0; pe < npes; pe++) {
        unsigned long before = shmem_atomic_fetch_xor(mask, mine, pe);
        CHECK(before & mine, "xor: PE %d's mask lacked bit %d", pe, me);
        shmem_ulong_atomic_xor(mask, mine, pe);
    }
    shmem_barrier_all();
    CHECK(*mask == all, "xor twice: mask %#lx, want %#lx", *mask, all);
    shmem_barrier_all();
    for (int pe = 0; pe < npes; pe++)
        shmem_ctx_ulong_atomic_and(SHMEM_CTX_DEFAULT, mask, ~mine, pe);
    shmem_barrier_all();
    CHECK(*mask == 0, "and: mask %#lx, want 0", *mask);
    shmem_barrier_all();
    shmem_free(mask);
}

/* Non-blocking fetch_add from every PE: after shmem_quiet, each PE's
 * fetched values are increasing and the sum over all PEs is exact. */
static void nbi_fetches(void)
{
    long long *counter = shmem_calloc(1, sizeof *counter);
    long long *total = shmem_calloc(1, sizeof *total);
    static long long got[K];
    CHECK(counter && total, "allocation");
    shmem_barrier_all();
    for (int i = 0; i < K; i++)
        shmem_longlong_atomic_fetch_add_nbi(&got[i], counter, 1, 0);
    shmem_quiet();
    long long sum = 0;
    for (int i = 0; i < K; i++) {
        CHECK(got[i] >= 0 && got[i] < (long long)K * npes, "fetched %lld", got[i]);
        CHECK(i == 0 || got[i] > got[i - 1], "fetch %d: %lld after %lld", i, got[i],
              got[i - 1]);
        sum += got[i];
    }
    shmem_longlong_atomic_add(total, sum, 0);
    shmem_barrier_all();
    long long n = (long long)K * npes;
    if (me == 0)
        CHECK(*total == n * (n - 1) / 2, "sum of tickets %lld, want %lld", *total,
              n * (n - 1) / 2);
    shmem_barrier_all();
    shmem_free(total);
    shmem_free(counter);
}

int main(void)
{
    shmem_init();
    me = shmem_my_pe();
    npes = shmem_n_pes();
    CHECK(npes <= 64, "this test supports up to 64 PEs");
    tickets();
    claims();
    masks();
    nbi_fetches();
    shmem_finalize();
    return 0;
}
