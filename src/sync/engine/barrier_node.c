/* The barrier of a team whose members sit on its nodes in runs (d->group
 * members of one node, one after the other in team order): the run's
 * first member waits on its node until the others have entered (their
 * entry words, read through the peer window), runs the dissemination
 * barrier with the other runs' first members, then stores the barrier's
 * number into the release word of each of the others, which they wait
 * for. Each waits on its own copy, as the dissemination's flags are
 * written: a PE clears its copy of a team's slot for the slot's next team
 * only once it has left the last barrier, and no one writes its copy after
 * that, whereas a word of the first member's could be cleared while a slow
 * member still waited on it.
 *
 * Only the dissemination crosses nodes, so a barrier sends
 * ceil(log_k nodes) rounds of messages from one PE per node instead of
 * from every PE: at 4 PEs on 2 nodes with radix 4, 2 messages between the
 * nodes instead of 8.
 *
 * A member is at most one barrier ahead of another, as in the
 * dissemination barrier, so the entry and release words hold the awaited
 * number or the next one. */
#include "barrier_engine.h"

/* Team member i's copy of w, a word of this PE's control window: i is of
 * this PE's run, on this node. */
static _Atomic uint32_t *on_node(const struct shmemi_barrier_desc *d, _Atomic uint32_t *w,
                                 int i)
{
    return shmemi_peer_word32(w, shmemi_barrier_member(d, i));
}

void shmemi_barrier_by_node(const char *call, const struct shmemi_barrier_desc *d, uint32_t e)
{
    int first = d->my_index - d->my_index % d->group;
    if (d->my_index != first) {
        shmemi_barrier_wait(call, d, d->release, e);
        return;
    }
    for (int i = first + 1; i < first + d->group; i++)
        shmemi_barrier_wait(call, d, on_node(d, d->entered, i), e);
    shmemi_barrier_dissemination(call, d, e);
    for (int i = first + 1; i < first + d->group; i++)
        atomic_store_explicit(on_node(d, d->release, i), e, memory_order_release);
}
