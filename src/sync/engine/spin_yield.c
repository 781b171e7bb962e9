/* How often a long wait yields its core once SHMEM_SPIN_COUNT polls found
 * nothing (sync/engine/spin.h). Where each PE has a core, a yield helps only
 * threads of the PE's own process that share its core (under a launcher's
 * --bind-to core, all of them), and costs a peer that reads or writes this
 * PE's memory across nodes over shared memory (UCX's cma transport,
 * process_vm_readv/writev) time in the kernel's lookup of this PE's task.
 * So a process with no threads of ours or the program's that may want the
 * core yields on one poll in 4096 (a few hundred microseconds of spinning),
 * which still lets such a thread in; one with them (SHMEM_THREAD_MULTIPLE,
 * or the device proxy) keeps yielding on one in 64 (measured:
 * bench/results/2026-11-27-ucx-draws.md). */
#include <shmem.h>

#include "init/config.h"
#include "init/error.h"
#include "init/runtime.h"

void shmemi_spin_choose_yield(int proxy)
{
    size_t every = shmemi_config.spin_yield;
    if (!every)
        every = proxy || shmemi_state.thread_level == SHMEM_THREAD_MULTIPLE ? 64 : 4096;
    if (every > ((size_t)1 << 40))
        shmemi_fatal("shmem_init", "SHMEM_SPIN_YIELD=%zu is too large: use at most 2^40 "
                     "(or 0 for the default)", every);
    size_t p = 1;
    while (p < every)
        p <<= 1;
    shmemi_state.yield_mask = p - 1;
}
