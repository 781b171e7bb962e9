/* Device point-to-point synchronisation: wait_until and test for one
 * variable and for sets, with status masks and per-element values. Polls
 * are system-scope acquire loads, so data put before the update that
 * satisfied a wait is visible after it without a separate fence. */
#ifndef SHMEM_DEVICE_P2P_H
#define SHMEM_DEVICE_P2P_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <shmem/api.h>
#include <shmem/types.h>
#include <shmem/device/core.h>

/* *p with acquire semantics at system scope; every point-to-point type is
 * 2, 4 or 8 bytes. */
template <class T> __device__ inline T shmemi_dev_load_acquire(const T *p)
{
    T v;
    if (sizeof(T) == 8) {
        unsigned long long w;
        asm volatile("ld.acquire.sys.b64 %0, [%1];" : "=l"(w) : "l"(p) : "memory");
        memcpy(&v, &w, sizeof v);
    } else if (sizeof(T) == 4) {
        unsigned int w;
        asm volatile("ld.acquire.sys.b32 %0, [%1];" : "=r"(w) : "l"(p) : "memory");
        memcpy(&v, &w, sizeof v);
    } else {
        unsigned short w;
        asm volatile("ld.acquire.sys.b16 %0, [%1];" : "=h"(w) : "l"(p) : "memory");
        memcpy(&v, &w, sizeof v);
    }
    return v;
}

/* Waits until *ivar cmp value holds and returns the value that satisfied
 * it; the spin checks the abort flag (shmemi_dev_spin). */
template <class T>
__device__ inline T shmemi_dev_wait_value(const T *ivar, int cmp, T value)
{
    unsigned spins = 0;
    for (;;) {
        T now = shmemi_dev_load_acquire(ivar);
        if (SHMEMI_CMP_HOLDS(now, cmp, value))
            return now;
        shmemi_dev_spin(&spins);
    }
}

/* A set of n ivars: element i takes part unless status[i] is nonzero, and
 * compares with values[i * per_element]. */
template <class T> struct shmemi_dev_wait_set {
    const T *ivars;
    size_t n;
    const int *status;
    int cmp;
    const T *values;
    int per_element;

    __device__ bool active(size_t i) const { return !status || !status[i]; }
    __device__ bool holds(size_t i) const
    {
        return SHMEMI_CMP_HOLDS(shmemi_dev_load_acquire(ivars + i), cmp,
                                values[per_element ? i : 0]);
    }
    __device__ bool any_active() const
    {
        for (size_t i = 0; i < n; i++)
            if (active(i))
                return true;
        return false;
    }
    /* One pass: the index of a satisfied element, or SIZE_MAX. */
    __device__ size_t test_any() const
    {
        for (size_t i = 0; i < n; i++)
            if (active(i) && holds(i))
                return i;
        return SIZE_MAX;
    }
    /* One pass: every satisfied element's index into indices; the count. */
    __device__ size_t test_some(size_t *indices) const
    {
        size_t k = 0;
        for (size_t i = 0; i < n; i++)
            if (active(i) && holds(i))
                indices[k++] = i;
        return k;
    }
    __device__ int test_all() const
    {
        for (size_t i = 0; i < n; i++)
            if (active(i) && !holds(i))
                return 0;
        return 1;
    }
    __device__ void wait_all() const
    {
        for (size_t i = 0; i < n; i++)
            if (active(i))
                shmemi_dev_wait_value(ivars + i, cmp, values[per_element ? i : 0]);
    }
    __device__ size_t wait_any() const
    {
        if (!any_active())
            return SIZE_MAX;
        unsigned spins = 0;
        for (;;) {
            size_t i = test_any();
            if (i != SIZE_MAX)
                return i;
            shmemi_dev_spin(&spins);
        }
    }
    __device__ size_t wait_some(size_t *indices) const
    {
        if (!any_active())
            return 0;
        unsigned spins = 0;
        for (;;) {
            size_t k = test_some(indices);
            if (k)
                return k;
            shmemi_dev_spin(&spins);
        }
    }
};

#define SHMEMI_DEVICE_P2P(T, N)                                               \
    SHMEMI_HD int shmem_##N##_test(T *ivar, int cmp, T value)                 \
    {                                                                         \
        SHMEMI_BOTH(return shmemi_host_##N##_test(ivar, cmp, value),          \
                    return SHMEMI_CMP_HOLDS(shmemi_dev_load_acquire(ivar), cmp, value)); \
    }                                                                         \
    SHMEMI_HD void shmem_##N##_wait_until(T *ivar, int cmp, T value)          \
    {                                                                         \
        SHMEMI_BOTH(shmemi_host_##N##_wait_until(ivar, cmp, value),           \
                    shmemi_dev_wait_value<T>(ivar, cmp, value));              \
    }
SHMEMI_P2P_TYPES(SHMEMI_DEVICE_P2P)
#undef SHMEMI_DEVICE_P2P

#endif
