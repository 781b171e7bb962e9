/* OpenSHMEM 1.5, shmem_set_lock example: under a global lock each PE reads
 * a counter on PE 0, prints it and writes back the incremented value.
 * Prints "<pe>: count is <n>" once for each n in 0..npes-1, in lock order;
 * after a barrier PE 0 prints "final count is <npes>".
 * The spec keeps the symmetric data in static/global variables; this runtime
 * accepts only symmetric-heap memory (README), so it comes from shmem_malloc.
 */
#include <shmem.h>
#include <stdio.h>

static long *mutex;
static int *counter;

int main(void)
{
    shmem_init();
    mutex = shmem_calloc(1, sizeof(long));
    counter = shmem_calloc(1, sizeof(int));
    int me = shmem_my_pe();
    int npes = shmem_n_pes();

    shmem_set_lock(mutex);
    int seen = shmem_g(counter, 0);
    printf("%d: count is %d\n", me, seen);
    fflush(stdout);
    shmem_p(counter, seen + 1, 0);
    shmem_clear_lock(mutex); /* completes the update before releasing */

    shmem_barrier_all();
    if (me == 0)
        printf("final count is %d (npes %d)\n", (*counter), npes);
    shmem_finalize();
    return 0;
}
