/* OpenSHMEM 1.5, shmem_atomic_fetch_add example: PE 1 adds 44 to PE 0's
 * symmetric int (initially 22) and fetches the old value.
 * Prints "0: old = -1, dst = 66" and "1: old = 22, dst = 22" (PE order).
 */
#include <shmem.h>
#include <stdio.h>

int main(void)
{
    int previous = -1;
    static int counter = 22;
    shmem_init();
    int me = shmem_my_pe();
    int npes = shmem_n_pes();

    if (me == 1)
        previous = shmem_atomic_fetch_add(&counter, 44, 0);
    shmem_barrier_all();

    for (int turn = 0; turn < npes; turn++) {
        if (turn == me) {
            printf("%d: old = %d, dst = %d\n", me, previous, counter);
            fflush(stdout);
        }
        shmem_barrier_all();
    }
    shmem_finalize();
    return 0;
}
