/* OpenSHMEM 1.5, shmem_iput example: PE 0 sends every other element of
 * {1..10} (source stride 2) into the first five contiguous elements of a
 * symmetric short array on PE 1.
 * Prints on PE 1: "dest on PE 1 is 1 3 5 7 9".
 */
#include <shmem.h>
#include <stdio.h>

int main(void)
{
    short values[10];
    for (int k = 0; k < 10; k++)
        values[k] = (short)(k + 1);
    static short landing[10];

    shmem_init();
    int me = shmem_my_pe();
    if (me == 0)
        shmem_iput(landing, values, 1, 2, 5, 1); /* dst stride 1, src stride 2 */
    shmem_barrier_all();

    if (me == 1)
        printf("dest on PE %d is %d %d %d %d %d\n", me, landing[0], landing[1],
               landing[2], landing[3], landing[4]);
    shmem_finalize();
    return 0;
}
