/* shmem_barrier_all and shmem_sync_all, thousands of times, with puts in
 * between: after the barrier every PE must see what every PE put before it. */
#include "check.h"

#define ROUNDS 1000

static int me, npes;

/* Round it writes it into slot [it % 2][me] of every PE (itself included);
 * two banks, because a PE that leaves the barrier early writes round it+1
 * while slower ones still read round it. It cannot get two rounds ahead:
 * that takes another barrier, which waits for the readers. */
static void rounds(long *seen, long first, int use_sync)
{
    for (long it = first; it < first + ROUNDS; it++) {
        long *bank = seen + (it % 2) * npes;
        for (int k = 0; k < npes; k++)
            shmem_long_p(&bank[me], it, (me + k) % npes);
        if (use_sync) {
            /* sync_all only synchronizes; the puts need quiet to land. */
            shmem_quiet();
            shmem_sync_all();
        } else {
            shmem_barrier_all();
        }
        for (int pe = 0; pe < npes; pe++)
            CHECK(bank[pe] == it, "%s round %ld: PE %d's put shows %ld",
                  use_sync ? "sync_all" : "barrier_all", it, pe, bank[pe]);
    }
}

int main(void)
{
    shmem_init();
    me = shmem_my_pe();
    npes = shmem_n_pes();
    long *seen = shmem_calloc(2 * (size_t)npes, sizeof(long));
    CHECK(seen != NULL, "calloc");

    /* The round numbers go on, so the two-bank argument holds across the
     * switch from one routine to the other. */
    rounds(seen, 1, 0);
    rounds(seen, 1 + ROUNDS, 1);

    shmem_free(seen);
    shmem_finalize();
    return 0;
}
