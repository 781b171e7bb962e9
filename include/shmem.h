/* OpenSHMEM 1.5 with the 1.6 additions: the one header programs include.
 * Typed routines are declared from the type tables in shmem/types.h. In
 * CUDA sources the device side of the API comes with it: each device header
 * follows the host declarations it defines the device side of, and comes
 * before the generic names that call it. */
#ifndef SHMEM_H
#define SHMEM_H

/* Naming, constants, contexts; setup, memory, RMA, ordering, waits. */
#include <shmem/api.h>

#if defined(__CUDACC__)
#include <shmem/device.h>
#endif
#include <shmem/generic.h>
/* 1.6's blocked strided RMA, with its generic names. */
#include <shmem/rma_blocked.h>
/* The API areas beyond RMA, each with its declarations and generic names. */
#include <shmem/team.h>
#if defined(__CUDACC__)
#include <shmem/device/team.h>
#endif
#include <shmem/ctx.h>
#include <shmem/amo.h>
#include <shmem/signal.h>
#include <shmem/p2p.h>
#include <shmem/lock.h>
#include <shmem/coll.h>
#if defined(__CUDACC__)
#include <shmem/device/block.h>
#include <shmem/device/coll.h>
#include <shmem/device/launch.h>
#endif

#endif
