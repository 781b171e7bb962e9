/* shmem_ptr and the accessibility queries: a PE of the node is reachable by
 * load/store through the peer window, any other PE is not (yet). */
#include <shmem.h>

#include "rma.h"

int shmem_pe_accessible(int pe)
{
    shmemi_require_init(__func__);
    return pe >= 0 && pe < shmemi_state.n_pes && shmemi_state.local_index[pe] >= 0;
}

int shmem_addr_accessible(const void *addr, int pe)
{
    return shmem_pe_accessible(pe) && shmemi_heap_contains(addr, 1);
}

void *shmem_ptr(const void *dest, int pe)
{
    if (!shmem_addr_accessible(dest, pe))
        return NULL;
    return shmemi_heap_at(dest, shmemi_state.local_index[pe]);
}
