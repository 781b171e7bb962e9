/* OpenSHMEM 1.5, shmem_barrier_all example: PE 0 stores 4 into PE 1's
 * symmetric x (10101); after the barrier every PE prints x.
 * Prints "0: x = 10101" and "1: x = 4" (PE order).
 */
#include <shmem.h>
#include <stdio.h>

int main(void)
{
    static int x = 10101;
    shmem_init();
    int me = shmem_my_pe();
    int npes = shmem_n_pes();
    if (me == 0)
        shmem_p(&x, 4, 1);
    shmem_barrier_all();

    for (int turn = 0; turn < npes; turn++) {
        if (turn == me) {
            printf("%d: x = %d\n", me, x);
            fflush(stdout);
        }
        shmem_barrier_all();
    }
    shmem_finalize();
    return 0;
}
