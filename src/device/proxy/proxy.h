/* The device proxy: one host thread per PE that executes, through the
 * inter-node transport, the requests this PE's kernels put into the ring
 * of include/shmem/internal/proxy_ring.h (kernels cannot drive UCX themselves). */
#ifndef SHMEMI_PROXY_H
#define SHMEMI_PROXY_H

#include <stddef.h>

/* After the heap's backend is chosen, before the transport starts: whether
 * this PE runs a proxy (the job spans nodes and kernels can use the heap,
 * which UCX must reach: SHMEM_HEAP=pinned; or SHMEM_PROXY_HOST on a host
 * heap). The transport then takes calls from that thread too. */
int shmemi_proxy_wanted(void);
/* After the device state: makes the ring, hands it to kernels and starts
 * the thread (nothing unless wanted). */
void shmemi_proxy_start(void);
/* At shmem_finalize, before its barrier: executes what was posted,
 * completes it, stops the thread and frees the ring. */
void shmemi_proxy_stop(void);
/* Whether this PE's proxy runs (its kernels may have requests in flight). */
int shmemi_proxy_running(void);
/* Part of the host's quiet: returns once every request posted so far is
 * executed and complete at its target. */
void shmemi_proxy_quiet(void);

/* cuda_proxy_mem.c: the ring (pinned, mapped; *kernel_view is its address
 * in kernels) and a zeroed ticket word in GPU memory. */
void *shmemi_cuda_proxy_ring(size_t bytes, void **kernel_view);
unsigned long long *shmemi_cuda_proxy_ticket(void);
void shmemi_cuda_proxy_free(void *ring, unsigned long long *ticket);

#endif
