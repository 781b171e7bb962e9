/* One word of this PE's control window (or heap), as it is on world PE pe:
 * the runtime's flags, counters and votes. On this node the word is a
 * load or a release store through the peer window; on another node a get
 * or a put through the transport (a put lands its bytes in no set order,
 * which the callers allow: each such word only ever moves on to the value
 * stored). call names the routine in the transport's error reports. */
#ifndef SHMEMI_PEER_WORD_H
#define SHMEMI_PEER_WORD_H

#include <stdatomic.h>
#include <stdint.h>

#include "heap/heap.h"
#include "transport.h"

/* pe's copy of w through the peer window, or NULL for a PE of another
 * node. */
static inline _Atomic uint32_t *shmemi_peer_word32(_Atomic uint32_t *w, int pe)
{
    int local = shmemi_state.local_index[pe];
    return __builtin_expect(local >= 0, 1) ? (_Atomic uint32_t *)shmemi_heap_at(w, local)
                                           : NULL;
}

static inline void shmemi_peer_store32(const char *call, _Atomic uint32_t *w, uint32_t v,
                                       int pe)
{
    _Atomic uint32_t *p = shmemi_peer_word32(w, pe);
    if (__builtin_expect(p != NULL, 1))
        atomic_store_explicit(p, v, memory_order_release);
    else
        shmemi_remote->put_internal(call, w, &v, sizeof v, pe);
}

/* A 4- or 8-byte word, relaxed. */
static inline uint64_t shmemi_peer_load(const char *call, const void *w, size_t size, int pe)
{
    int local = shmemi_state.local_index[pe];
    if (__builtin_expect(local >= 0, 1)) {
        void *p = shmemi_heap_at(w, local);
        return size == sizeof(uint32_t)
                   ? atomic_load_explicit((_Atomic uint32_t *)p, memory_order_relaxed)
                   : atomic_load_explicit((_Atomic uint64_t *)p, memory_order_relaxed);
    }
    uint64_t v = 0;
    if (size == sizeof(uint32_t)) {
        uint32_t v32;
        shmemi_remote->get(call, NULL, &v32, w, sizeof v32, pe);
        v = v32;
    } else {
        shmemi_remote->get(call, NULL, &v, w, sizeof v, pe);
    }
    return v;
}

#endif
