/* Who takes part in a collective, and how its members synchronise and
 * exchange a word: through the team's scratch slot, or through the pSync
 * array of a deprecated active-set routine. */
#include <stdint.h>

#include "heap/heap.h"
#include "init/error.h"
#include "init/runtime.h"
#include "rma/amo.h"
#include "sync/engine/spin.h"
#include "sync/sync.h"
#include "coll.h"

/* The pSync elements an active set uses. ARRIVE on member 0 counts the
 * others into a barrier; RELEASE on each other member lets it out; WORD is
 * the member's exchange word. */
enum { PSYNC_ARRIVE, PSYNC_RELEASE, PSYNC_WORD, PSYNC_USED };

_Static_assert(PSYNC_USED <= SHMEM_BARRIER_SYNC_SIZE && PSYNC_USED <= SHMEM_BCAST_SYNC_SIZE &&
                   PSYNC_USED <= SHMEM_REDUCE_SYNC_SIZE &&
                   PSYNC_USED <= SHMEM_COLLECT_SYNC_SIZE &&
                   PSYNC_USED <= SHMEM_ALLTOALL_SYNC_SIZE &&
                   PSYNC_USED <= SHMEM_ALLTOALLS_SYNC_SIZE,
               "a pSync size is smaller than the elements the active sets use");

int shmemi_coll_team(struct shmemi_coll *c, const char *call, shmem_team_t team)
{
    shmemi_require_init(call);
    struct shmemi_team *t = shmemi_team_get(call, team);
    if (!t)
        return -1;
    *c = (struct shmemi_coll){
        .call = call,
        .start = t->start,
        .stride = t->stride,
        .size = t->size,
        .me = t->my_index,
        .team = t,
    };
    return 0;
}

void shmemi_coll_active_set(struct shmemi_coll *c, const char *call, int PE_start,
                            int logPE_stride, int PE_size, long *pSync)
{
    shmemi_require_init(call);
    int n = shmemi_state.n_pes, me = shmemi_state.my_pe;
    if (logPE_stride < 0 || logPE_stride > 30 || PE_start < 0 || PE_size < 1 ||
        PE_start + (((long long)PE_size - 1) << logPE_stride) >= n)
        shmemi_fatal(call, "the active set PE_start=%d, logPE_stride=%d, "
                     "PE_size=%d is not a set of PEs of this job (PEs 0 to %d)",
                     PE_start, logPE_stride, PE_size, n - 1);
    int stride = 1 << logPE_stride, d = me - PE_start;
    if (d < 0 || d % stride || d / stride >= PE_size)
        shmemi_fatal(call, "PE %d is not in the active set PE_start=%d, "
                     "logPE_stride=%d, PE_size=%d: only its members may call",
                     me, PE_start, logPE_stride, PE_size);
    if (!shmemi_symmetric(pSync, PSYNC_USED * sizeof(long)))
        shmemi_fatal(call, "pSync (%p) is not symmetric: it must be an array of "
                     "SHMEM_SYNC_SIZE longs, global, static or from shmem_malloc, "
                     "set to SHMEM_SYNC_VALUE", (void *)pSync);
    *c = (struct shmemi_coll){
        .call = call,
        .start = PE_start,
        .stride = stride,
        .size = PE_size,
        .me = d / stride,
        .psync = pSync,
    };
}

size_t shmemi_coll_bytes(const struct shmemi_coll *c, size_t nelems, size_t elem)
{
    if (nelems > SIZE_MAX / elem)
        shmemi_fatal(c->call, "%zu elements of %zu bytes overflow the address space",
                     nelems, elem);
    return nelems * elem;
}

/* pSync element `word` of member i, through the runtime's one AMO path:
 * pSync is user memory in the data heap, which the CPU may not be able to
 * load and store directly. */
static long psync_op(const struct shmemi_coll *c, enum shmemi_amo_op op, int word,
                     long value, int i)
{
    uint64_t w = shmemi_amo(c->call, SHMEM_CTX_DEFAULT, op, &c->psync[word], sizeof(long),
                            (uint64_t)(unsigned long)value, 0, shmemi_coll_pe(c, i));
    return sizeof(long) == 4 ? (long)(int32_t)(uint32_t)w : (long)w;
}

static void psync_wait(const struct shmemi_coll *c, int word, long value)
{
    size_t polls = 0;
    while (psync_op(c, SHMEMI_AMO_FETCH, word, 0, c->me) != value)
        shmemi_spin_step(&polls);
}

/* What a member finds on entry is impossible unless pSync was not set up
 * or is in use by another collective. */
static _Noreturn void bad_psync(const struct shmemi_coll *c)
{
    shmemi_fatal(c->call, "pSync does not hold SHMEM_SYNC_VALUE: initialise "
                 "every element (and synchronise) before the first call, and "
                 "do not pass one pSync to collectives that may overlap");
}

/* A central counter: member 0 resets its count before it releases anyone,
 * and each member clears its release before it can arrive again, so back to
 * back barriers on the same pSync never see each other's values, and pSync
 * holds SHMEM_SYNC_VALUE again whenever no barrier is in progress. */
static void psync_barrier(const struct shmemi_coll *c)
{
    if (c->size == 1)
        return;
    if (c->me == 0) {
        long v = psync_op(c, SHMEMI_AMO_FETCH, PSYNC_ARRIVE, 0, 0);
        if (v < SHMEM_SYNC_VALUE || v >= SHMEM_SYNC_VALUE + c->size)
            bad_psync(c);
        psync_wait(c, PSYNC_ARRIVE, SHMEM_SYNC_VALUE + c->size - 1);
        psync_op(c, SHMEMI_AMO_SET, PSYNC_ARRIVE, SHMEM_SYNC_VALUE, 0);
        for (int i = 1; i < c->size; i++)
            psync_op(c, SHMEMI_AMO_SET, PSYNC_RELEASE, SHMEM_SYNC_VALUE + 1, i);
        return;
    }
    if (psync_op(c, SHMEMI_AMO_FETCH, PSYNC_RELEASE, 0, c->me) != SHMEM_SYNC_VALUE)
        bad_psync(c);
    psync_op(c, SHMEMI_AMO_ADD, PSYNC_ARRIVE, 1, 0);
    psync_wait(c, PSYNC_RELEASE, SHMEM_SYNC_VALUE + 1);
    psync_op(c, SHMEMI_AMO_SET, PSYNC_RELEASE, SHMEM_SYNC_VALUE, c->me);
}

void shmemi_coll_barrier(const struct shmemi_coll *c)
{
    if (c->team) {
        shmemi_team_barrier(c->call, c->team);
        return;
    }
    shmemi_quiet();
    psync_barrier(c);
}

/* The team's word is the first of its scratch work area, host memory. */
static _Atomic uint64_t *team_word(const struct shmemi_coll *c)
{
    return (_Atomic uint64_t *)c->team->scratch->work;
}

void shmemi_coll_publish(const struct shmemi_coll *c, size_t value)
{
    if (c->team)
        atomic_store_explicit(team_word(c), value, memory_order_relaxed);
    else
        psync_op(c, SHMEMI_AMO_SET, PSYNC_WORD, (long)value, c->me);
}

size_t shmemi_coll_published(const struct shmemi_coll *c, int i)
{
    if (c->team)
        return shmemi_team_peer_word(c->call, c->team, team_word(c), i);
    return (size_t)psync_op(c, SHMEMI_AMO_FETCH, PSYNC_WORD, 0, i);
}

void shmemi_coll_unpublish(const struct shmemi_coll *c)
{
    if (!c->team)
        psync_op(c, SHMEMI_AMO_SET, PSYNC_WORD, SHMEM_SYNC_VALUE, c->me);
}

int shmemi_coll_loadstore(const struct shmemi_coll *c)
{
    if (!shmemi_heap.host_access)
        return 0;
    for (int i = 0; i < c->size; i++)
        if (shmemi_state.local_index[shmemi_coll_pe(c, i)] < 0)
            return 0;
    return 1;
}
