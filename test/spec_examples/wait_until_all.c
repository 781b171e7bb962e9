/* OpenSHMEM 1.5, shmem_wait_until_all example: every PE sets its own flag to
 * 1 on every PE, then waits until all flags are 1 (status NULL).
 * Each PE prints "PE <pe>: all <npes> flags set" (checked order-free). */
#include <shmem.h>
#include <stdio.h>

int main(void)
{
    shmem_init();
    int me = shmem_my_pe();
    int npes = shmem_n_pes();
    int *flag = shmem_calloc((size_t)npes, sizeof(int));

    for (int pe = 0; pe < npes; pe++)
        shmem_atomic_set(&flag[me], 1, pe);
    shmem_wait_until_all(flag, (size_t)npes, NULL, SHMEM_CMP_EQ, 1);

    printf("PE %d: all %d flags set\n", me, npes);
    shmem_free(flag);
    shmem_finalize();
    return 0;
}
