/* Alltoall and alltoalls: after the entry barrier every member copies its
 * block out of each member's source into its own dest, starting with its
 * own and going round, so that the members do not all read the same member
 * at once. */
#include "init/error.h"
#include "coll.h"
#include "xfer.h"

void shmemi_coll_alltoall(const struct shmemi_coll *c, void *dest, const void *source,
                          ptrdiff_t dst, ptrdiff_t sst, size_t nelems, size_t elem)
{
    if (dst < 1 || sst < 1)
        shmemi_fatal(c->call, "the strides are dst=%td and sst=%td: both must be 1 "
                     "or more (1 for contiguous elements)", dst, sst);
    /* Both arrays hold size blocks; their extents must not wrap. */
    size_t total = shmemi_coll_bytes(c, nelems, (size_t)c->size);
    shmemi_rma_strided_extent(c->call, dst, total, elem);
    shmemi_rma_strided_extent(c->call, sst, total, elem);
    size_t dblock = nelems * (size_t)dst * elem, sblock = nelems * (size_t)sst * elem;
    shmemi_coll_barrier(c);
    for (int k = 0; k < c->size; k++) {
        int j = (c->me + k) % c->size;
        char *d = (char *)dest + (size_t)j * dblock;
        const char *s = (const char *)source + (size_t)c->me * sblock;
        if (dst == 1 && sst == 1)
            shmemi_coll_fetch(c, d, s, j, nelems * elem);
        else
            shmemi_coll_fetch_strided(c, d, dst, s, j, sst, nelems, elem);
    }
    shmemi_coll_barrier(c);
}

static int alltoall_team(const char *call, shmem_team_t team, void *dest,
                         const void *source, ptrdiff_t dst, ptrdiff_t sst,
                         size_t nelems, size_t elem)
{
    struct shmemi_coll c;
    if (shmemi_coll_team(&c, call, team) != 0)
        return -1;
    shmemi_coll_alltoall(&c, dest, source, dst, sst, nelems, elem);
    return 0;
}

#define SHMEMI_DEF_ALLTOALL(T, N)                                             \
    int shmem_##N##_alltoall(shmem_team_t team, T *dest, const T *source,    \
                             size_t nelems)                                   \
    {                                                                         \
        return alltoall_team(__func__, team, dest, source, 1, 1, nelems,      \
                             sizeof(T));                                      \
    }                                                                         \
    int shmem_##N##_alltoalls(shmem_team_t team, T *dest, const T *source,   \
                              ptrdiff_t dst, ptrdiff_t sst, size_t nelems)    \
    {                                                                         \
        return alltoall_team(__func__, team, dest, source, dst, sst, nelems,  \
                             sizeof(T));                                      \
    }
SHMEMI_RMA_TYPES(SHMEMI_DEF_ALLTOALL)

int shmem_alltoallmem(shmem_team_t team, void *dest, const void *source, size_t nelems)
{
    return alltoall_team(__func__, team, dest, source, 1, 1, nelems, 1);
}

int shmem_alltoallsmem(shmem_team_t team, void *dest, const void *source,
                       ptrdiff_t dst, ptrdiff_t sst, size_t nelems)
{
    return alltoall_team(__func__, team, dest, source, dst, sst, nelems, 1);
}

#define SHMEMI_DEF_ALLTOALL_SIZED(B)                                          \
    void shmem_alltoall##B(void *dest, const void *source, size_t nelems,    \
                           int PE_start, int logPE_stride, int PE_size,       \
                           long *pSync)                                       \
    {                                                                         \
        struct shmemi_coll c;                                                 \
        shmemi_coll_active_set(&c, __func__, PE_start, logPE_stride,          \
                               PE_size, pSync);                               \
        shmemi_coll_alltoall(&c, dest, source, 1, 1, nelems, B / 8);          \
    }                                                                         \
    void shmem_alltoalls##B(void *dest, const void *source, ptrdiff_t dst,   \
                            ptrdiff_t sst, size_t nelems, int PE_start,       \
                            int logPE_stride, int PE_size, long *pSync)       \
    {                                                                         \
        struct shmemi_coll c;                                                 \
        shmemi_coll_active_set(&c, __func__, PE_start, logPE_stride,          \
                               PE_size, pSync);                               \
        shmemi_coll_alltoall(&c, dest, source, dst, sst, nelems, B / 8);      \
    }
SHMEMI_COLL_SIZES(SHMEMI_DEF_ALLTOALL_SIZED)
