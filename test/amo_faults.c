/* Misuse of AMOs, signals and locks, one scenario per run, named by
 * argv[1]: each must end the job with a message that says what is wrong.
 * The culprit is the last PE; the others wait in a barrier. */
#include <string.h>

#include "check.h"

int main(int argc, char **argv)
{
    CHECK(argc == 2, "usage: amo_faults <scenario>");
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    long *w = shmem_calloc(4, sizeof(long));
    uint64_t *sig = shmem_calloc(1, sizeof *sig);
    const char *s = argv[1];
    CHECK(w && sig, "allocation");
    shmem_barrier_all();
    if (me == npes - 1) {
        if (!strcmp(s, "misaligned"))
            shmem_long_atomic_add((long *)((char *)w + 4), 1, 0);
        else if (!strcmp(s, "private_target"))
            shmem_int_atomic_fetch_inc(&me, 0);
        else if (!strcmp(s, "sig_op"))
            shmem_long_put_signal(w, w, 1, sig, 1, 7, 0);
        else if (!strcmp(s, "clear_unset_lock"))
            shmem_clear_lock(&w[0]);
        else if (!strcmp(s, "set_lock_twice")) {
            shmem_set_lock(&w[1]);
            shmem_set_lock(&w[1]);
        } else
            CHECK(0, "unknown scenario %s", s);
        CHECK(0, "%s returned", s);
    }
    shmem_barrier_all();
    shmem_finalize();
    return 0;
}
