/* OpenSHMEM 1.5, shmem_p example: PE 0 stores the value of e into a
 * symmetric double on PE 1 that held pi; PE 1 checks it.
 * Prints on PE 1: "OK". */
#include <math.h>
#include <shmem.h>
#include <stdio.h>

static const double euler = 2.71828182;
static const double tolerance = 0.00000001;

int main(void)
{
    shmem_init();
    int me = shmem_my_pe();
    double *slot = shmem_malloc(sizeof *slot);
    *slot = 3.1415927;
    shmem_barrier_all();

    if (me == 0)
        shmem_p(slot, euler, 1);
    shmem_barrier_all();

    if (me == 1)
        puts(fabs(*slot - euler) < tolerance ? "OK" : "FAIL");

    shmem_free(slot);
    shmem_finalize();
    return 0;
}
