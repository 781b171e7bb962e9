/* The device's copy loop: what a put or get through the peer window runs,
 * and what the proxy uses to move data into and out of its slots. */
#ifndef SHMEM_DEVICE_COPY_H
#define SHMEM_DEVICE_COPY_H

#include <stddef.h>
#include <stdint.h>

/* Thread t of nt copies its share of n bytes, with the widest accesses
 * both ends' alignment allows (16 bytes: the NVLink ceiling is reached
 * with 16-byte stores), DEPTH (4 or 2) 16-byte loads in flight before
 * their stores: a get waits a round trip over NVLink for each load, and
 * the compiler cannot hoist loads above stores that may alias them. The
 * loops are not unrolled: where nt is a constant (a single thread's put,
 * the proxy's slot copies) the compiler unrolled them, which kept no more
 * loads in flight (the stores between groups still order them) but took
 * registers from the calling kernel, which has 64 a thread in a block of
 * 1024 (test/device/check_registers.sh): the proxy's put needed 46 so,
 * and needs 38. The block collectives keep 2 in flight: with 4, a kernel
 * that called alltoallmem_block in a loop needed 69 registers and did not
 * launch in blocks of 1024; with 2, 63. */
template <int DEPTH = 4>
__device__ inline void shmemi_dev_copy_part(char *d, const char *s, size_t n, unsigned t,
                                            unsigned nt)
{
    size_t done = 0;
    if ((((uintptr_t)d | (uintptr_t)s) & 15) == 0) {
        const int4 *s4 = (const int4 *)s;
        int4 *d4 = (int4 *)d;
        size_t v = n / 16, i = t;
        if (DEPTH >= 4) {
#pragma unroll 1
            for (; i + 3 * (size_t)nt < v; i += 4 * (size_t)nt) {
                int4 a = s4[i];
                int4 b = s4[i + nt];
                int4 c = s4[i + 2 * (size_t)nt];
                int4 e = s4[i + 3 * (size_t)nt];
                d4[i] = a;
                d4[i + nt] = b;
                d4[i + 2 * (size_t)nt] = c;
                d4[i + 3 * (size_t)nt] = e;
            }
        } else {
#pragma unroll 1
            for (; i + nt < v; i += 2 * (size_t)nt) {
                int4 a = s4[i];
                int4 b = s4[i + nt];
                d4[i] = a;
                d4[i + nt] = b;
            }
        }
#pragma unroll 1
        for (; i < v; i += nt)
            d4[i] = s4[i];
        done = v * 16;
    } else if ((((uintptr_t)d | (uintptr_t)s) & 7) == 0) {
        size_t v = n / 8;
#pragma unroll 1
        for (size_t i = t; i < v; i += nt)
            ((unsigned long long *)d)[i] = ((const unsigned long long *)s)[i];
        done = v * 8;
    }
#pragma unroll 1
    for (size_t i = done + t; i < n; i += nt)
        d[i] = s[i];
}

__device__ inline void shmemi_dev_copy(char *d, const char *s, size_t n)
{
    shmemi_dev_copy_part(d, s, n, 0, 1);
}

#endif
