/* Misuse of ibput/ibget, one scenario per run (named by argv[1]): each must
 * end the job with a message naming the call and the bad argument. */
#include <string.h>

#include "check.h"

int main(int argc, char **argv)
{
    CHECK(argc == 2, "usage: rma_blocked_faults <scenario>");
    shmem_init();
    int npes = shmem_n_pes(), right = (shmem_my_pe() + 1) % npes;
    /* 64 bytes: exactly 8 elements of 64 bits. */
    char *heap = shmem_malloc(64);
    CHECK(heap, "allocation");
    char loc[256];
    memset(loc, 0, sizeof loc);
    const char *s = argv[1];
    if (strcmp(s, "ibput_overlap") == 0)
        shmem_int_ibput((int *)heap, (int *)loc, 2, 3, 3, 2, right);
    else if (strcmp(s, "ibget_overlap") == 0)
        shmem_ctx_ibget32(SHMEM_CTX_DEFAULT, loc, heap, 2, 1, 2, 2, right);
    else if (strcmp(s, "ibput_private") == 0)
        shmem_ibput64(loc, heap, 4, 1, 1, 3, right);
    else if (strcmp(s, "ibget_bad_pe") == 0)
        shmem_double_ibget((double *)loc, (double *)heap, 1, 1, 1, 1, npes);
    else
        CHECK(0, "unknown scenario %s", s);
    shmem_barrier_all();
    shmem_free(heap);
    shmem_finalize();
    return 0;
}
