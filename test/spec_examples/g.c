/* OpenSHMEM 1.5, shmem_g example: PE 0 reads a symmetric long (10101) from
 * the last PE; every other PE keeps -1.
 * Prints, in PE order, "0: y = 10101" then "<pe>: y = -1" for the others.
 */
#include <shmem.h>
#include <stdio.h>

int main(void)
{
    long fetched = -1;
    static long remote_val = 10101;
    shmem_init();
    int me = shmem_my_pe();
    int npes = shmem_n_pes();

    if (me == 0)
        fetched = shmem_g(&remote_val, npes - 1);

    for (int turn = 0; turn < npes; turn++) {
        if (turn == me) {
            printf("%d: y = %ld\n", me, fetched);
            fflush(stdout);
        }
        shmem_barrier_all();
    }
    shmem_finalize();
    return 0;
}
