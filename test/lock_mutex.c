/* Distributed locks: mutual exclusion (a non-atomic read-modify-write of a
 * counter on PE 0 inside the lock, from every PE, many times, must count
 * exactly), two locks at once, shmem_test_lock's results, and that every
 * PE's lock word is back to 0 once nobody holds or waits for the lock. */
#include <sched.h>

#include "check.h"

#define K 300

static int me, npes;

/* g then p: without mutual exclusion two PEs read the same value and one
 * increment is lost. The second counter lives on the last PE and is
 * protected by the second lock, whose queue lives elsewhere. */
static void exclusion(long *locks, long *counts)
{
    int last = npes - 1;
    for (int i = 0; i < K; i++) {
        long *lock = &locks[i % 2];
        int owner = i % 2 ? last : 0;
        if (i % 3 == 0) {
            while (shmem_test_lock(lock))
                sched_yield();
        } else {
            shmem_set_lock(lock);
        }
        long v = shmem_long_g(&counts[i % 2], owner);
        /* Give the core away inside the critical section: even when the PEs
         * share one core, another PE runs here, and without the lock it
         * would read the same value. */
        sched_yield();
        shmem_long_p(&counts[i % 2], v + 1, owner);
        shmem_clear_lock(lock);
    }
    shmem_barrier_all();
    if (me == 0)
        CHECK(counts[0] == (long)npes * (K / 2), "lock 0: count %ld, want %ld", counts[0],
              (long)npes * (K / 2));
    if (me == last)
        CHECK(counts[1] == (long)npes * (K / 2), "lock 1: count %ld, want %ld", counts[1],
              (long)npes * (K / 2));
}

/* PE 0 holds the lock: everyone else's test_lock fails. Then all PEs race
 * with test_lock: exactly one wins (counted on PE 0) and releases. */
static void test_lock(long *lock, int *winners)
{
    if (me == 0)
        CHECK(shmem_test_lock(lock) == 0, "test_lock of a free lock failed");
    shmem_barrier_all();
    if (me != 0)
        CHECK(shmem_test_lock(lock) == 1, "test_lock took a lock PE 0 holds");
    shmem_barrier_all();
    if (me == 0)
        shmem_clear_lock(lock);
    shmem_barrier_all();
    int won = shmem_test_lock(lock) == 0;
    if (won)
        shmem_int_atomic_inc(winners, 0);
    shmem_barrier_all();
    if (me == 0)
        CHECK(*winners == 1, "%d PEs won the test_lock race", *winners);
    if (won)
        shmem_clear_lock(lock);
    shmem_barrier_all();
}

int main(void)
{
    shmem_init();
    me = shmem_my_pe();
    npes = shmem_n_pes();
    long *locks = shmem_calloc(3, sizeof(long));
    long *counts = shmem_calloc(2, sizeof(long));
    int *winners = shmem_calloc(1, sizeof(int));
    CHECK(locks && counts && winners, "allocation");
    shmem_barrier_all();

    exclusion(locks, counts);
    test_lock(&locks[2], winners);
    /* Set and cleared again after the queue drained: reusable. */
    shmem_set_lock(&locks[2]);
    shmem_clear_lock(&locks[2]);
    shmem_barrier_all();
    for (int i = 0; i < 3; i++)
        CHECK(locks[i] == 0, "lock %d's word is %#lx after use, not 0", i, locks[i]);

    shmem_barrier_all();
    shmem_free(winners);
    shmem_free(counts);
    shmem_free(locks);
    shmem_finalize();
    return 0;
}
