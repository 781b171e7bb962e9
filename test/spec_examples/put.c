/* OpenSHMEM 1.5, shmem_put example (section 9.5.1): PE 0 writes a ten-element
 * array into the symmetric array of PE 1.
 * Prints, in PE order: "dest[0] on PE 0 is 0" and "dest[0] on PE 1 is 1"
 * (and, on PE 1, the whole received array "PE 1 dest: 1 2 3 4 5 6 7 8 9 10").
 */
#include <shmem.h>
#include <stdio.h>

int main(void)
{
    long local[10];
    for (int k = 0; k < 10; k++)
        local[k] = k + 1;
    static long recv_buf[10];

    shmem_init();
    int me = shmem_my_pe();
    int npes = shmem_n_pes();

    if (me == 0)
        shmem_put(recv_buf, local, 10, 1);
    shmem_barrier_all();

    for (int turn = 0; turn < npes; turn++) {
        if (turn == me) {
            printf("dest[0] on PE %d is %ld\n", me, recv_buf[0]);
            if (me == 1) {
                printf("PE 1 dest:");
                for (int k = 0; k < 10; k++)
                    printf(" %ld", recv_buf[k]);
                printf("\n");
            }
            fflush(stdout);
        }
        shmem_barrier_all();
    }
    shmem_finalize();
    return 0;
}
