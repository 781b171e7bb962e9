/* The device side of the API, for CUDA sources (included by shmem.h under
 * __CUDACC__; the AMO, signal and wait-set routines come with their areas'
 * headers, shmem/amo.h, shmem/signal.h and shmem/p2p.h, shmem.h includes
 * the team routines after shmem/team.h and the cooperative forms,
 * shmem/device/block.h, last). Each header of shmem/device/ includes what
 * it uses and compiles on its own (docs/design.md, "The device headers").
 * Every routine here is defined inline for host and device:
 * in a kernel it is a load or store into the peer window, computed from a
 * small state structure; on the host it calls the library's shmem_ routine
 * (through its shmemi_host_ name: see SHMEMI_API in shmem/api.h).
 *
 * No relocatable device code is needed: each translation unit has its own
 * copy of the state (a static __device__ variable), and registers, before
 * main, a function that the library calls to fill that copy at shmem_init
 * and whenever the heap changes. */
#ifndef SHMEM_DEVICE_H
#define SHMEM_DEVICE_H

#include <shmem/device/core.h>
#include <shmem/device/copy.h>
#include <shmem/device/p2p.h>
#include <shmem/device/proxy.h>
#include <shmem/device/sync.h>
#include <shmem/device/rma.h>

#endif
