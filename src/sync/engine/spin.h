/* How every wait of the runtime spins: it polls, watches for a peer that
 * ended the job, progresses the inter-node transport (whose peers may need
 * this PE's help to complete their operations on it), and after a few polls
 * yields its core, so PEs that outnumber the cores still make progress.
 *
 * With PEs outnumbering the cores the first poll already yields. Measured
 * on a 2-core VM at 4 PEs (a broadcast then a barrier, per iteration):
 * 3-5 us so; spinning 16 to 64 polls before the first yield gained
 * nothing, 128 to 512 polls made it 2-5x slower, and sleeping on a futex
 * that the sender wakes made it 15-22 us (a wake crosses cores by an
 * interrupt). */
#ifndef SHMEMI_SPIN_H
#define SHMEMI_SPIN_H

#include <sched.h>

#include "heap/heap.h"
#include "init/config.h"
#include "transport/transport.h"

static inline void shmemi_cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

/* The pause after a poll that found nothing: a pause instruction, or past
 * spin_limit such polls a yield of the core. Where PEs outnumber the cores
 * (spin_limit 1) every poll yields. Where each PE has a core, a yield only
 * helps threads that are not PEs (spin_yield.c: so one poll in 4096 yields
 * where the process runs none of ours or the program's, one in 64 where it
 * does), and one on every poll hurt the PE being waited for: a PE reading
 * this PE's memory across virtual nodes (UCX_TLS=sm,self, process_vm_readv)
 * found its task and memory by the structures a yield touches. An 8-byte
 * get took 1.0 us while this PE yielded on every poll of its barrier,
 * 0.82 us while it never did (OSHMEM, whose waits do not yield: 0.75), on
 * 2 H100s' 32 cores under --bind-to core; so there, past spin_limit, only
 * one poll in 64 or more yields (host_osu's get there: 1.68 us before,
 * 0.91 with 64).
 *
 * No pause in the first spin_limit polls where the poll progressed a
 * transport (every poll of every wait does once shmemi_remote is set): the
 * worker polls already space the loads, and a pause (tens of ns on recent
 * x86 cores) only delays seeing the message that ends a short wait. Past
 * them the pause stays, so that a long wait yields no more often than
 * before (its yields slow a peer reading this PE's memory, above). A
 * barrier of 2 PEs on two virtual nodes (UCX_TLS=sm,self, UCX 1.16, the
 * 2-core VM) took 0.24-0.25 us with the pause, 0.19-0.22 without (OSHMEM,
 * whose progress loop does not pause: 0.18-0.20). On 2 H200s' 32 cores
 * under --bind-to core, with no pause in any poll, it took 0.55-0.59 us as
 * with the pause (OSHMEM 0.48-0.50): there the cache lines of UCX's
 * shared-memory queues rule. */
static inline void shmemi_spin_idle(size_t *polls)
{
    size_t n = ++*polls;
    if (n >= shmemi_state.spin_limit &&
        (shmemi_state.spin_limit == 1 || (n & shmemi_state.yield_mask) == 0))
        sched_yield();
    else if (!shmemi_remote || n >= shmemi_state.spin_limit)
        shmemi_cpu_relax();
}

/* spin_yield.c: sets shmemi_state.yield_mask at shmem_init; proxy: the
 * device proxy's thread will run beside the PE's. */
void shmemi_spin_choose_yield(int proxy);

/* One step of a wait; *polls starts at 0 for each wait. A step that served
 * a peer of another node starts the count again: while peers keep this PE
 * busy, a yield (a system call) on every poll would add its cost to each of
 * their operations (an 8-byte get from a PE in a barrier, 2 PEs on 2
 * virtual nodes, UCX_TLS=sm,self: 0.67 us so, 0.39 us without). */
static inline void shmemi_spin_step(size_t *polls)
{
    shmemi_abort_poll();
    if (shmemi_remote && shmemi_remote->progress())
        *polls = 0;
    shmemi_spin_idle(polls);
}

/* A wait that, under SHMEM_DEBUG, reports a partner that never comes
 * instead of hanging silently: shmemi_spin_step_timed is one step of it and
 * returns the seconds waited once they pass SHMEM_BARRIER_TIMEOUT, else 0;
 * shmemi_spin_waited is the same for a wait that polls in its own way. */
struct shmemi_spin_timer {
    size_t polls;
    size_t steps; /* not polls, which a step that serves a peer resets */
    double since;
};
double shmemi_spin_step_timed(struct shmemi_spin_timer *t);
double shmemi_spin_waited(struct shmemi_spin_timer *t);

#endif
