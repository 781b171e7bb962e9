/* OpenSHMEM 1.5, shmem_atomic_add example: PE 1 atomically adds 44 to the
 * symmetric int (22) of PE 0.
 * Prints "0: dst = 66" and "1: dst = 22" (PE order).
 */
#include <shmem.h>
#include <stdio.h>

int main(void)
{
    static int total;
    shmem_init();
    total = 22;
    shmem_barrier_all();
    int me = shmem_my_pe();
    int npes = shmem_n_pes();

    if (me == 1)
        shmem_atomic_add(&total, 44, 0);
    shmem_barrier_all();

    for (int turn = 0; turn < npes; turn++) {
        if (turn == me) {
            printf("%d: dst = %d\n", me, total);
            fflush(stdout);
        }
        shmem_barrier_all();
    }
    shmem_finalize();
    return 0;
}
