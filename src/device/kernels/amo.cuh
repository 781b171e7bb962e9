// One AMO of the host API on a device heap, where the CPU cannot reach the
// word: launched as one thread on the library's stream, it operates on the
// word's address in the peer window (the host computed it) with
// system-scope atomics, which are atomic with respect to every other GPU's
// atomics on the word, and leaves the old value in pinned host memory.
#include "transport/amo_op.h"

template <class W> __device__ W shmemi_k_amo_word(int op, W *p, W value, W cond)
{
    switch (op) {
    case SHMEMI_AMO_FETCH:
        return *(volatile W *)p;
    case SHMEMI_AMO_SET:
    case SHMEMI_AMO_SWAP:
        return atomicExch_system(p, value);
    case SHMEMI_AMO_CSWAP:
        return atomicCAS_system(p, cond, value);
    case SHMEMI_AMO_ADD:
        return atomicAdd_system(p, value);
    case SHMEMI_AMO_AND:
        return atomicAnd_system(p, value);
    case SHMEMI_AMO_OR:
        return atomicOr_system(p, value);
    default:
        return atomicXor_system(p, value);
    }
}

// The host path's AMOs are sequentially consistent; the fences on both
// sides give this one the same place among the memory operations of the
// GPU that runs it.
extern "C" __global__ void shmemi_k_amo(int op, int size, void *word, unsigned long long value,
                                        unsigned long long cond, unsigned long long *old)
{
    shmemi_dev_fence_acq_rel();
    if (size == 4)
        *old = shmemi_k_amo_word<unsigned>(op, (unsigned *)word, (unsigned)value, (unsigned)cond);
    else
        *old = shmemi_k_amo_word<unsigned long long>(op, (unsigned long long *)word, value, cond);
    shmemi_dev_fence_acq_rel();
}
