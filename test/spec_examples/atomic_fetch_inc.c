/* OpenSHMEM 1.5, shmem_atomic_fetch_inc example: PE 0 increments the
 * symmetric int (22) of PE 1 and fetches its previous value.
 * Prints "0: old = 22, dst = 22" and "1: old = -1, dst = 23" (PE order).
 * The spec keeps the symmetric data in static/global variables; this runtime
 * accepts only symmetric-heap memory (README), so it comes from shmem_malloc.
 */
#include <shmem.h>
#include <stdio.h>

static int *ticket;

int main(void)
{
    int before = -1;
    shmem_init();
    ticket = shmem_malloc(sizeof(int));
    *ticket = 22;
    shmem_barrier_all();
    int me = shmem_my_pe();
    int npes = shmem_n_pes();

    if (me == 0)
        before = shmem_atomic_fetch_inc(ticket, 1);
    shmem_barrier_all();

    for (int turn = 0; turn < npes; turn++) {
        if (turn == me) {
            printf("%d: old = %d, dst = %d\n", me, before, (*ticket));
            fflush(stdout);
        }
        shmem_barrier_all();
    }
    shmem_finalize();
    return 0;
}
