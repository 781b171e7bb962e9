/* The GPU this PE drives. */
#ifndef SHMEMI_CUDA_DEVICE_H
#define SHMEMI_CUDA_DEVICE_H

#include "cuda_driver.h"

struct shmemi_gpu {
    CUdevice dev;
    CUcontext ctx;     /* the device's primary context, current on init's thread */
    char busid[32];    /* PCI bus id, the same in every process */
    int numa;          /* host NUMA node next to the GPU, -1 if unknown */
};

extern struct shmemi_gpu shmemi_gpu;

/* Picks this PE's GPU among the node's (collective over all PEs): 0, or -1
 * with *why set when there is no usable GPU. */
int shmemi_gpu_select(const char **why);
/* Makes the PE's context current on the calling thread. */
void shmemi_gpu_bind_thread(const char *call);
void shmemi_gpu_release(void);

#endif
