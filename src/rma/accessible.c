/* shmem_ptr, shmem_team_ptr and the accessibility queries: every PE is reachable by the
 * RMA and AMO routines (those of other nodes through the transport), but
 * only a PE of this node by load/store through the peer window. */
#include <shmem.h>

#include "rma.h"
#include "team/team.h"

static int pe_accessible(const char *call, int pe)
{
    shmemi_require_init(call);
    return pe >= 0 && pe < shmemi_state.n_pes;
}

/* A global variable is accessible on the PEs that run the same executable. */
static int addr_accessible(const char *call, const void *addr, int pe)
{
    if (!pe_accessible(call, pe))
        return 0;
    return shmemi_heap_contains(addr, 1) || shmemi_statics_reaches(addr, 1, pe);
}

void *shmemi_ptr(const char *call, const void *dest, int pe)
{
    if (!addr_accessible(call, dest, pe) || shmemi_state.local_index[pe] < 0)
        return NULL;
    if (shmemi_heap_contains(dest, 1))
        return shmemi_heap_at(dest, shmemi_state.local_index[pe]);
    return shmemi_statics_at(dest, shmemi_state.local_index[pe]);
}

int shmem_pe_accessible(int pe) { return pe_accessible(__func__, pe); }

int shmem_addr_accessible(const void *addr, int pe)
{
    return addr_accessible(__func__, addr, pe);
}

void *shmem_ptr(const void *dest, int pe) { return shmemi_ptr(__func__, dest, pe); }

void *shmem_team_ptr(shmem_team_t team, const void *dest, int pe)
{
    shmemi_require_init(__func__);
    struct shmemi_team *t = shmemi_team_get(__func__, team);
    if (!t || pe < 0 || pe >= t->size)
        return NULL;
    return shmemi_ptr(__func__, dest, shmemi_team_pe(t, pe));
}
