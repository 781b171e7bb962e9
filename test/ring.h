/* The ring most tests pass data around: this PE, the number of PEs and the
 * neighbours on either side, set by ring_start after shmem_init. */
#ifndef TEST_RING_H
#define TEST_RING_H

#include <shmem.h>

static int me, npes, right, left;

static inline void ring_start(void)
{
    shmem_init();
    me = shmem_my_pe();
    npes = shmem_n_pes();
    right = (me + 1) % npes;
    left = (me + npes - 1) % npes;
}

#endif
