/* Which PEs share a node, as the tests expect it: they run on one host,
 * which SHMEM_VIRTUAL_NODES=k splits into nodes of k PEs (PE / k). Tests
 * of load/store access (shmem_ptr, shmem_team_ptr, SHMEM_TEAM_SHARED) ask
 * here what the runtime should give, instead of asking the runtime. */
#ifndef TEST_NODES_H
#define TEST_NODES_H

#include <stdlib.h>

#include <shmem.h>

/* PEs per node; 0 when the host is one node. */
static inline int nodes_per_node(void)
{
    const char *v = getenv("SHMEM_VIRTUAL_NODES");
    return v ? atoi(v) : 0;
}

/* Whether world PEs a and b share a node (and so memory). */
static inline int nodes_same(int a, int b)
{
    int k = nodes_per_node();
    return k <= 0 || a / k == b / k;
}

/* The world PEs of this PE's node, in order, into pes; returns how many. */
static inline int nodes_mine(int *pes)
{
    int me = shmem_my_pe(), n = shmem_n_pes(), size = 0;
    for (int p = 0; p < n; p++)
        if (nodes_same(p, me))
            pes[size++] = p;
    return size;
}

#endif
