/* Barriers that cannot complete, one scenario per argument, run with
 * SHMEM_DEBUG=1 and a short SHMEM_BARRIER_TIMEOUT: each must end the job
 * with a message naming the PEs that never entered, not hang.
 *   plain          init, a barrier, finalize (for configuration errors)
 *   partial_world  the last PE skips a shmem_barrier_all
 *   partial_team   the last PE of a split team skips its shmem_team_sync
 *   partial_reduce the last PE skips a reduction over the world
 *   destroyed      PE 0 destroys a team that the others go on using */
#include <string.h>
#include <unistd.h>

#include "check.h"

/* Long enough for the others to time out and end the job. */
static void stay_away(void) { sleep(60); }

int main(int argc, char **argv)
{
    const char *what = argc > 1 ? argv[1] : "plain";
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    int last = me == n - 1;
    if (strcmp(what, "partial_world") == 0) {
        if (last)
            stay_away();
        shmem_barrier_all();
    } else if (strcmp(what, "partial_team") == 0) {
        shmem_team_t t;
        CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, n, NULL, 0, &t) == 0, "split");
        if (last)
            stay_away();
        shmem_team_sync(t);
    } else if (strcmp(what, "partial_reduce") == 0) {
        int *v = shmem_calloc(2, sizeof(int));
        if (last)
            stay_away();
        shmem_int_sum_reduce(SHMEM_TEAM_WORLD, &v[1], &v[0], 1);
    } else if (strcmp(what, "destroyed") == 0) {
        shmem_team_t t;
        CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, n, NULL, 0, &t) == 0, "split");
        /* PE 0's destroy meets the others' first sync; their second waits
         * for a PE that has left the team. */
        if (me == 0) {
            shmem_team_destroy(t);
        } else {
            shmem_team_sync(t);
            shmem_team_sync(t);
        }
        stay_away();
    } else {
        shmem_barrier_all();
    }
    shmem_finalize();
    return 0;
}
