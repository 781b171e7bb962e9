/* shmem_set_lock, shmem_test_lock, shmem_clear_lock: an MCS queue lock over
 * the PEs, which makes waiters first-come, first-served and has each one
 * spin on its own memory.
 *
 * The symmetric long holds, on every PE, that PE's queue node, and on the
 * lock's home PE also the tail of the queue:
 *   bits  0-31  TAIL  (home PE only) PE+1 of the last PE in the queue
 *   bits 32-62  NEXT  PE+1 of the PE queued right behind this one
 *   bit  63     GRANT set by the predecessor when it hands the lock over
 * All zero is "free, nobody waiting", the state the user initialises and
 * the state every word returns to once the queue drains. The fields of the
 * home PE share one word, so the tail changes only by compare-and-swap and
 * the node fields only by and/or, never by a store of the whole word. */
#include <stdint.h>

#include <shmem.h>

#include "init/error.h"
#include "rma/amo.h"
#include "sync/engine/spin.h"
#include "sync.h"

_Static_assert(sizeof(long) == sizeof(uint64_t), "the lock encoding needs a 64-bit long");

#define TAIL_MASK UINT64_C(0x00000000ffffffff)
#define NEXT_SHIFT 32
#define NEXT_MASK (UINT64_C(0x7fffffff) << NEXT_SHIFT)
#define GRANT (UINT64_C(1) << 63)

static uint64_t amo(const char *call, enum shmemi_amo_op op, long *lock,
                    uint64_t value, uint64_t cond, int pe)
{
    return shmemi_amo(call, SHMEM_CTX_DEFAULT, op, lock, sizeof *lock, value, cond, pe);
}

/* Spreads the tails of different locks over the PEs; every PE computes the
 * same home, since a symmetric address has the same offset everywhere. */
static int home_pe(const char *call, long *lock)
{
    shmemi_rma_target(call, lock, sizeof *lock, shmemi_state.my_pe);
    const char *region = shmemi_heap_contains(lock, sizeof *lock) ? shmemi_heap.base
                                                                   : shmemi_statics.base;
    uintptr_t off = (uintptr_t)lock - (uintptr_t)region;
    return (int)(off / sizeof *lock % (uintptr_t)shmemi_state.n_pes);
}

/* Makes this PE the tail of the queue and returns the previous tail (PE+1,
 * 0 when the lock was free). With only_if_free, it enqueues only into an
 * empty queue and returns -1 otherwise. */
static int64_t enqueue(const char *call, long *lock, int home, int only_if_free)
{
    uint64_t me1 = (uint64_t)shmemi_state.my_pe + 1;
    uint64_t old = amo(call, SHMEMI_AMO_FETCH, lock, 0, 0, home);
    for (;;) {
        uint64_t tail = old & TAIL_MASK;
        if (only_if_free && tail)
            return -1;
        if (tail == me1)
            shmemi_fatal(call, "this PE already holds (or is waiting for) the "
                         "lock at %p; locks are not recursive, and threads of "
                         "one PE must not use the same lock at once", (void *)lock);
        uint64_t got = amo(call, SHMEMI_AMO_CSWAP, lock, (old & ~TAIL_MASK) | me1, old, home);
        if (got == old)
            return (int64_t)tail;
        old = got;
    }
}

void shmem_set_lock(long *lock)
{
    int home = home_pe(__func__, lock), me = shmemi_state.my_pe;
    int64_t prev = enqueue(__func__, lock, home, 0);
    if (prev == 0)
        return;
    amo(__func__, SHMEMI_AMO_OR, lock, (uint64_t)(me + 1) << NEXT_SHIFT, 0, (int)prev - 1);
    size_t polls = 0;
    while (!(amo(__func__, SHMEMI_AMO_FETCH, lock, 0, 0, me) & GRANT))
        shmemi_spin_step(&polls);
    amo(__func__, SHMEMI_AMO_AND, lock, ~GRANT, 0, me);
}

int shmem_test_lock(long *lock)
{
    /* A program may poll with it, perhaps on a lock homed on this PE:
     * serve the peers of other nodes that wait for this PE. */
    if (shmemi_remote)
        shmemi_remote->progress();
    return enqueue(__func__, lock, home_pe(__func__, lock), 1) == 0 ? 0 : 1;
}

void shmem_clear_lock(long *lock)
{
    int home = home_pe(__func__, lock), me = shmemi_state.my_pe;
    uint64_t me1 = (uint64_t)me + 1;
    /* What the critical section stored must land before the next holder
     * can see the lock. */
    shmemi_quiet();
    uint64_t next = (amo(__func__, SHMEMI_AMO_FETCH, lock, 0, 0, me) & NEXT_MASK) >> NEXT_SHIFT;
    if (!next) {
        /* Nobody linked behind us yet: if we are still the tail, the queue
         * empties; otherwise a PE has enqueued and is about to link. */
        uint64_t old = amo(__func__, SHMEMI_AMO_FETCH, lock, 0, 0, home);
        while ((old & TAIL_MASK) == me1) {
            uint64_t got = amo(__func__, SHMEMI_AMO_CSWAP, lock, old & ~TAIL_MASK, old, home);
            if (got == old)
                return;
            old = got;
        }
        if ((old & TAIL_MASK) == 0)
            shmemi_fatal(__func__, "the lock at %p is not set; clear only a "
                         "lock this PE set", (void *)lock);
        size_t polls = 0;
        while (!(next = (amo(__func__, SHMEMI_AMO_FETCH, lock, 0, 0, me) & NEXT_MASK) >>
                        NEXT_SHIFT))
            shmemi_spin_step(&polls);
    }
    /* Our NEXT is cleared before the hand-over, so that when we enqueue
     * again our new successor finds it empty. */
    amo(__func__, SHMEMI_AMO_AND, lock, ~NEXT_MASK, 0, me);
    amo(__func__, SHMEMI_AMO_OR, lock, GRANT, 0, (int)next - 1);
}
