/* Misuse of the collectives, one scenario per run, named by argv[1]:
 * coll.cmake runs each through expect.sh, which checks that the job ends
 * with a message naming the call and the mistake. */
#include <string.h>

#include "check.h"

int main(int argc, char **argv)
{
    CHECK(argc == 2, "usage: %s SCENARIO", argv[0]);
    shmem_init();
    int npes = shmem_n_pes();
    long *psync = shmem_calloc(SHMEM_SYNC_SIZE, sizeof(long));
    int *a = shmem_calloc(64, sizeof(int));
    int priv[64] = {0};
    /* On the stack: the program's globals are symmetric (README). */
    long psync_storage[SHMEM_SYNC_SIZE] = {0};
    shmem_barrier_all();

    if (strcmp(argv[1], "bad_root") == 0)
        shmem_int_broadcast(SHMEM_TEAM_WORLD, a, a + 8, 4, npes);
    else if (strcmp(argv[1], "overlap") == 0)
        shmem_int_sum_reduce(SHMEM_TEAM_WORLD, a + 1, a, 8);
    else if (strcmp(argv[1], "private_dest") == 0)
        shmem_int_fcollect(SHMEM_TEAM_WORLD, priv, a, 1);
    else if (strcmp(argv[1], "bad_stride") == 0)
        shmem_int_alltoalls(SHMEM_TEAM_WORLD, a, a + 32, 0, 1, 1);
    else if (strcmp(argv[1], "outside_set") == 0)
        shmem_barrier(1, 0, npes - 1, psync); /* PE 0 is not in the set */
    else if (strcmp(argv[1], "bad_set") == 0)
        shmem_barrier(0, 1, npes, psync); /* runs past the last PE */
    else if (strcmp(argv[1], "private_psync") == 0)
        shmem_barrier(0, 0, npes, psync_storage);
    else if (strcmp(argv[1], "dirty_psync") == 0) {
        psync[1] = 7;
        shmem_barrier(0, 0, npes, psync);
    } else
        CHECK(0, "unknown scenario %s", argv[1]);

    shmem_finalize();
    return 0;
}
