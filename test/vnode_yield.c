/* How often a waiting PE yields its core (src/sync/spin.h), counted, not
 * timed: PE 1 waits in shmem_long_wait_until for a flag that PE 0, on
 * another node, sets after half a second. This program defines
 * sched_yield and ucp_worker_progress itself, so the library's calls reach
 * its counters (the wait progresses UCX once or more on every poll).
 *   SHMEM_SPIN_COUNT=1 (the count where PEs outnumber the cores): about a
 *     yield per poll;
 *   any other count: once past it, one poll in 64. A yield on every poll
 *   there slowed a peer's transfers into this PE's memory (README, UCX
 *   1.16). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <sched.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "check.h"

/* The main thread's calls only: UCX may run threads of its own. */
static _Thread_local unsigned long yields, progresses;

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
    progresses++;
    return real(worker);
}

int main(void)
{
    shmem_init();
    int me = shmem_my_pe();
    CHECK(shmem_n_pes() == 2, "run with 2 PEs on nodes of 1 (SHMEM_VIRTUAL_NODES=1)");
    const char *env = getenv("SHMEM_SPIN_COUNT");
    unsigned long count = env ? strtoul(env, NULL, 0) : 0;
    CHECK(count > 0, "set SHMEM_SPIN_COUNT (1, or the count to spin before yielding)");
    long *flag = shmem_calloc(1, sizeof *flag);
    CHECK(flag && !shmem_ptr(flag, 1 - me),
          "PE %d reaches its peer by load/store: run with SHMEM_VIRTUAL_NODES=1", me);
    shmem_barrier_all();
    if (me == 0) {
        usleep(500000);
        shmem_long_p(flag, 1, 1);
        shmem_quiet();
    } else {
        yields = progresses = 0;
        shmem_long_wait_until(flag, SHMEM_CMP_EQ, 1);
        unsigned long y = yields, p = progresses;
        printf("PE 1: %lu yields, %lu UCX progress calls (SHMEM_SPIN_COUNT=%lu)\n", y, p,
               count);
        CHECK(p > 2 * (count + 64 * 16), "only %lu progress calls in half a second of "
              "waiting: too few polls to tell the policy", p);
        if (count == 1)
            CHECK(4 * y >= p, "%lu yields for %lu progress calls: a wait where PEs "
                  "outnumber the cores must yield on about every poll", y, p);
        else
            CHECK(y >= 1 && 32 * y <= p, "%lu yields for %lu progress calls: past "
                  "SHMEM_SPIN_COUNT a wait must yield on about one poll in 64", y, p);
    }
    shmem_barrier_all();
    shmem_free(flag);
    shmem_finalize();
    return 0;
}
