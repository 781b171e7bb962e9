/* The requester's side of the proxy channel (shmem/internal/proxy_ring.h): claim a
 * ticket, wait for its slot's turn, write the request, post it, and for a
 * request with a result wait for it and free the slot. One code for both
 * sides: in kernels (compiled by nvcc for the device, system-scope
 * acquire/release on the pinned slots) and in host C (C11-style atomics),
 * which is how test/proxy_drain.c drives the host side of the channel
 * without a GPU. In a kernel it must follow shmem/device/core.h and
 * copy.h (the spin and the copy). */
#ifndef SHMEM_PROXY_POST_H
#define SHMEM_PROXY_POST_H

#include <sched.h>
#include <stddef.h>
#include <string.h>

#include <shmem/internal/proxy_ring.h>

#if defined(__CUDACC__)
/* Inlined even where long: a device put must not call anything
 * (test/device/check_code.sh). */
#define SHMEMI_PX static __host__ __device__ __forceinline__
#else
#define SHMEMI_PX static inline
#endif

SHMEMI_PX unsigned long long shmemi_px_load(const unsigned long long *p)
{
#if defined(__CUDA_ARCH__)
    unsigned long long v;
    asm volatile("ld.acquire.sys.b64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
    return v;
#else
    return __atomic_load_n(p, __ATOMIC_ACQUIRE);
#endif
}

SHMEMI_PX void shmemi_px_store(unsigned long long *p, unsigned long long v)
{
#if defined(__CUDA_ARCH__)
    asm volatile("st.release.sys.b64 [%0], %1;" ::"l"(p), "l"(v) : "memory");
#else
    __atomic_store_n(p, v, __ATOMIC_RELEASE);
#endif
}

/* Only this PE's requesters take tickets (one GPU's threads, or one
 * process's), so the ticket lives in their memory and a device-scope
 * atomic serves. */
SHMEMI_PX unsigned long long shmemi_px_take(unsigned long long *ticket)
{
#if defined(__CUDA_ARCH__)
    return atomicAdd(ticket, 1ULL);
#else
    return __atomic_fetch_add(ticket, 1, __ATOMIC_RELAXED);
#endif
}

SHMEMI_PX unsigned long long shmemi_px_taken(const unsigned long long *ticket)
{
#if defined(__CUDA_ARCH__)
    return *(const volatile unsigned long long *)ticket;
#else
    return __atomic_load_n(ticket, __ATOMIC_RELAXED);
#endif
}

/* One turn of a wait for the host, which is at least `ahead` requests from
 * what this thread waits for. A kernel's spin checks the abort flag
 * (shmemi_dev_spin) and backs off: each poll crosses PCIe, and the host
 * executes a request in no less than about 256 ns, so a thread that many
 * requests behind sleeps that long (at most 1 ms) between polls. */
SHMEMI_PX void shmemi_px_pause(unsigned *spins, unsigned long long ahead)
{
#if defined(__CUDA_ARCH__)
    shmemi_dev_spin(spins);
#if __CUDA_ARCH__ >= 700
    __nanosleep(ahead < 3906 ? 64 + (unsigned)ahead * 256 : 1000000);
#endif
#else
    (void)spins, (void)ahead;
    sched_yield();
#endif
}

SHMEMI_PX void shmemi_px_copy(void *d, const void *s, size_t n)
{
#if defined(__CUDA_ARCH__)
    shmemi_dev_copy((char *)d, (const char *)s, n);
#else
    memcpy(d, s, n);
#endif
}

/* Takes a ticket and waits until its slot is free for it. The slot may be
 * held by another thread's get, even one of the same warp, which copies its
 * data out and frees it: GPUs since Volta schedule a warp's threads
 * independently, so both make progress. A requester never holds a slot
 * while it claims another (a cycle of such threads could wait for each
 * other's slots for ever). */
SHMEMI_PX struct shmemi_proxy_slot *shmemi_px_claim(const struct shmemi_proxy_channel *ch,
                                                    unsigned long long *t)
{
    *t = shmemi_px_take(ch->ticket);
    struct shmemi_proxy_slot *s = ch->slots + (*t & ch->mask);
    unsigned spins = 0;
    unsigned long long seq;
    /* The slot serves the tickets slots, 2 slots, ... before t first; a
     * thread whole turns of the ring behind sleeps about a turn for each
     * rather than polling across PCIe meanwhile, which slows the crowd of
     * requests as a whole (measured:
     * bench/results/2026-11-25-device-proxy.md). */
    while ((seq = shmemi_px_load(&s->seq)) != SHMEMI_PROXY_FREE(*t)) {
        /* Whole turns behind, in requests, without a division: the ring's
         * size is a power of two, and a 64-bit division is a call in SASS. */
        unsigned long long whole = (*t - (seq >> 2)) & ~ch->mask;
        shmemi_px_pause(&spins, whole > ch->mask + 1 ? whole - (ch->mask + 1) : 0);
    }
    return s;
}

SHMEMI_PX void shmemi_px_post(struct shmemi_proxy_slot *s, unsigned long long t)
{
    shmemi_px_store(&s->seq, SHMEMI_PROXY_POSTED(t));
}

SHMEMI_PX void shmemi_px_wait(struct shmemi_proxy_slot *s, unsigned long long t)
{
    unsigned spins = 0;
    while (shmemi_px_load(&s->seq) != SHMEMI_PROXY_DONE(t))
        shmemi_px_pause(&spins, 0);
}

SHMEMI_PX void shmemi_px_free(const struct shmemi_proxy_channel *ch,
                              struct shmemi_proxy_slot *s, unsigned long long t)
{
    shmemi_px_store(&s->seq, SHMEMI_PROXY_FREE(t + ch->mask + 1));
}

/* n bytes from src to addr on pe, SHMEMI_PROXY_DATA a slot; with
 * sig_amo >= 0 the last slot also applies sig_amo (set or add) with signal
 * to sig_addr on pe, after the data (a put-with-signal; n may be 0). src
 * may be reused on return: the data is in the slots. */
SHMEMI_PX void shmemi_px_put(const struct shmemi_proxy_channel *ch, unsigned long long addr,
                             const void *src, size_t n, int pe, int sig_amo,
                             unsigned long long sig_addr, unsigned long long signal)
{
    const char *from = (const char *)src;
    if (n == 0 && sig_amo < 0)
        return;
    do {
        size_t k = n < SHMEMI_PROXY_DATA ? n : SHMEMI_PROXY_DATA;
        int last = k == n;
        unsigned long long t;
        struct shmemi_proxy_slot *s = shmemi_px_claim(ch, &t);
        s->op = last && sig_amo >= 0 ? SHMEMI_PROXY_PUT_SIGNAL : SHMEMI_PROXY_PUT;
        s->bytes = (unsigned)k;
        s->pe = pe;
        s->addr = addr;
        if (last && sig_amo >= 0) {
            s->amo = (unsigned)sig_amo;
            s->sig_addr = sig_addr;
            s->value = signal;
        }
        shmemi_px_copy(s->data, from, k);
        shmemi_px_post(s, t);
        addr += k, from += k, n -= k;
    } while (n);
}

/* n bytes from addr on pe into dst: each slot's share is copied out once
 * the host has fetched it. */
SHMEMI_PX void shmemi_px_get(const struct shmemi_proxy_channel *ch, void *dst,
                             unsigned long long addr, size_t n, int pe)
{
    char *to = (char *)dst;
    while (n) {
        size_t k = n < SHMEMI_PROXY_DATA ? n : SHMEMI_PROXY_DATA;
        unsigned long long t;
        struct shmemi_proxy_slot *s = shmemi_px_claim(ch, &t);
        s->op = SHMEMI_PROXY_GET | SHMEMI_PROXY_WAIT;
        s->bytes = (unsigned)k;
        s->pe = pe;
        s->addr = addr;
        shmemi_px_post(s, t);
        shmemi_px_wait(s, t);
        shmemi_px_copy(to, s->data, k);
        shmemi_px_free(ch, s, t);
        addr += k, to += k, n -= k;
    }
}

/* amo (a shmemi_proxy_amo) on the size-byte word at addr on pe; the old
 * word when fetch, else 0 at once. */
SHMEMI_PX unsigned long long shmemi_px_amo(const struct shmemi_proxy_channel *ch, unsigned amo,
                                           unsigned long long addr, unsigned size,
                                           unsigned long long value, unsigned long long cond,
                                           int pe, int fetch)
{
    unsigned long long t;
    struct shmemi_proxy_slot *s = shmemi_px_claim(ch, &t);
    s->op = SHMEMI_PROXY_AMO | (fetch ? SHMEMI_PROXY_WAIT : 0u);
    s->amo = amo;
    s->bytes = size;
    s->pe = pe;
    s->addr = addr;
    s->value = value;
    s->cond = cond;
    shmemi_px_post(s, t);
    if (!fetch)
        return 0;
    shmemi_px_wait(s, t);
    unsigned long long r = *(volatile unsigned long long *)&s->result;
    shmemi_px_free(ch, s, t);
    return r;
}

/* Whether every request taken so far is complete: then fence and quiet
 * have nothing to do (the common case of a kernel that reached no other
 * node since its last quiet). */
SHMEMI_PX int shmemi_px_idle(const struct shmemi_proxy_channel *ch)
{
    return shmemi_px_load(ch->quieted) >= shmemi_px_taken(ch->ticket);
}

/* Orders this PE's requests before it before those after it. */
SHMEMI_PX void shmemi_px_fence(const struct shmemi_proxy_channel *ch)
{
    if (shmemi_px_idle(ch))
        return;
    unsigned long long t;
    struct shmemi_proxy_slot *s = shmemi_px_claim(ch, &t);
    s->op = SHMEMI_PROXY_FENCE;
    shmemi_px_post(s, t);
}

/* Returns once every request taken before it is complete at its target. */
SHMEMI_PX void shmemi_px_quiet(const struct shmemi_proxy_channel *ch)
{
    if (shmemi_px_idle(ch))
        return;
    unsigned long long t;
    struct shmemi_proxy_slot *s = shmemi_px_claim(ch, &t);
    s->op = SHMEMI_PROXY_QUIET | SHMEMI_PROXY_WAIT;
    shmemi_px_post(s, t);
    shmemi_px_wait(s, t);
    shmemi_px_free(ch, s, t);
}

#undef SHMEMI_PX

#endif
