/* Starting and stopping the runtime, for every entry point that does. */
#ifndef SHMEMI_LIFECYCLE_H
#define SHMEMI_LIFECYCLE_H

/* shmem_init_thread for every entry point that starts the runtime (shmem_init,
 * start_pes): public routines never call each other, so that a profiling
 * tool wrapping them (pshmem.h) sees only the application's calls. */
void shmemi_init_thread(const char *call, int requested, int *provided);

/* shmem_finalize, for it and for start_pes's exit handler. */
void shmemi_finalize(const char *call);

#endif
