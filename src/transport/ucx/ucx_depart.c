/* Leaving the job. A flushing close of an endpoint may need the peer's
 * worker to answer it (the last sends and the close itself are
 * acknowledged over some transports), so a PE that destroyed its worker
 * and left as soon as its own closes completed stranded a peer whose close
 * to it had not: about one 4-PE run of coll_reduce in 200, on nodes of two
 * under load, hung for ever in shmem_finalize. So no PE destroys a worker
 * until every PE's closes are done: the bootstrap's barrier runs in a
 * thread of its own while this one keeps the workers progressing. */
#include <pthread.h>
#include <stdatomic.h>

#include "heap/heap.h"
#include "init/error.h"
#include "init/runtime.h"
#include "sync/engine/spin.h"
#include "ucx.h"

struct departure {
    _Atomic int done;
    int rc;
};

static void *barrier_thread(void *arg)
{
    shmemi_runtime_thread = 1;
    struct departure *d = arg;
    d->rc = shmemi_state.boot.barrier();
    atomic_store_explicit(&d->done, 1, memory_order_release);
    return NULL;
}

void shmemi_ucx_depart(void)
{
    struct departure d = {.rc = 0};
    atomic_init(&d.done, 0);
    pthread_t t;
    int err = pthread_create(&t, NULL, barrier_thread, &d);
    if (err != 0)
        shmemi_fatal("shmem_finalize", "pthread_create for the departure barrier failed "
                     "(error %d): the system is out of threads; raise ulimit -u", err);
    size_t polls = 0;
    while (!atomic_load_explicit(&d.done, memory_order_acquire)) {
        shmemi_abort_poll();
        if (shmemi_ucx_serve() | shmemi_ucx_ctx_progress_kept())
            polls = 0;
        else
            shmemi_spin_idle(&polls);
    }
    pthread_join(t, NULL);
    if (d.rc != 0)
        shmemi_warn("shmem_finalize", "the barrier after closing UCX endpoints failed; "
                    "a peer may have left early, so its UCX resources may linger");
}
