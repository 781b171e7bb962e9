/* The second executable of statics_edges' mpmd scenario: another layout of
 * global variables (a larger .bss), the same calls on heap memory. */
#include "check.h"

char other[1 << 20]; /* global: kept, whatever the optimiser sees */

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    int *shared = shmem_malloc(sizeof(int));
    *shared = me;
    other[me] = 1;
    shmem_barrier_all();
    CHECK(shmem_int_g(shared, n - 1) == n - 1, "heap memory between two executables");
    shmem_barrier_all();
    /* PE 0's put to a global of this PE ends the job here. */
    shmem_barrier_all();
    shmem_finalize();
    return 0;
}
