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
    /* The clock is read every 256 polls only, and not at all without
     * SHMEM_DEBUG. */
    if (!shmemi_config.debug || !shmemi_config.barrier_timeout || t->polls % 256)
        return 0;
    double tn = now();
    if (t->since == 0) {
        t->since = tn;
        return 0;
    }
    double waited = tn - t->since;
    return waited >= (double)shmemi_config.barrier_timeout ? waited : 0;
}
