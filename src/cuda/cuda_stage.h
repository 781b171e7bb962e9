/* Host copies into and out of a device heap that land by the next quiet
 * (cuda_stage.c). */
#ifndef SHMEMI_CUDA_STAGE_H
#define SHMEMI_CUDA_STAGE_H

#include <stddef.h>

#include "cuda_driver.h"

/* Whether the CPU can read and write p (host memory of any kind, CUDA's
 * or not), rather than GPU memory; cheap for malloc's small blocks and the
 * calling thread's stack. */
int shmemi_cuda_host_memory(const void *p);
/* Queues bytes from src to dst on stream s through the pinned ring and
 * returns 0 once src may be reused; -1, having done nothing, for a put
 * that is not staged (too large, or a source in GPU memory). */
int shmemi_cuda_stage_put(CUstream s, void *dst, const void *src, size_t bytes);
/* Queues a copy on stream s that the next quiet waits for (an _nbi put or
 * get: the caller leaves src and dst alone until then). */
void shmemi_cuda_stage_async(CUstream s, void *dst, const void *src, size_t bytes,
                             const char *call);
/* Waits until every staged copy has landed (nothing to do when none is
 * pending). */
void shmemi_cuda_stage_quiet(CUstream s, const char *call);
/* After the stream is gone: frees the ring. */
void shmemi_cuda_stage_release(void);

#endif
