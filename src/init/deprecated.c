/* Names from before OpenSHMEM 1.5 that the specification still lists as
 * deprecated, for old programs: each is the current routine under its old
 * name, through the runtime's functions behind it (a public routine never
 * calls another, so that a profiling tool sees only the application's
 * calls). The untyped shmem_wait and shmem_wait_until are in sync/wait.c. */
#include <shmem.h>

#include "../heap/heap.h"
#include "runtime.h"

void start_pes(int npes)
{
    (void)npes;
    shmemi_init_thread(__func__, SHMEM_THREAD_SINGLE, NULL);
}

int _my_pe(void)
{
    shmemi_require_init(__func__);
    return shmemi_state.my_pe;
}

int _num_pes(void)
{
    shmemi_require_init(__func__);
    return shmemi_state.n_pes;
}

void *shmalloc(size_t size) { return shmemi_malloc(__func__, size); }

void shfree(void *ptr) { shmemi_free(__func__, ptr); }

void *shrealloc(void *ptr, size_t size) { return shmemi_realloc(__func__, ptr, size); }

void *shmemalign(size_t alignment, size_t size) { return shmemi_align(__func__, alignment, size); }
