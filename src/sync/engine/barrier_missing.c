/* Under SHMEM_DEBUG, a barrier that waits past SHMEM_BARRIER_TIMEOUT says
 * why instead of hanging silently: every member stores the sequence number
 * of each barrier it enters into its entry word, so the members whose word
 * is behind are the ones that never called this barrier. */
#include <stdio.h>

#include "init/error.h"
#include "barrier_engine.h"

/* Members named in full; more are counted. */
#define NAMED 16

_Noreturn void shmemi_barrier_report_missing(const char *call,
                                             const struct shmemi_barrier_desc *d,
                                             uint32_t e, double waited)
{
    char names[NAMED * 14 + 48];
    size_t len = 0;
    int missing = 0;
    for (int i = 0; i < d->size; i++) {
        uint32_t v = shmemi_barrier_peer_load(call, d, d->entered, i);
        if (shmemi_seq_reached(v, e) || missing++ >= NAMED)
            continue;
        len += (size_t)snprintf(names + len, sizeof names - len, "%s%d",
                                missing > 1 ? ", " : "", shmemi_barrier_member(d, i));
    }
    if (missing > NAMED)
        snprintf(names + len, sizeof names - len, " and %d more", missing - NAMED);
    if (missing)
        shmemi_fatal(call, "waited %.0f s in a barrier of a team of %d PEs (world "
                     "PEs from %d, stride %d), which world PE%s %s %s not entered: "
                     "every PE of the team must call it, and none may destroy the "
                     "team before the others are done with it (the OpenSHMEM "
                     "specification leaves a barrier of part of a team undefined; "
                     "SHMEM_BARRIER_TIMEOUT sets how long to wait before this report)",
                     waited, d->size, d->start, d->stride, missing > 1 ? "s" : "",
                     names, missing > 1 ? "have" : "has");
    shmemi_fatal(call, "waited %.0f s in a barrier of a team of %d PEs (world PEs "
                 "from %d, stride %d) that every member has entered, yet it does not "
                 "complete: a member destroyed the team while this PE still used "
                 "it; every member must call shmem_team_destroy, after its last "
                 "use of the team",
                 waited, d->size, d->start, d->stride);
}
