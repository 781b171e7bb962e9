/* What the on-stream calls (shmemx.h) share: the checks every one makes
 * first, and the two kinds of work they queue, copies and the device
 * barrier. */
#ifndef SHMEMI_CUDA_STREAM_H
#define SHMEMI_CUDA_STREAM_H

#include <stddef.h>

#include "cuda_driver.h"

/* Ends the job unless the runtime is up with a heap the GPU reaches and
 * every PE in this node's window; makes the PE's context current. */
void shmemi_stream_check(const char *call);
/* Queues a copy-engine copy of bytes (at least 1). */
void shmemi_stream_copy(const char *call, void *dst, const void *src, size_t bytes,
                        CUstream stream);
/* Queues the device barrier over all PEs. */
void shmemi_stream_barrier(const char *call, CUstream stream);

#endif
