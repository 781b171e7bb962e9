/* Point-to-point routines given a comparison that is not a SHMEM_CMP_
 * constant, one routine per run, named by argv[1]: each must end the job
 * with a message naming the call, even where the set is empty and nothing
 * would be compared. The culprit is the last PE; the others wait in a
 * barrier, which the error must end too. */
#include <string.h>

#include "check.h"

int main(int argc, char **argv)
{
    CHECK(argc == 2, "usage: p2p_faults <routine>");
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    int *v = shmem_calloc(4, sizeof(int));
    uint64_t *sig = shmem_calloc(1, sizeof *sig);
    int status[4] = {1, 1, 1, 1}, cmps[4] = {0};
    size_t idx[4];
    const char *r = argv[1];
    CHECK(v && sig, "allocation");
    if (me == npes - 1) {
        if (!strcmp(r, "wait_until_any"))
            shmem_int_wait_until_any(v, 4, NULL, 42, 0);
        else if (!strcmp(r, "wait_until_all_empty"))
            shmem_int_wait_until_all(v, 4, status, -1, 0);
        else if (!strcmp(r, "wait_until_some_vector"))
            shmem_wait_until_some_vector(v, 4, idx, NULL, 42, cmps);
        else if (!strcmp(r, "test_any_empty"))
            shmem_test_any(v, 0, NULL, 6, 0);
        else if (!strcmp(r, "signal_wait_until"))
            shmem_signal_wait_until(sig, 42, 0);
        else
            CHECK(0, "unknown routine %s", r);
        CHECK(0, "%s returned", r);
    }
    shmem_barrier_all();
    shmem_finalize();
    return 0;
}
