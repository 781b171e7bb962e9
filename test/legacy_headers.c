/* Programs from Cray-derived suites include the API as <mpp/shmem.h> and
 * <mpp/shmemx.h>: both must give the same declarations as <shmem.h> and
 * <shmemx.h>. */
#include <mpp/shmem.h>
#include <mpp/shmemx.h>

#include "check.h"

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    int *from_left = shmem_malloc(sizeof(int));
    CHECK(from_left, "shmem_malloc");
    shmem_int_p(from_left, me, (me + 1) % n);
    shmem_barrier_all();
    CHECK(*from_left == (me + n - 1) % n, "received %d", *from_left);
    /* A name only <shmemx.h> declares. */
    CHECK(shmem_team_n_pes(SHMEMX_TEAM_NODE) == shmem_team_n_pes(SHMEM_TEAM_SHARED),
          "SHMEMX_TEAM_NODE has %d PEs", shmem_team_n_pes(SHMEMX_TEAM_NODE));
    shmem_free(from_left);
    shmem_finalize();
    return 0;
}
