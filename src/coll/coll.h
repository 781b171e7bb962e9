/* The collectives inside the runtime. Every collective runs over a set of
 * members described the same way whether it came from a team or from the
 * active set of a deprecated routine; only the barrier and the small
 * exchanges differ (the team's scratch slot, or the caller's pSync).
 *
 * Each algorithm is: a barrier (every member has entered, so its source is
 * ready and its dest may be written), the data movement, and a barrier
 * (every member is done reading the others' sources and writing their
 * dests, so each may return and reuse them). Small contributions go through
 * mailboxes instead, without barriers (small.c). A collective may write its own
 * member's exchange word at any time after entering, and reads the other
 * members' words only between its two barriers. */
#ifndef SHMEMI_COLL_H
#define SHMEMI_COLL_H

#include <stddef.h>

#include <shmem.h>

#include "team/team.h"

struct shmemi_coll {
    const char *call;
    int start, stride, size; /* world PEs start + i * stride, i < size */
    int me;                  /* this PE's index among them */
    struct shmemi_team *team; /* NULL for an active set */
    long *psync;             /* the active set's pSync */
};

/* Describes team for call; -1 when team is SHMEM_TEAM_INVALID. */
int shmemi_coll_team(struct shmemi_coll *c, const char *call, shmem_team_t team);

/* Describes an active set, ending the job with a message on an argument no
 * PE could have meant (a set outside the job, this PE not in it, a pSync
 * outside the symmetric heap). */
void shmemi_coll_active_set(struct shmemi_coll *c, const char *call, int PE_start,
                            int logPE_stride, int PE_size, long *pSync);

/* A barrier over the members that also completes this PE's puts. */
void shmemi_coll_barrier(const struct shmemi_coll *c);

/* This member's exchange word, and member i's. The active-set form keeps it
 * in pSync, which shmemi_coll_unpublish restores after the last barrier. */
void shmemi_coll_publish(const struct shmemi_coll *c, size_t value);
size_t shmemi_coll_published(const struct shmemi_coll *c, int i);
void shmemi_coll_unpublish(const struct shmemi_coll *c);

static inline int shmemi_coll_pe(const struct shmemi_coll *c, int i)
{
    return c->start + i * c->stride;
}

/* Whether this PE reaches every member's heap data by load and store (a
 * heap the CPU addresses, every member on this node): each of an
 * algorithm's copies then costs about what its bytes do, where a copy
 * engine call or a transport operation costs microseconds more. */
int shmemi_coll_loadstore(const struct shmemi_coll *c);

/* nelems * elem, ending the job when it overflows. */
size_t shmemi_coll_bytes(const struct shmemi_coll *c, size_t nelems, size_t elem);

/* ---- the algorithms ---- */

/* to_root: the root's dest receives the data too (team form). */
void shmemi_coll_broadcast(const struct shmemi_coll *c, void *dest, const void *source,
                           size_t bytes, int root, int to_root);
/* Each member contributes nelems elements (collect: any number each;
 * fcollect: the same number on all), concatenated in member order. */
void shmemi_coll_collect(const struct shmemi_coll *c, void *dest, const void *source,
                         size_t nelems, size_t elem);
void shmemi_coll_fcollect(const struct shmemi_coll *c, void *dest, const void *source,
                          size_t nelems, size_t elem);
/* Block j of member i's source goes to block i of member j's dest; blocks
 * are nelems elements, dst and sst elements apart (1 for alltoall). */
void shmemi_coll_alltoall(const struct shmemi_coll *c, void *dest, const void *source,
                          ptrdiff_t dst, ptrdiff_t sst, size_t nelems, size_t elem);

/* acc[i] = acc[i] OP in[i] for i < n. */
typedef void (*shmemi_combine_fn)(void *acc, const void *in, size_t n);

enum shmemi_reduce_kind {
    SHMEMI_REDUCE, /* every member gets the reduction over all members */
    SHMEMI_INSCAN, /* member k gets the reduction over members 0..k */
    SHMEMI_EXSCAN, /* member k gets it over members 0..k-1; member 0 zeros */
};

void shmemi_coll_reduce(const struct shmemi_coll *c, void *dest, const void *source,
                        size_t nelems, size_t elem, shmemi_combine_fn combine,
                        enum shmemi_reduce_kind kind);

/* The same through the mailboxes (small.c), without barriers, for
 * contributions that shmemi_mailbox_fits; the callers above choose. In
 * fcollect and the reductions every member sends to all and, reducing,
 * combines every contribution, so they stop at SHMEMI_SMALL_SHARED_BYTES a
 * member, where (measured on 2 to 8 PEs) the barrier algorithms' split of
 * the work starts to pay. */
#define SHMEMI_SMALL_SHARED_BYTES 4096
/* A reduction through the mailboxes copies and combines (members - 1)
 * contributions on every member, the barrier algorithm about two in all:
 * where copies cost only their bytes (shmemi_coll_loadstore), the mailboxes
 * are used only while the bytes they carry stay within this many (measured:
 * bench/results/2026-11-26-host-api-vs-oshmem.md). A device heap or a
 * member on another node keeps the mailboxes up to
 * SHMEMI_SMALL_SHARED_BYTES: each copy there costs a copy engine call or a
 * transport operation. */
#define SHMEMI_SMALL_REDUCE_SPREAD 2048
void shmemi_small_broadcast(const struct shmemi_coll *c, void *dest, const void *source,
                            size_t bytes, int root, int to_root);
void shmemi_small_fcollect(const struct shmemi_coll *c, void *dest, const void *source,
                           size_t bytes);
void shmemi_small_reduce(const struct shmemi_coll *c, void *dest, const void *source,
                         size_t nelems, size_t elem, shmemi_combine_fn combine,
                         enum shmemi_reduce_kind kind);

#endif
