/* What the on-stream calls (shmemx.h) share: the checks every one makes
 * first, and the two kinds of work they queue, copies and a team's device
 * barrier. */
#ifndef SHMEMI_CUDA_STREAM_H
#define SHMEMI_CUDA_STREAM_H

#include <stddef.h>

#include <shmem.h>

#include "cuda/cuda_driver.h"

/* Ends the job unless the runtime is up with a heap the GPU reaches; makes
 * the PE's context current. */
void shmemi_stream_check(const char *call);
/* Ends the job unless the world PEs start + i * stride (i < size) are all
 * in this node's window, which the team barrier and the collectives reach
 * them through. */
void shmemi_stream_members(const char *call, int start, int stride, int size);
/* Queues a copy-engine copy of bytes (at least 1). */
void shmemi_stream_copy(const char *call, void *dst, const void *src, size_t bytes,
                        CUstream stream);
/* Queues the device barrier of team (a valid team of this PE). */
void shmemi_stream_barrier(const char *call, shmem_team_t team, CUstream stream);

#endif
