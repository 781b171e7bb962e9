/* OpenSHMEM 1.5, shmem_ptr example: PE 0 obtains a local pointer to PE 1's
 * symmetric array and stores 1..4 through it with plain loads/stores.
 * Prints on PE 1 "PE 1 dest: 1, 2, 3, 4" (or, on PE 0, a message that PE 1
 * is not directly accessible).
 */
#include <shmem.h>
#include <stdio.h>

int main(void)
{
    static int shared_arr[4];
    shmem_init();
    int me = shmem_my_pe();
    if (me == 0) {
        int *direct = shmem_ptr(shared_arr, 1);
        if (direct == NULL)
            printf("can't use pointer to directly access PE 1's array\n");
        else
            for (int k = 0; k < 4; k++)
                direct[k] = k + 1;
    }
    shmem_barrier_all();
    if (me == 1)
        printf("PE 1 dest: %d, %d, %d, %d\n", shared_arr[0], shared_arr[1],
               shared_arr[2], shared_arr[3]);
    shmem_finalize();
    return 0;
}
