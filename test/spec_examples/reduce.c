/* OpenSHMEM 1.5, shmem_reduce example: each PE fills 32 values in [0, npes),
 * flags the maximal ones (npes-1), and the team OR-reduces the flags and
 * SUM-reduces the counts. The spec draws the values from rand(); here they
 * come from a fixed formula, v[i] = (3*i + 5*pe) % npes, so the output is
 * known. At 4 PEs PE 0 prints:
 *   "Found 32 maximal random numbers across all PEs."
 *   "A maximal number occured (at least once) at the following indices:"
 *   "0 1 2 ... 31"
 */
#include <shmem.h>
#include <stdio.h>

#define NVALS 32

int main(void)
{
    static int n_max_local = 0;
    static int n_max_total;
    shmem_init();
    int me = shmem_my_pe();
    int npes = shmem_n_pes();
    unsigned char *is_max = shmem_malloc(NVALS);
    unsigned char *any_max = shmem_malloc(NVALS);

    for (int i = 0; i < NVALS; i++) {
        int v = (3 * i + 5 * me) % npes;
        is_max[i] = (v == npes - 1);
        n_max_local += is_max[i];
    }
    shmem_sync(SHMEM_TEAM_WORLD);
    shmem_or_reduce(SHMEM_TEAM_WORLD, any_max, is_max, NVALS);
    shmem_sum_reduce(SHMEM_TEAM_WORLD, &n_max_total, &n_max_local, 1);

    if (me == 0) {
        printf("Found %d maximal random numbers across all PEs.\n", n_max_total);
        printf("A maximal number occured (at least once) at the following indices:\n");
        for (int i = 0; i < NVALS; i++)
            if (any_max[i] == 1)
                printf("%d ", i);
        printf("\n");
    }
    shmem_free(is_max);
    shmem_free(any_max);
    shmem_finalize();
    return 0;
}
