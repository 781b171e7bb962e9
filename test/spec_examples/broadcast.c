/* OpenSHMEM 1.5, shmem_broadcast example: PE 0 broadcasts {1, 2, 3, 4} to
 * every PE of SHMEM_TEAM_WORLD (the root's dest receives it as well).
 * Prints, in PE order, "<pe>: 1, 2, 3, 4" on every PE. */
#include <shmem.h>
#include <stdio.h>

int main(void)
{
    shmem_init();
    int me = shmem_my_pe();
    int npes = shmem_n_pes();
    long *from = shmem_malloc(4 * sizeof(long));
    long *to = shmem_malloc(4 * sizeof(long));
    for (int k = 0; k < 4; k++) {
        from[k] = (me == 0) ? k + 1 : -1;
        to[k] = -1;
    }
    shmem_broadcast(SHMEM_TEAM_WORLD, to, from, 4, 0);

    for (int turn = 0; turn < npes; turn++) {
        if (turn == me) {
            printf("%d: %ld, %ld, %ld, %ld\n", me, to[0], to[1], to[2], to[3]);
            fflush(stdout);
        }
        shmem_barrier_all();
    }
    shmem_free(from);
    shmem_free(to);
    shmem_finalize();
    return 0;
}
