/* OpenSHMEM 1.5, shmem_test_any example: every PE sets its own flag to 1 on
 * every PE, then polls with shmem_test_any until it has seen all npes flags.
 * PE 0 prints "test_any: every PE observed <npes> flags".
 */
#include <shmem.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static int done_count;

int main(void)
{
    shmem_init();
    int me = shmem_my_pe();
    int npes = shmem_n_pes();
    int *flag = shmem_calloc((size_t)npes, sizeof(int));
    int *seen = calloc((size_t)npes, sizeof(int));

    for (int pe = 0; pe < npes; pe++)
        shmem_atomic_set(&flag[me], 1, pe);

    int observed = 0;
    while (observed < npes) {
        size_t idx = shmem_test_any(flag, (size_t)npes, seen, SHMEM_CMP_EQ, 1);
        if (idx != SIZE_MAX) {
            seen[idx] = 1;
            observed++;
        }
    }
    shmem_atomic_add(&done_count, observed == npes, 0);
    shmem_barrier_all();
    if (me == 0 && done_count == npes)
        printf("test_any: every PE observed %d flags\n", npes);
    free(seen);
    shmem_free(flag);
    shmem_finalize();
    return 0;
}
