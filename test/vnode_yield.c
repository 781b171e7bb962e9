/* How often a waiting PE yields its core (src/sync/engine/spin.h), counted, not
 * timed: PE 1 waits in shmem_long_wait_until for a word of its own heap,
 * with PE 0 on another node, so that every poll of the wait progresses UCX
 * (twice: the PE's worker and the one that serves peers' contexts). This
 * program defines sched_yield and ucp_worker_progress itself, so the
 * library's calls reach its counters, and the progress counter sets the
 * word after a fixed number of calls: the test needs no clock, and a
 * loaded machine only makes it slower.
 *   SHMEM_SPIN_COUNT=1 (the count where PEs outnumber the cores): a yield
 *     on every poll;
 *   any other count: past it, one poll in SHMEM_SPIN_YIELD (rounded up to
 *     a power of two); unset, one in 4096, or in 64 where the program asks
 *     for SHMEM_THREAD_MULTIPLE (YIELD_TEST_MULTIPLE=1 here). Yields slow a
 *     peer's transfers into this PE's memory
 *     (bench/results/2026-11-26-ucx-1.16-vs-oshmem.md). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <sched.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "check.h"

/* The main thread's calls only: UCX may run threads of its own. */
static _Thread_local unsigned long yields, progresses;
/* Set while PE 1 waits: the word it waits for, and the call that sets it. */
static _Thread_local long *wake;
static _Thread_local unsigned long wake_at;

int sched_yield(void)
{
    yields++;
    return (int)syscall(SYS_sched_yield);
}

unsigned ucp_worker_progress(void *worker)
{
    static unsigned (*real)(void *);
    if (!real)
        real = (unsigned (*)(void *))dlsym(RTLD_NEXT, "ucp_worker_progress");
    if (++progresses == wake_at && wake)
        __atomic_store_n(wake, 1, __ATOMIC_RELEASE);
    return real(worker);
}

static unsigned long env_ul(const char *name)
{
    const char *v = getenv(name);
    return v ? strtoul(v, NULL, 0) : 0;
}

/* Polls between yields past the spin count, as the library should choose. */
static unsigned long expected_cadence(unsigned long count, int multiple)
{
    if (count == 1)
        return 1;
    unsigned long every = env_ul("SHMEM_SPIN_YIELD"), p = 1;
    if (!every)
        every = multiple ? 64 : 4096;
    while (p < every)
        p <<= 1;
    return p;
}

int main(void)
{
    int multiple = env_ul("YIELD_TEST_MULTIPLE") != 0, provided;
    shmem_init_thread(multiple ? SHMEM_THREAD_MULTIPLE : SHMEM_THREAD_SINGLE, &provided);
    int me = shmem_my_pe();
    CHECK(shmem_n_pes() == 2, "run with 2 PEs on nodes of 1 (SHMEM_VIRTUAL_NODES=1)");
    CHECK(!multiple || provided == SHMEM_THREAD_MULTIPLE, "SHMEM_THREAD_MULTIPLE not provided");
    unsigned long count = env_ul("SHMEM_SPIN_COUNT");
    CHECK(count > 0, "set SHMEM_SPIN_COUNT (1, or the count to spin before yielding)");
    unsigned long every = expected_cadence(count, multiple);
    long *flag = shmem_calloc(1, sizeof *flag);
    CHECK(flag && !shmem_ptr(flag, 1 - me),
          "PE %d reaches its peer by load/store: run with SHMEM_VIRTUAL_NODES=1", me);
    /* Endpoints are made on first use: their wireup messages are over
     * after these, and PE 0 sends nothing while PE 1 waits (a message
     * served would start the wait's count of polls again). */
    for (int i = 0; i < 3; i++)
        shmem_barrier_all();
    if (me == 1) {
        /* Polls past the spin count: 1024 (about 1024 yields) at a count
         * of 1, 8 cadences (about 8 yields) at any other. */
        unsigned long polls = count + (count == 1 ? 1024 : 8 * every);
        yields = progresses = 0;
        wake = flag;
        wake_at = 2 * polls;
        shmem_long_wait_until(flag, SHMEM_CMP_EQ, 1);
        wake = NULL;
        unsigned long y = yields, p = progresses;
        printf("PE 1: %lu yields, %lu UCX progress calls (SHMEM_SPIN_COUNT=%lu, one poll "
               "in %lu expected to yield)\n", y, p, count, every);
        CHECK(p >= wake_at, "the wait ended after %lu progress calls, before the word "
              "was set at %lu", p, wake_at);
        if (count == 1)
            CHECK(4 * y >= p, "%lu yields for %lu progress calls: a wait where PEs "
                  "outnumber the cores must yield on every poll", y, p);
        else
            CHECK(y >= 6 && y <= 10, "%lu yields in the %lu polls past SHMEM_SPIN_COUNT: "
                  "a wait must yield on one poll in %lu there", y, 8 * every, every);
        shmem_long_p(flag, 1, 0);
        shmem_quiet();
    } else {
        shmem_long_wait_until(flag, SHMEM_CMP_EQ, 1);
    }
    shmem_barrier_all();
    shmem_free(flag);
    shmem_finalize();
    return 0;
}
