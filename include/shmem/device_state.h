/* What a kernel needs to reach the peer window: filled by the library,
 * copied into every CUDA translation unit's own device variable. */
#ifndef SHMEM_DEVICE_STATE_H
#define SHMEM_DEVICE_STATE_H

#ifdef __cplusplus
extern "C" {
#endif

struct shmemi_device_state {
    char *window;            /* the data window, slot 0 */
    unsigned long long stride;
    int my_pe, n_pes, my_local, n_local;
    const int *local_index;  /* [n_pes], in the heap: slot of a PE or -1 */
    /* The device barrier: round flags (one 128-byte line each) and this
     * PE's epoch, in the symmetric heap. */
    unsigned long long *barrier_flags;
    unsigned long long *barrier_epoch;
    /* Nonzero once this PE's job is ending (a peer died, or called
     * shmem_global_exit): host memory that kernels can read, so a device
     * spin loop stops instead of waiting for a PE that is gone. */
    const volatile int *abort_flag;
    int ready;               /* 0 unless the heap is reachable from kernels */
};

/* Called once per CUDA translation unit before main (see shmem/device.h):
 * update is called with the state at shmem_init and shmem_finalize. */
void shmemi_device_register(void (*update)(const struct shmemi_device_state *));

#ifdef __cplusplus
}
#endif

#endif
