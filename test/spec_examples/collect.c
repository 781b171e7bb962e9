/* OpenSHMEM 1.5, shmem_collect example: PE i contributes i+1 copies of its
 * number; the concatenation (in PE order) lands on every PE.
 * At 4 PEs each PE prints "<pe>: 0 1 1 2 2 2 3 3 3 3" (PE order). */
#include <shmem.h>
#include <stdio.h>

int main(void)
{
    shmem_init();
    int me = shmem_my_pe();
    int npes = shmem_n_pes();
    size_t total = (size_t)npes * (npes + 1) / 2;
    int *mine = shmem_malloc((size_t)npes * sizeof(int));
    int *all = shmem_malloc(total * sizeof(int));
    for (int k = 0; k <= me; k++)
        mine[k] = me;

    shmem_collect(SHMEM_TEAM_WORLD, all, mine, (size_t)me + 1);

    for (int turn = 0; turn < npes; turn++) {
        if (turn == me) {
            printf("%d:", me);
            for (size_t k = 0; k < total; k++)
                printf(" %d", all[k]);
            printf("\n");
            fflush(stdout);
        }
        shmem_barrier_all();
    }
    shmem_free(mine);
    shmem_free(all);
    shmem_finalize();
    return 0;
}
