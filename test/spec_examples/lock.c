/* OpenSHMEM 1.5, shmem_set_lock example: under a global lock each PE reads
 * a counter on PE 0, prints it and writes back the incremented value.
 * Prints "<pe>: count is <n>" once for each n in 0..npes-1, in lock order;
 * after a barrier PE 0 prints "final count is <npes>".
 */
#include <shmem.h>
#include <stdio.h>

int main(void)
{
    static long mutex = 0;
    static int counter = 0;
    shmem_init();
    int me = shmem_my_pe();
    int npes = shmem_n_pes();

    shmem_set_lock(&mutex);
    int seen = shmem_g(&counter, 0);
    printf("%d: count is %d\n", me, seen);
    fflush(stdout);
    shmem_p(&counter, seen + 1, 0);
    shmem_clear_lock(&mutex); /* completes the update before releasing */

    shmem_barrier_all();
    if (me == 0)
        printf("final count is %d (npes %d)\n", counter, npes);
    shmem_finalize();
    return 0;
}
