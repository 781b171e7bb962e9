/* The executable's global and static variables as symmetric data objects,
 * as the OpenSHMEM memory model makes them.
 *
 * At shmem_init the writable data of the executable (.data and .bss, less
 * its RELRO pages) moves onto a memfd mapped over the same addresses; node
 * peers map each other's memfds into a window of their own, slot i holding
 * local PE i's copy. Position-independent executables load at a different
 * address in every process, so a peer's copy of p is found by its offset
 * from this PE's start of the region: window + i * stride + (p - base).
 * Across nodes the region is registered with the transport like the heap.
 *
 * Shared libraries' globals and thread-local variables stay private: their
 * addresses are in no PE's region. */
#ifndef SHMEMI_STATICS_H
#define SHMEMI_STATICS_H

#include <stddef.h>
#include <stdint.h>

#include "init/runtime.h"

struct shmemi_statics {
    char *base;    /* the region's first byte; NULL when none is shared */
    size_t size;   /* its bytes, whole pages */
    int fd;        /* the memfd behind it, -1 before the capture */
    char *window;  /* node peers' copies: local PE i's at window + i * stride */
    size_t stride;
    size_t window_bytes;
    /* [n_pes]: 1 where the PE runs an executable with the same layout (so
     * the same offset names the same variable there), else 0. */
    unsigned char *same;
};

extern struct shmemi_statics shmemi_statics;

static inline int shmemi_statics_contains(const void *p, size_t len)
{
    uintptr_t off = (uintptr_t)p - (uintptr_t)shmemi_statics.base;
    return off < shmemi_statics.size && len <= shmemi_statics.size - off;
}

/* p to p + len in the program's data, which PE pe has too: it runs the
 * same executable. */
static inline int shmemi_statics_reaches(const void *p, size_t len, int pe)
{
    return shmemi_statics_contains(p, len) && shmemi_statics.same[pe];
}

/* The address of this PE's static p in local PE `local`'s copy. */
static inline char *shmemi_statics_at(const void *p, int local)
{
    if (local == shmemi_state.my_local)
        return (char *)p;
    return shmemi_statics.window + (size_t)local * shmemi_statics.stride +
           (size_t)((const char *)p - shmemi_statics.base);
}

/* Moves the region onto its memfd (once per process; before the bootstrap
 * starts threads of its own): a no-op under SHMEM_SYMMETRIC_STATICS=0. */
void shmemi_statics_capture(void);
/* Collective, after the node peers' links are up: checks which PEs run the
 * same executable, maps the node peers' copies and exposes this PE's to
 * other nodes. */
void shmemi_statics_share(void);
/* Unmaps the peers' copies; this PE's variables stay where they are. */
void shmemi_statics_release(void);
/* Ends the job: [sym, sym + len) is in this PE's region, but pe runs
 * another executable, or the range runs past the region's end. */
_Noreturn void shmemi_statics_fail(const char *call, const void *sym, size_t len, int pe);

#endif
