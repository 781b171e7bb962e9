/* The timed spin step of waits that report missing partners (spin.h). */
#include <time.h>

#include "spin.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

double shmemi_spin_step_timed(struct shmemi_spin_timer *t)
{
    shmemi_spin_step(&t->polls);
    return shmemi_spin_waited(t);
}

double shmemi_spin_waited(struct shmemi_spin_timer *t)
{
    /* The clock is read every 256 steps only, and not at all without
     * SHMEM_DEBUG. Steps, not polls: a step that serves a peer sets polls
     * back, so while other PEs keep this one busy a count of polls might
     * never reach a reading. */
    if (!shmemi_config.debug || !shmemi_config.barrier_timeout || ++t->steps % 256)
        return 0;
    double tn = now();
    if (t->since == 0) {
        t->since = tn;
        return 0;
    }
    double waited = tn - t->since;
    return waited >= (double)shmemi_config.barrier_timeout ? waited : 0;
}
