/* Barrier engines. A team's barriers run on one of two engines, chosen when
 * the team is made and the same on all its members:
 *
 *  - a slot of a barrier provider: hardware (a switch) with a number of
 *    barrier slots, each programmed with a set of PEs. A member arrives by
 *    storing the barrier's sequence number into its arrival word of the
 *    slot, and waits until the provider posts that number in its completion
 *    word, which it does once every member of the slot has arrived. Our
 *    machines have no such switch; barrier_emulated.c emulates one, for
 *    testing.
 *  - the k-ary dissemination barrier (barrier_dissemination.c), on flags in
 *    the team's scratch slot: when there is no provider, no free slot, or the
 *    provider does not support the team's PE set.
 *    A team whose members sit on its nodes in equal runs of two or more
 *    (team order) runs it between the first members of the runs alone, the
 *    others waiting on their node (barrier_node.c): fewer messages between
 *    nodes.
 *
 * A team's engine is a plain descriptor (its members, the addresses of its
 * words, its sequence number; no function pointers), so that device code
 * can run the same barrier from a copy of it.
 *
 * Sequence numbers are 32 bits. 0 means "never stored" (fresh or cleared
 * memory), so counting skips it at the wrap, and comparisons are wrap-safe:
 * no word a barrier waits on is ever more than one barrier away from the
 * number it waits for. */
#ifndef SHMEMI_BARRIER_ENGINE_H
#define SHMEMI_BARRIER_ENGINE_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include <shmemx.h>

#include "heap/heap.h"
#include "transport/peer_word.h"

/* Every word a barrier waits on has a cache line to itself. */
#define SHMEMI_BARRIER_LINE 64
#define SHMEMI_BARRIER_LINE_WORDS (SHMEMI_BARRIER_LINE / sizeof(uint32_t))

static inline uint32_t shmemi_seq_next(uint32_t s) { return s + 1 ? s + 1 : 1; }

/* Whether word v shows that barrier e (or the next one) has been reached. */
static inline int shmemi_seq_reached(uint32_t v, uint32_t e)
{
    return v != 0 && (int32_t)(v - e) >= 0;
}

struct shmemi_barrier_desc {
    int engine; /* SHMEMX_BARRIER_ENGINE_HW or _DISSEMINATION */
    /* The members: world PEs start + i * stride, i < size; this PE is
     * my_index. */
    int start, stride, size, my_index;
    uint32_t seq; /* the sequence number of this PE's last barrier */
    /* This PE's copy of the team's entry word: the sequence number of the
     * last barrier this PE entered (for the SHMEM_DEBUG report). */
    _Atomic uint32_t *entered;
    /* hw: the provider's slot and this PE's words of it. */
    int slot;
    _Atomic uint32_t *arrive, *complete;
    /* dissemination: the radix, and this PE's copy of the flags, one line
     * each; flag r * (k - 1) + j - 1 is written in round r by the member j
     * * k^r places before this one. */
    int k;
    _Atomic uint32_t *flags;
    /* The members in runs of group on one node (team order), whose first
     * member alone takes part in the dissemination and then stores the
     * barrier's number into the others' release words; 1: no runs, every
     * member takes part. */
    int group;
    _Atomic uint32_t *release;
};

/* The world PE of member i. */
static inline int shmemi_barrier_member(const struct shmemi_barrier_desc *d, int i)
{
    return d->start + i * d->stride;
}

/* Stores e into member i's copy of word w, a word of this PE's control
 * window: a store on this node, the transport's notify to another. */
static inline void shmemi_barrier_notify(const struct shmemi_barrier_desc *d,
                                         _Atomic uint32_t *w, int i, uint32_t e)
{
    int pe = shmemi_barrier_member(d, i);
    _Atomic uint32_t *p = shmemi_peer_word32(w, pe);
    if (__builtin_expect(p != NULL, 1))
        atomic_store_explicit(p, e, memory_order_release);
    else
        shmemi_remote->notify("a barrier (its flag to another node)", w, e, pe);
}

/* Member i's copy of word w, read (the SHMEM_DEBUG report of missing
 * members, for call: a member on another node that does not answer is
 * reported by the transport's wait, under the same call). */
static inline uint32_t shmemi_barrier_peer_load(const char *call,
                                                const struct shmemi_barrier_desc *d,
                                                _Atomic uint32_t *w, int i)
{
    return (uint32_t)shmemi_peer_load(call, w, sizeof *w, shmemi_barrier_member(d, i));
}

static inline _Atomic uint32_t *shmemi_barrier_flag(const struct shmemi_barrier_desc *d, int f)
{
    return d->flags + (size_t)f * SHMEMI_BARRIER_LINE_WORDS;
}

/* A barrier provider. Adding one is adding it to the list in
 * barrier_engine.c: teams and callers only see descriptors. Slots are a
 * resource of the whole provider (a switch serves every PE), so the member
 * that claims a slot for a new team tells the others which one it got. */
struct shmemi_barrier_provider {
    const char *name;
    /* Bytes of control window it needs on every PE (0 when configured
     * off); asked before the heap exists. */
    size_t (*ctrl_bytes)(void);
    /* At init, on every PE, with its zeroed region of the control window:
     * the number of slots it offers, 0 when it is absent. */
    int (*probe)(char *ctrl);
    /* Whether it can serve the team of world PEs start + i * stride. */
    int (*supports)(int start, int stride, int size);
    /* At init, on every PE alike: slot `slot` serves a predefined team. */
    void (*reserve)(int slot, int start, int stride, int size);
    /* On one member of a new team: takes a free slot for its PE set and
     * returns it, with the sequence number of the slot's last barrier in
     * *seq; -1 when no slot is free. */
    int (*claim)(int start, int stride, int size, uint32_t *seq);
    /* On every member: sets d->arrive and d->complete to this PE's words of
     * slot, holding seq. */
    void (*attach)(int slot, uint32_t seq, struct shmemi_barrier_desc *d);
    /* Called after each arrival store, or NULL: a switch sees the store
     * itself; the emulation wakes its progress thread. */
    void (*arrived)(int slot);
    /* On the member that claimed slot, once its team's last barrier is
     * done: the slot is free again when this returns. */
    void (*release)(int slot);
    /* At finalize, after the last barrier. */
    void (*fini)(void);
};

extern const struct shmemi_barrier_provider shmemi_barrier_emulated;

/* ---- what the team layer calls (barrier_engine.c) ---- */

/* Checks the SHMEM_BARRIER* variables; before the heap exists. */
void shmemi_barrier_configure(void);
/* The radix for a dissemination over n members that has at most
 * max_flags flags: SHMEM_BARRIER_K, or the largest smaller one that fits
 * (2 fits up to 2^max_flags members). */
int shmemi_barrier_radix_within(int n, int max_flags);
/* Bytes of dissemination flags (and the release word) in a team's scratch
 * slot. */
size_t shmemi_barrier_flag_bytes(void);
/* Bytes of control window the providers need. */
size_t shmemi_barrier_ctrl_bytes(void);
/* Probes the providers, giving them their region of the control window. */
void shmemi_barrier_init(char *ctrl);
/* Stops the provider; teams freed afterwards hand no slot back. */
void shmemi_barrier_fini(void);

/* A dissemination barrier over the team of world PEs start + i * stride,
 * on this PE's copies of the team's entry word and flag_bytes of flags, in
 * its scratch slot (zeroed or fresh). */
void shmemi_barrier_desc_init(struct shmemi_barrier_desc *d, int start, int stride,
                              int size, _Atomic uint32_t *entered, void *flags);
/* At init, on every PE alike: gives predefined team d provider slot `slot`
 * when the provider has it and supports d's PEs; 1 when it did. */
int shmemi_barrier_predefined(struct shmemi_barrier_desc *d, int slot);
/* On one member of a new team: a provider slot for its PEs (with the
 * sequence number to start from in *seq), or -1 for the dissemination
 * barrier. */
int shmemi_barrier_claim(int start, int stride, int size, uint32_t *seq);
/* Gives back a slot from shmemi_barrier_claim that no team took. */
void shmemi_barrier_unclaim(int slot);
/* On every member of the new team: switches d to the slot that its first
 * member claimed. */
void shmemi_barrier_attach(struct shmemi_barrier_desc *d, int slot, uint32_t seq);
/* When the team goes, after its last barrier: its first member hands the
 * slot back. */
void shmemi_barrier_detach(struct shmemi_barrier_desc *d);

/* One barrier of d's team (this PE's puts must be complete already). call
 * names the routine for the SHMEM_DEBUG report of missing PEs. */
void shmemi_barrier_run(const char *call, struct shmemi_barrier_desc *d);

/* ---- inside the engines ---- */

/* Waits until *w reaches e; under SHMEM_DEBUG, past SHMEM_BARRIER_TIMEOUT
 * it reports the members that have not entered barrier e. */
void shmemi_barrier_wait(const char *call, const struct shmemi_barrier_desc *d,
                         _Atomic uint32_t *w, uint32_t e);
void shmemi_barrier_dissemination(const char *call, const struct shmemi_barrier_desc *d,
                                  uint32_t e);
/* barrier_node.c: the barrier of a team whose members are in runs by node
 * (d->group > 1). */
void shmemi_barrier_by_node(const char *call, const struct shmemi_barrier_desc *d, uint32_t e);
/* barrier_missing.c: ends the job naming the members of d whose entry word
 * is behind e. */
_Noreturn void shmemi_barrier_report_missing(const char *call,
                                             const struct shmemi_barrier_desc *d,
                                             uint32_t e, double waited);

#endif
