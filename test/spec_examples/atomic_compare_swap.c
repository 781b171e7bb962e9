/* OpenSHMEM 1.5, shmem_atomic_compare_swap example: all PEs race to replace
 * -1 on PE 0 with their PE number; exactly one wins.
 * Prints "pe <n> was first" once (PE 0 also reports the count of winners,
 * "winners: 1", and the recorded winner, to make the output checkable).
 */
#include <shmem.h>
#include <stdio.h>

int main(void)
{
    static int first_pe = -1;
    static int wins = 0;
    shmem_init();
    int me = shmem_my_pe();
    int prior = shmem_atomic_compare_swap(&first_pe, -1, me, 0);
    if (prior == -1) {
        printf("pe %d was first\n", me);
        fflush(stdout);
        shmem_atomic_inc(&wins, 0);
    }
    shmem_barrier_all();
    if (me == 0)
        printf("winners: %d, recorded winner %d\n", wins, first_pe);
    shmem_finalize();
    return 0;
}
