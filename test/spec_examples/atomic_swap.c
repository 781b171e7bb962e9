/* OpenSHMEM 1.5, shmem_atomic_swap example: every odd PE swaps its PE number
 * into the symmetric long (holding the owner's PE number) of the next PE.
 * With 2 PEs prints "1: dest = 1, swapped = 0".
 */
#include <shmem.h>
#include <stdio.h>

int main(void)
{
    static long cell;
    shmem_init();
    int me = shmem_my_pe();
    int npes = shmem_n_pes();
    cell = me;
    shmem_barrier_all();

    long mine = me;
    if (me & 1) {
        long got = shmem_atomic_swap(&cell, mine, (me + 1) % npes);
        printf("%d: dest = %ld, swapped = %ld\n", me, cell, got);
    }
    shmem_finalize();
    return 0;
}
