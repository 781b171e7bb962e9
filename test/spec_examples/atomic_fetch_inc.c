/* OpenSHMEM 1.5, shmem_atomic_fetch_inc example: PE 0 increments the
 * symmetric int (22) of PE 1 and fetches its previous value.
 * Prints "0: old = 22, dst = 22" and "1: old = -1, dst = 23" (PE order).
 */
#include <shmem.h>
#include <stdio.h>

int ticket;

int main(void)
{
    int before = -1;
    shmem_init();
    ticket = 22;
    shmem_barrier_all();
    int me = shmem_my_pe();
    int npes = shmem_n_pes();

    if (me == 0)
        before = shmem_atomic_fetch_inc(&ticket, 1);
    shmem_barrier_all();

    for (int turn = 0; turn < npes; turn++) {
        if (turn == me) {
            printf("%d: old = %d, dst = %d\n", me, before, ticket);
            fflush(stdout);
        }
        shmem_barrier_all();
    }
    shmem_finalize();
    return 0;
}
