/* The bootstrap: how PEs find each other before the symmetric heap exists.
 * Three backends, tried in this order: PMIx (mpirun/prterun), the socket
 * rendezvous served by our own shmemrun, and a single PE. Each offers the
 * same small set of collectives over byte blobs. */
#ifndef SHMEMI_BOOTSTRAP_H
#define SHMEMI_BOOTSTRAP_H

#include <stddef.h>

struct shmemi_bootstrap {
    const char *name;          /* "pmix", "shmemrun", "single" */
    int rank;
    int size;
    /* Every PE contributes len bytes; out receives size*len bytes, rank r's
     * contribution at out + r*len. len is the same on every PE. */
    int (*allgather)(const void *in, void *out, size_t len);
    int (*barrier)(void);
    /* Ends the whole job; must not return. msg may be NULL. */
    void (*abort)(int code, const char *msg);
    /* Tells the launcher that this PE ends the job with code because PE
     * cause failed (this PE's own rank: its error or its request), before
     * anyone else learns of it: the launcher then blames that PE, with its
     * own status once it is gone, and never a PE that the end takes down.
     * abort follows. NULL where the launcher judges for itself (mpirun). */
    void (*announce_end)(int code, int cause, const char *msg);
    /* Tells the launcher that this PE finalized cleanly. */
    int (*finalize)(void);
};

/* Picks and starts the backend; on failure prints why and exits. */
void shmemi_bootstrap_init(struct shmemi_bootstrap *b);

/* Backends: each returns 0 on success, -1 after printing an error. */
int shmemi_bootstrap_pmix_init(struct shmemi_bootstrap *b);
int shmemi_bootstrap_socket_init(struct shmemi_bootstrap *b);
int shmemi_bootstrap_single_init(struct shmemi_bootstrap *b);

#endif
