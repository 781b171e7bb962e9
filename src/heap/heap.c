#include <stdlib.h>
#include <unistd.h>

#include "../init/config.h"
#include "../init/error.h"
#include "alloc.h"
#include "heap.h"

struct shmemi_heap shmemi_heap = {.memfd = -1};

/* Each PE sends its memory object to every node peer and maps every peer's
 * into the matching slot of its window. */
static void exchange_and_map(void)
{
    int n = shmemi_state.n_local, me = shmemi_state.my_local;
    for (int i = 0; i < n; i++)
        if (i != me && shmemi_fd_send(shmemi_heap.links[i], shmemi_heap.memfd,
                                      &me, sizeof me) != 0)
            shmemi_fatal("shmem_init", "cannot send the heap handle to PE %d",
                         shmemi_state.local_pes[i]);
    for (int i = 0; i < n; i++) {
        if (i == me)
            continue;
        int fd = -1, from = -1;
        if (shmemi_fd_recv(shmemi_heap.links[i], &fd, &from, sizeof from) != 0 ||
            from != i)
            shmemi_fatal("shmem_init", "did not receive the heap handle of PE %d",
                         shmemi_state.local_pes[i]);
        shmemi_window_map(i, fd);
        /* The mapping holds the object; the descriptor is not needed. */
        close(fd);
    }
}

void shmemi_heap_init(void)
{
    size_t size = shmemi_config.symmetric_size + SHMEMI_HEAP_RESERVED +
                  SHMEMI_HEAP_INTERNAL;
    size = (size + 4095) & ~(size_t)4095;
    shmemi_heap.memfd = shmemi_memfd_create(size);
    shmemi_window_reserve(shmemi_state.n_local, size);
    shmemi_heap.base = shmemi_heap.window +
                       (size_t)shmemi_state.my_local * shmemi_heap.stride;
    shmemi_window_map(shmemi_state.my_local, shmemi_heap.memfd);

    struct shmemi_heap_header *h = shmemi_heap_header_of(shmemi_state.my_local);
    h->pid = (int)getpid();
    atomic_store(&h->state, SHMEMI_PE_RUNNING);

    shmemi_links_open();
    exchange_and_map();
    shmemi_alloc_init(SHMEMI_HEAP_RESERVED, size);
    shmemi_liveness_start();
}

void shmemi_heap_finalize(void)
{
    atomic_store(&shmemi_heap_header_of(shmemi_state.my_local)->state,
                 SHMEMI_PE_FINALIZED);
    shmemi_liveness_stop();
    shmemi_links_close();
    shmemi_alloc_fini();
    shmemi_window_release();
    close(shmemi_heap.memfd);
    shmemi_heap.memfd = -1;
}
