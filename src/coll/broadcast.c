/* Broadcast: after the entry barrier every member copies the root's source
 * into its own dest, so the root's data is read in parallel and each copy
 * lands in the reader's memory. */
#include "init/error.h"
#include "coll.h"
#include "mailbox.h"
#include "xfer.h"

void shmemi_coll_broadcast(const struct shmemi_coll *c, void *dest, const void *source,
                           size_t bytes, int root, int to_root)
{
    if (root < 0 || root >= c->size)
        shmemi_fatal(c->call, "PE_root %d is not a member: the %s has PEs 0 to %d",
                     root, c->team ? "team" : "active set", c->size - 1);
    if (shmemi_mailbox_fits(bytes)) {
        shmemi_small_broadcast(c, dest, source, bytes, root, to_root);
        return;
    }
    shmemi_coll_barrier(c);
    if (c->me != root || (to_root && dest != source))
        shmemi_coll_fetch(c, dest, source, root, bytes);
    shmemi_coll_barrier(c);
}

static int broadcast_team(const char *call, shmem_team_t team, void *dest,
                          const void *source, size_t nelems, size_t elem, int root)
{
    struct shmemi_coll c;
    if (shmemi_coll_team(&c, call, team) != 0)
        return -1;
    shmemi_coll_broadcast(&c, dest, source, shmemi_coll_bytes(&c, nelems, elem), root, 1);
    return 0;
}

#define SHMEMI_DEF_BROADCAST(T, N)                                            \
    int shmem_##N##_broadcast(shmem_team_t team, T *dest, const T *source,   \
                              size_t nelems, int PE_root)                     \
    {                                                                         \
        return broadcast_team(__func__, team, dest, source, nelems,           \
                              sizeof(T), PE_root);                            \
    }
SHMEMI_RMA_TYPES(SHMEMI_DEF_BROADCAST)

int shmem_broadcastmem(shmem_team_t team, void *dest, const void *source,
                       size_t nelems, int PE_root)
{
    return broadcast_team(__func__, team, dest, source, nelems, 1, PE_root);
}

/* The active-set form leaves the root's dest alone, as it always has. */
#define SHMEMI_DEF_BROADCAST_SIZED(B)                                         \
    void shmem_broadcast##B(void *dest, const void *source, size_t nelems,   \
                            int PE_root, int PE_start, int logPE_stride,      \
                            int PE_size, long *pSync)                         \
    {                                                                         \
        struct shmemi_coll c;                                                 \
        shmemi_coll_active_set(&c, __func__, PE_start, logPE_stride,          \
                               PE_size, pSync);                               \
        shmemi_coll_broadcast(&c, dest, source,                               \
                              shmemi_coll_bytes(&c, nelems, B / 8), PE_root,  \
                              0);                                             \
    }
SHMEMI_COLL_SIZES(SHMEMI_DEF_BROADCAST_SIZED)
