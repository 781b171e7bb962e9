/* The deprecated active-set barrier and sync. shmem_sync need not complete
 * this PE's puts, but may, so both are the one barrier that does. */
#include "coll.h"

void shmem_barrier(int PE_start, int logPE_stride, int PE_size, long *pSync)
{
    struct shmemi_coll c;
    shmemi_coll_active_set(&c, __func__, PE_start, logPE_stride, PE_size, pSync);
    shmemi_coll_barrier(&c);
}

/* Parenthesised: in C11 shmem_sync is also a macro that picks this routine
 * or shmem_team_sync by the number of arguments. */
void (shmem_sync)(int PE_start, int logPE_stride, int PE_size, long *pSync)
{
    struct shmemi_coll c;
    shmemi_coll_active_set(&c, "shmem_sync", PE_start, logPE_stride, PE_size, pSync);
    shmemi_coll_barrier(&c);
}
