/* Names from before OpenSHMEM 1.5 that the specification still lists as
 * deprecated, for old programs: each is the current routine under its old
 * name, through the runtime's functions behind it (a public routine never
 * calls another, so that a profiling tool sees only the application's
 * calls). The untyped shmem_wait and shmem_wait_until are in sync/wait.c. */
#include <stdlib.h>
#include <unistd.h>

#include <shmem.h>

#include "malloc/shmem_malloc.h"
#include "init/error.h"
#include "init/runtime.h"
#include "lifecycle.h"

/* start_pes calls not yet matched by a finalize at exit, and the process
 * that made them: a child of fork() that calls exit() shares the heap's
 * pages, and a finalize there would take part in the parent's barriers. */
static int start_pes_open;
static pid_t start_pes_pid;

/* OpenSHMEM: a program that starts with start_pes need not call
 * shmem_finalize; the library finalizes at exit. One finalize per start_pes
 * call, for as long as the runtime is up (the program may have finalized
 * itself): a shmem_init left unmatched is still reported at exit as a PE
 * that ended without shmem_finalize. */
static void finalize_at_exit(void)
{
    if (getpid() != start_pes_pid)
        return;
    for (; start_pes_open > 0 && shmemi_initialized(); start_pes_open--)
        shmemi_finalize("start_pes (at exit)");
}

void start_pes(int npes)
{
    (void)npes;
    shmemi_init_thread(__func__, SHMEM_THREAD_SINGLE, NULL);
    /* Registered after the runtime's start, so that it runs before the exit
     * handlers of the libraries that start registered, whose state the
     * finalize still uses. */
    start_pes_pid = getpid();
    if (start_pes_open++ == 0 && atexit(finalize_at_exit) != 0)
        shmemi_warn(__func__, "cannot register the handler that finalizes at exit; "
                    "call shmem_finalize before the program ends");
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
