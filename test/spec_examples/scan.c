/* OpenSHMEM 1.6, shmem_sum_exscan example: a "collect at one PE" helper
 * finds each PE's byte offset with an exclusive sum scan of the sizes and
 * puts its contribution there on the root. Here PE i contributes i+1 ints
 * equal to i, gathered on PE 0, which prints, at 4 PEs,
 * "collected: 0 1 1 2 2 2 3 3 3 3". */
#include <shmem.h>
#include <stdint.h>
#include <stdio.h>

static int gather_at(shmem_team_t team, void *dest, const void *src, size_t nbytes, int root)
{
    /* the spec uses a static size_t; this runtime needs symmetric-heap memory */
    size_t *offset = shmem_malloc(sizeof *offset);
    *offset = nbytes;
    shmem_team_sync(team);
    int rc = shmem_sum_exscan(team, offset, offset, 1);
    shmem_putmem((char *)dest + *offset, src, nbytes, root);
    shmem_quiet();
    shmem_team_sync(team);
    shmem_free(offset);
    return rc;
}

int main(void)
{
    shmem_init();
    int me = shmem_my_pe();
    int npes = shmem_n_pes();
    size_t total = (size_t)npes * (npes + 1) / 2;
    int *all = shmem_calloc(total, sizeof(int));
    int mine[64];
    for (int k = 0; k <= me; k++)
        mine[k] = me;

    if (gather_at(SHMEM_TEAM_WORLD, all, mine, (size_t)(me + 1) * sizeof(int), 0) != 0)
        shmem_global_exit(1);

    if (me == 0) {
        printf("collected:");
        for (size_t k = 0; k < total; k++)
            printf(" %d", all[k]);
        printf("\n");
    }
    shmem_free(all);
    shmem_finalize();
    return 0;
}
