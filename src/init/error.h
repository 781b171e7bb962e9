/* Messages to the user. Every message names the PE and the call, and says
 * what to do about it. */
#ifndef SHMEMI_ERROR_H
#define SHMEMI_ERROR_H

#include <stdnoreturn.h>

/* Prints "[shmem PE n] call: message" to stderr. */
void shmemi_warn(const char *call, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Set by the runtime's own threads (the liveness watcher, the emulated
 * barrier switch, the device proxy, the departure barrier): see
 * shmemi_flush_stdio. */
extern _Thread_local int shmemi_runtime_thread;

/* Flushes the program's stdio buffers, where that cannot hang, before the
 * process leaves with _exit. */
void shmemi_flush_stdio(void);

/* Flushes stdio, prints like shmemi_warn, then ends the whole job with a non-zero status
 * through the bootstrap (or _exit when there is none yet). */
noreturn void shmemi_fatal(const char *call, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#endif
