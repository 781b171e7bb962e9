/* Small collectives through the mailboxes (mailbox.h): every member sends
 * its contribution to the members that need it and builds its own result
 * from the messages, so no member waits for more than the data it needs,
 * and none touches another member's heap. No barrier is needed at either
 * end: the dest of every member is ready by the time anyone calls (the
 * specification asks that of the caller), a source is read only by its
 * owner, before it returns, and the messages of consecutive calls are told
 * apart by the channels' sequence numbers. */
#include <string.h>

#include "heap/heap.h"
#include "coll.h"
#include "mailbox.h"
#include "xfer.h"

/* Private buf <- len bytes of source on member i. */
static void take(const struct shmemi_coll *c, void *buf, const void *source, int i,
                 size_t len)
{
    if (len)
        shmemi_coll_get(c, buf, source, i, len);
}

/* dest on this member <- private buf. */
static void give(const struct shmemi_coll *c, void *dest, const void *buf, size_t len)
{
    if (len)
        shmemi_coll_put(c, dest, c->me, buf, len);
}

/* Sends len bytes of this member's source to member j. */
static void send_source(const struct shmemi_coll *c, const void *source, size_t len, int j)
{
    int pe = shmemi_coll_pe(c, j);
    take(c, shmemi_mailbox_slot(c->call, pe), source, c->me, len);
    shmemi_mailbox_post(c->call, pe, len);
}

void shmemi_small_broadcast(const struct shmemi_coll *c, void *dest, const void *source,
                            size_t bytes, int root, int to_root)
{
    if (c->me == root) {
        for (int k = 1; k < c->size; k++)
            send_source(c, source, bytes, (root + k) % c->size);
        if (to_root && dest != source && bytes)
            shmemi_coll_fetch(c, dest, source, root, bytes);
    } else {
        int pe = shmemi_coll_pe(c, root);
        give(c, dest, shmemi_mailbox_wait(c->call, pe), bytes);
        shmemi_mailbox_release(pe);
    }
    /* On a device heap the copy into dest may still be in flight. */
    shmemi_heap_quiet();
}

void shmemi_small_fcollect(const struct shmemi_coll *c, void *dest, const void *source,
                           size_t bytes)
{
    int n = c->size;
    for (int k = 1; k < n; k++)
        send_source(c, source, bytes, (c->me + k) % n);
    if (bytes)
        shmemi_coll_fetch(c, (char *)dest + (size_t)c->me * bytes, source, c->me, bytes);
    /* The member k places to the left sent to this one k-th. */
    for (int k = 1; k < n; k++) {
        int j = (c->me + n - k) % n, pe = shmemi_coll_pe(c, j);
        give(c, (char *)dest + (size_t)j * bytes, shmemi_mailbox_wait(c->call, pe), bytes);
        shmemi_mailbox_release(pe);
    }
    shmemi_heap_quiet();
}

/* Every member combines the contributions it needs in member order, as the
 * barrier algorithm does, so that all get bit-identical results. */
void shmemi_small_reduce(const struct shmemi_coll *c, void *dest, const void *source,
                         size_t nelems, size_t elem, shmemi_combine_fn combine,
                         enum shmemi_reduce_kind kind)
{
    _Alignas(64) unsigned char mine[SHMEMI_SMALL_SHARED_BYTES], acc[SHMEMI_SMALL_SHARED_BYTES];
    size_t len = nelems * elem;
    int n = c->size, me = c->me;
    /* Read before anything is written: dest may be source. */
    take(c, mine, source, me, len);
    for (int k = 1; k < n; k++) {
        int j = (me + k) % n;
        if (kind == SHMEMI_REDUCE || j > me) {
            int pe = shmemi_coll_pe(c, j);
            memcpy(shmemi_mailbox_slot(c->call, pe), mine, len);
            shmemi_mailbox_post(c->call, pe, len);
        }
    }
    int last = kind == SHMEMI_REDUCE ? n - 1 : kind == SHMEMI_INSCAN ? me : me - 1;
    if (last < 0)
        memset(acc, 0, len);
    for (int j = 0; j <= last; j++) {
        int pe = shmemi_coll_pe(c, j);
        const void *in = j == me ? mine : shmemi_mailbox_wait(c->call, pe);
        if (j == 0)
            memcpy(acc, in, len);
        else
            combine(acc, in, nelems);
        if (j != me)
            shmemi_mailbox_release(pe);
    }
    give(c, dest, acc, len);
    shmemi_heap_quiet();
}
