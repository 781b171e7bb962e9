/* OpenSHMEM 1.5, shmem_wait_until_any_vector example: even PEs write 1 and
 * odd PEs write 2 into their slot on every PE; each PE waits for the slots
 * one at a time against a per-slot comparison vector and sums them; the sum
 * must be npes + npes/2.
 * PE 0 prints "total_sum = 6" at 4 PEs; any mismatch exits with status 1. */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int sum = 0;
    shmem_init();
    int me = shmem_my_pe();
    int npes = shmem_n_pes();
    int *slot = shmem_calloc((size_t)npes, sizeof(int));
    int *done = calloc((size_t)npes, sizeof(int));
    int *expect = malloc((size_t)npes * sizeof(int));

    for (int pe = 0; pe < npes; pe++) {
        shmem_atomic_set(&slot[me], me % 2 + 1, pe);
        expect[pe] = pe % 2 + 1;
    }
    for (int round = 0; round < npes; round++) {
        size_t idx = shmem_wait_until_any_vector(slot, (size_t)npes, done,
                                                 SHMEM_CMP_EQ, expect);
        done[idx] = 1;
        sum += slot[idx];
    }
    if (sum != npes + npes / 2)
        shmem_global_exit(1);
    shmem_barrier_all();
    if (me == 0)
        printf("total_sum = %d\n", sum);
    free(expect);
    free(done);
    shmem_free(slot);
    shmem_finalize();
    return 0;
}
