/* Teams inside the runtime. A team is an arithmetic progression of world
 * PEs {start + i * stride : i < size}; every team a split can make (strided,
 * 2-D, splits of splits, reversed by a negative stride) is one. Each team
 * owns a slot of symmetric scratch memory, the same slot on all its
 * members, for its barrier flags and the small exchanges of its
 * collectives, and a barrier engine (../sync/barrier_engine.h): a slot of
 * the barrier provider or the dissemination barrier on its scratch flags.
 *
 * A split uses its parent's `work` area only between team barriers of its
 * own, at entry and before it returns, so it asks nothing of the
 * operations before and after it. */
#ifndef SHMEMI_TEAM_H
#define SHMEMI_TEAM_H

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include <shmem.h>

#include "heap/heap.h"
#include "sync/engine/barrier_engine.h"
#include "transport/peer_word.h"

/* The layout of a team's scratch slot. */
struct shmemi_team_scratch {
    /* The barrier's entry word, on a line of its own. */
    _Atomic uint32_t entered;
    char pad[SHMEMI_BARRIER_LINE - sizeof(uint32_t)];
    /* Free for the team's collectives, shmemi_team_work_bytes() long; the
     * dissemination barrier's flags follow it. */
    char work[];
};

struct shmemi_ctx;

/* A team handle is the team's serial number (upper 32 bits, never 0, given
 * to one team only) and its scratch slot + 1 (lower 32 bits). A call finds
 * the team holding that slot now and compares its handle, so a destroyed
 * team's handle is caught even once a new team holds its slot (and, as
 * likely, its memory), and a garbage value finds no team. */
_Static_assert(sizeof(uintptr_t) >= 8, "a team handle needs 64 bits");
#define SHMEMI_TEAM_HANDLE(serial, slot)                                      \
    ((shmem_team_t)(((uintptr_t)(serial) << 32) | ((uintptr_t)(slot) + 1)))
#define SHMEMI_TEAM_WORLD_HANDLE SHMEMI_TEAM_HANDLE(1, 0)
#define SHMEMI_TEAM_SHARED_HANDLE SHMEMI_TEAM_HANDLE(2, 1)
#define SHMEMI_TEAM_FIRST_SERIAL 3

struct shmemi_team {
    shmem_team_t handle;   /* what the program holds */
    /* World PEs. stride is never 0 (a team of one has stride 1) and is
     * negative for a team that lists its parent's PEs in reverse. */
    int start, stride, size;
    int my_index;          /* this PE's index in the team */
    int slot;              /* index of the scratch slot; -1 until it has one */
    struct shmemi_team_scratch *scratch; /* this PE's copy of the slot */
    struct shmemi_barrier_desc barrier;
    shmem_team_config_t config; /* as the split was asked for */
    int predefined;        /* SHMEM_TEAM_WORLD and SHMEM_TEAM_SHARED */
    /* The contexts made from the team: those alive, and spares reserved at
     * creation for config.num_contexts (from the array `reserved`). */
    pthread_mutex_t ctx_lock;
    struct shmemi_ctx *ctxs, *spare_ctxs, *reserved;
};

extern struct shmemi_team shmemi_team_world;

/* team_table.c: which team holds each scratch slot (NULL: none). */
extern struct shmemi_team *_Atomic *shmemi_team_owner;
extern size_t shmemi_team_n_slots;
/* Ends the job: team, passed to call, is the handle of no team of this PE. */
_Noreturn void shmemi_team_bad_handle(const char *call, shmem_team_t team);

/* The team behind a handle, or NULL for SHMEM_TEAM_INVALID; a handle of
 * no live team ends the job, naming call. */
static inline struct shmemi_team *shmemi_team_get(const char *call, shmem_team_t team)
{
    if (team == SHMEM_TEAM_INVALID)
        return NULL;
    size_t slot = (size_t)(uint32_t)(uintptr_t)team - 1;
    struct shmemi_team *t = slot < shmemi_team_n_slots
                                ? atomic_load_explicit(&shmemi_team_owner[slot],
                                                       memory_order_acquire)
                                : NULL;
    if (__builtin_expect(!t || t->handle != team, 0))
        shmemi_team_bad_handle(call, team);
    return t;
}

/* Bytes of control window the teams' scratch slots need. */
size_t shmemi_team_ctrl_bytes(void);
/* Set up the scratch slots, SHMEM_TEAM_WORLD and SHMEM_TEAM_SHARED. */
void shmemi_team_init(void);
/* Frees every team and context still alive. */
void shmemi_team_fini(void);

/* The world PE of team index i. */
static inline int shmemi_team_pe(const struct shmemi_team *t, int i)
{
    return t->start + i * t->stride;
}

/* The team index of world PE pe, or -1 when pe is not a member. */
static inline int shmemi_team_index(const struct shmemi_team *t, int pe)
{
    int d = pe - t->start;
    if (d % t->stride)
        return -1;
    d /= t->stride;
    return d >= 0 && d < t->size ? d : -1;
}

/* The word at p (an address in this PE's scratch) on team index i
 * (transport/peer_word.h); call names the routine in the transport's
 * reports. */
static inline uint64_t shmemi_team_peer_word(const char *call, const struct shmemi_team *t,
                                             const void *p, int i)
{
    return shmemi_peer_load(call, p, sizeof(uint64_t), shmemi_team_pe(t, i));
}

/* This PE's copy of scratch slot `slot`. */
struct shmemi_team_scratch *shmemi_team_slot(int slot);

/* Bytes of t->scratch->work. */
size_t shmemi_team_work_bytes(void);

/* A barrier over the team's members that also completes this PE's puts;
 * call names the routine in reports. */
void shmemi_team_barrier(const char *call, struct shmemi_team *t);

/* ---- the life of a team (team_world.c, team_table.c, team_destroy.c) ---- */

/* Fills in t's shape and defaults; it gets its slot from shmemi_team_adopt. */
void shmemi_team_setup(struct shmemi_team *t, int start, int stride, int size);
/* Gives t scratch slot `slot`, claimed for it in the table, clearing this
 * PE's copy so that nothing of its previous team remains, and its barrier:
 * provider slot hw_slot, counting from hw_seq, or the dissemination barrier
 * when hw_slot is -1. */
void shmemi_team_adopt(struct shmemi_team *t, int slot, int hw_slot, uint32_t hw_seq);
/* Frees t's contexts, its slot and (for a split team) t itself; `call`
 * names the routine for the warning about private contexts left alive, or
 * is NULL for none. */
void shmemi_team_free(const char *call, struct shmemi_team *t);

/* The slot table: which team holds each scratch slot on this PE. */
void shmemi_team_table_init(void);
void shmemi_team_table_fini(void);
/* Records t as the holder of slot, with a new handle unless it is a
 * predefined team: 0, or -1 when the slot is taken (by a split running at
 * the same time in another thread). */
int shmemi_team_table_claim(int slot, struct shmemi_team *t);
void shmemi_team_table_release(int slot);
/* 64-bit words of a slot bitmap. */
size_t shmemi_team_map_words(void);
/* Writes the bitmap of the slots free on this PE (bit s of word s / 64). */
void shmemi_team_free_map(uint64_t *map);

#endif
