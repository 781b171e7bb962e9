/* OpenSHMEM 1.5, shmem_atomic_inc example: PE 0 increments the symmetric
 * int (74) of PE 1.
 * Prints "0: dst = 74" and "1: dst = 75" (PE order).
 */
#include <shmem.h>
#include <stdio.h>

int tally;

int main(void)
{
    shmem_init();
    tally = 74;
    shmem_barrier_all();
    int me = shmem_my_pe();
    int npes = shmem_n_pes();

    if (me == 0)
        shmem_atomic_inc(&tally, 1);
    shmem_barrier_all();

    for (int turn = 0; turn < npes; turn++) {
        if (turn == me) {
            printf("%d: dst = %d\n", me, tally);
            fflush(stdout);
        }
        shmem_barrier_all();
    }
    shmem_finalize();
    return 0;
}
