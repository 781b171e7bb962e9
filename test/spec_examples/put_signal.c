/* OpenSHMEM 1.5, shmem_put_signal example: a ring broadcast. PE 0 sends its
 * 2048-element message to PE 1 with put-with-signal; every other PE waits for
 * its signal and forwards its own message to the next PE; PE 0 finishes when
 * the signal from the last PE arrives.
 * PE 0 prints "BCAST with put with signal is complete"; each PE also checks
 * that the data came from its predecessor (exit 1 otherwise).
 */
#include <shmem.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    const size_t n = 2 << 10;
    static uint64_t signal_word = 0;
    shmem_init();
    int me = shmem_my_pe();
    int npes = shmem_n_pes();
    int next = (me + 1) % npes;
    uint64_t *msg = malloc(n * sizeof(uint64_t));
    uint64_t *inbox = shmem_malloc(n * sizeof(uint64_t));
    for (size_t k = 0; k < n; k++) {
        msg[k] = (uint64_t)me;
        inbox[k] = UINT64_MAX;
    }
    shmem_barrier_all();

    if (me != 0)
        shmem_signal_wait_until(&signal_word, SHMEM_CMP_EQ, 1);
    shmem_putmem_signal(inbox, msg, n * sizeof(uint64_t), &signal_word, 1,
                        SHMEM_SIGNAL_SET, next);
    if (me == 0) {
        shmem_signal_wait_until(&signal_word, SHMEM_CMP_EQ, 1);
        printf("BCAST with put with signal is complete\n");
    }
    uint64_t prev = (uint64_t)((me + npes - 1) % npes);
    for (size_t k = 0; k < n; k++)
        if (inbox[k] != prev)
            shmem_global_exit(1);

    shmem_barrier_all();
    free(msg);
    shmem_free(inbox);
    shmem_finalize();
    return 0;
}
