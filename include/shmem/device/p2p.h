/* Device point-to-point synchronisation. */
#ifndef SHMEM_DEVICE_P2P_H
#define SHMEM_DEVICE_P2P_H

/* wait_until/test: relaxed system-scope loads (volatile), then an
 * acquire-release fence once the condition holds, so that data put before
 * the update that satisfied it is visible. */

#define SHMEMI_DEVICE_P2P(T, N)                                               \
    SHMEMI_HD int shmem_##N##_test(T *ivar, int cmp, T value)                 \
    {                                                                         \
        SHMEMI_BOTH(return pshmem_##N##_test(ivar, cmp, value),               \
                    int ok = SHMEMI_CMP_HOLDS(*(volatile T *)ivar, cmp, value); \
                    if (ok) shmemi_dev_fence_acq_rel();                       \
                    return ok);                                               \
    }                                                                         \
    SHMEMI_HD void shmem_##N##_wait_until(T *ivar, int cmp, T value)          \
    {                                                                         \
        SHMEMI_BOTH(pshmem_##N##_wait_until(ivar, cmp, value),                \
                    while (!SHMEMI_CMP_HOLDS(*(volatile T *)ivar, cmp, value)); \
                    shmemi_dev_fence_acq_rel());                              \
    }
SHMEMI_P2P_TYPES(SHMEMI_DEVICE_P2P)
#undef SHMEMI_DEVICE_P2P

#endif
