/* The state of this PE's runtime, shared by every layer: the bottom of the
 * library, which every file may include (runtime.c defines it; lifecycle/
 * starts and stops the layers that fill it). */
#ifndef SHMEMI_RUNTIME_H
#define SHMEMI_RUNTIME_H

#include <stdatomic.h>

#include "bootstrap.h"

struct shmemi_state {
    /* shmem_init calls not yet matched by shmem_finalize (1.6 allows
     * nesting); the runtime is up while this is positive. */
    int init_count;
    int thread_level;
    /* The highest level any PE of the job asked for: what every PE's
     * choice of a collective's algorithm goes by, since a PE that chose
     * by its own level while a peer chose by another waited for ever. */
    int job_thread_level;
    int my_pe;
    int n_pes;
    struct shmemi_bootstrap boot;
    /* Node locality, from the bootstrap: PEs sharing this node, in PE order. */
    int n_local;
    int my_local;
    int *local_index; /* [n_pes]: index among the node's PEs, or -1 */
    int *local_pes;   /* [n_local]: the PE of each local index */
    int *node_first;  /* [n_pes]: the first PE of each PE's node */
    int max_local;    /* the PEs of the job's largest node */
    /* The machine's PEs, in PE order: the node's, unless virtual nodes
     * split the machine (its GPUs are shared out among all of them, as
     * nodes of their own would each have theirs). */
    int n_host;
    int my_host;
    int *host_pes;    /* [n_host] */
    int *pids;        /* [n_pes] */
    /* Polls before a wait yields (SHMEM_SPIN_COUNT, or chosen from the
     * number of node PEs against the usable cores). */
    size_t spin_limit;
    /* Past spin_limit a wait yields on a poll whose count has these bits
     * clear (SHMEM_SPIN_YIELD, or chosen by sync/spin_yield.c). */
    size_t yield_mask;
    /* Ends the whole job; set once node peers can be told directly, so that
     * they leave their spin loops at once instead of waiting for the
     * launcher. */
    void (*end_job)(int status, const char *why);
    /* Leaves this PE, quietly or as the end's reason says, where another
     * PE's end of the job is already on its way here; returns otherwise.
     * A fatal error asks first, as the end may be its cause. */
    void (*leave_with_an_end)(void);
};

extern struct shmemi_state shmemi_state;

/* Ends the PE when the runtime is not up, naming the call. */
void shmemi_require_init(const char *call);

static inline int shmemi_initialized(void) { return shmemi_state.init_count > 0; }

#endif
