/* How every wait of the runtime spins: it polls, watches for a peer that
 * ended the job, progresses the inter-node transport (whose peers may need
 * this PE's help to complete their operations on it), and after a few polls
 * yields its core, so PEs that outnumber the cores still make progress.
 *
 * With PEs outnumbering the cores the first poll already yields: spinning
 * longer first gains nothing and soon only delays the PE being waited for,
 * and sleeping on a futex that the sender wakes is slower still, since a
 * wake crosses cores by an interrupt (measured:
 * bench/results/2026-11-25-waits-oversubscribed.md). */
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
 * does), and one on every poll hurts the PE being waited for: a PE reading
 * this PE's memory across virtual nodes (UCX_TLS=sm,self, process_vm_readv)
 * finds its task and memory by the structures a yield touches; so there,
 * past spin_limit, only one poll in 64 or more yields (measured:
 * bench/results/2026-11-26-ucx-1.16-vs-oshmem.md).
 *
 * No pause in the first spin_limit polls where the poll progressed a
 * transport (every poll of every wait does once shmemi_remote is set): the
 * worker polls already space the loads, and a pause (tens of ns on recent
 * x86 cores) only delays seeing the message that ends a short wait. Past
 * them the pause stays, so that a long wait does not yield more often (its
 * yields slow a peer reading this PE's memory, above) (measured:
 * bench/results/2026-11-26-ucx-1.16-vs-oshmem.md). */
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
 * their operations (measured: bench/results/2026-11-25-ucx-vs-oshmem-vm.md). */
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
