/* Collect and fcollect: after the entry barrier every member copies each
 * member's source into its own dest, starting with its own block and going
 * round, so that the members do not all read the same member at once.
 * Collect first learns every member's count from the exchange words. */
#include "coll.h"
#include "mailbox.h"
#include "xfer.h"

void shmemi_coll_fcollect(const struct shmemi_coll *c, void *dest, const void *source,
                          size_t nelems, size_t elem)
{
    size_t bytes = shmemi_coll_bytes(c, nelems, elem);
    /* The offsets of the blocks in dest must not wrap. */
    shmemi_coll_bytes(c, bytes, (size_t)c->size);
    if (bytes <= SHMEMI_SMALL_SHARED_BYTES && shmemi_mailbox_fits(bytes)) {
        shmemi_small_fcollect(c, dest, source, bytes);
        return;
    }
    shmemi_coll_barrier(c);
    for (int k = 0; k < c->size; k++) {
        int j = (c->me + k) % c->size;
        shmemi_coll_fetch(c, (char *)dest + (size_t)j * bytes, source, j, bytes);
    }
    shmemi_coll_barrier(c);
}

void shmemi_coll_collect(const struct shmemi_coll *c, void *dest, const void *source,
                         size_t nelems, size_t elem)
{
    /* A count that does not fit the heap is reported here, by its owner. */
    size_t bytes = shmemi_coll_bytes(c, nelems, elem);
    if (bytes)
        (void)shmemi_coll_mine(c, source, bytes);
    shmemi_coll_publish(c, nelems);
    shmemi_coll_barrier(c);
    size_t off = 0;
    for (int j = 0; j < c->me; j++)
        off += shmemi_coll_published(c, j);
    for (int k = 0, j = c->me; k < c->size; k++) {
        size_t n = shmemi_coll_published(c, j);
        shmemi_coll_fetch(c, (char *)dest + off * elem, source, j, n * elem);
        if (++j == c->size)
            j = 0, off = 0;
        else
            off += n;
    }
    shmemi_coll_barrier(c);
    shmemi_coll_unpublish(c);
}

#define SHMEMI_DEF_TEAM_COLLECT(NAME)                                         \
    static int NAME##_team(const char *call, shmem_team_t team, void *dest,  \
                           const void *source, size_t nelems, size_t elem)    \
    {                                                                         \
        struct shmemi_coll c;                                                 \
        if (shmemi_coll_team(&c, call, team) != 0)                            \
            return -1;                                                        \
        shmemi_coll_##NAME(&c, dest, source, nelems, elem);                   \
        return 0;                                                             \
    }
SHMEMI_DEF_TEAM_COLLECT(collect)
SHMEMI_DEF_TEAM_COLLECT(fcollect)

#define SHMEMI_DEF_COLLECT(T, N)                                              \
    int shmem_##N##_collect(shmem_team_t team, T *dest, const T *source,     \
                            size_t nelems)                                    \
    {                                                                         \
        return collect_team(__func__, team, dest, source, nelems, sizeof(T)); \
    }                                                                         \
    int shmem_##N##_fcollect(shmem_team_t team, T *dest, const T *source,    \
                             size_t nelems)                                   \
    {                                                                         \
        return fcollect_team(__func__, team, dest, source, nelems,            \
                             sizeof(T));                                      \
    }
SHMEMI_RMA_TYPES(SHMEMI_DEF_COLLECT)

int shmem_collectmem(shmem_team_t team, void *dest, const void *source, size_t nelems)
{
    return collect_team(__func__, team, dest, source, nelems, 1);
}

int shmem_fcollectmem(shmem_team_t team, void *dest, const void *source, size_t nelems)
{
    return fcollect_team(__func__, team, dest, source, nelems, 1);
}

#define SHMEMI_DEF_COLLECT_SIZED(B)                                           \
    void shmem_collect##B(void *dest, const void *source, size_t nelems,     \
                          int PE_start, int logPE_stride, int PE_size,        \
                          long *pSync)                                        \
    {                                                                         \
        struct shmemi_coll c;                                                 \
        shmemi_coll_active_set(&c, __func__, PE_start, logPE_stride,          \
                               PE_size, pSync);                               \
        shmemi_coll_collect(&c, dest, source, nelems, B / 8);                 \
    }                                                                         \
    void shmem_fcollect##B(void *dest, const void *source, size_t nelems,    \
                           int PE_start, int logPE_stride, int PE_size,       \
                           long *pSync)                                       \
    {                                                                         \
        struct shmemi_coll c;                                                 \
        shmemi_coll_active_set(&c, __func__, PE_start, logPE_stride,          \
                               PE_size, pSync);                               \
        shmemi_coll_fcollect(&c, dest, source, nelems, B / 8);                \
    }
SHMEMI_COLL_SIZES(SHMEMI_DEF_COLLECT_SIZED)
