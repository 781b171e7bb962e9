/* OpenSHMEM 1.5, shmem_test_some example: every PE but 0 stores its PE number
 * into slot [pe] of PE 0's symmetric array; PE 0 counts the puts it observes
 * with shmem_test_some. The spec prints one test_some's count, which depends
 * on timing; here PE 0 keeps testing until all have arrived, then prints
 * "PE 0 observed <npes-1> puts" (3 at 4 PEs). */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    shmem_init();
    int me = shmem_my_pe();
    int npes = shmem_n_pes();
    int *slots = shmem_calloc((size_t)npes, sizeof(int));
    int *skip = calloc((size_t)npes, sizeof(int));
    size_t *hits = malloc((size_t)npes * sizeof(size_t));

    if (me == 0) {
        size_t total = 0;
        skip[0] = 1; /* nobody writes PE 0's own slot */
        while (total < (size_t)npes - 1) {
            size_t n = shmem_test_some(slots, (size_t)npes, hits, skip, SHMEM_CMP_NE, 0);
            for (size_t k = 0; k < n; k++)
                skip[hits[k]] = 1;
            total += n;
        }
        printf("PE 0 observed %zu puts\n", total);
    } else {
        shmem_p(&slots[me], me, 0);
    }
    shmem_barrier_all();
    free(hits);
    free(skip);
    shmem_free(slots);
    shmem_finalize();
    return 0;
}
