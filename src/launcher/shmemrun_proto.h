/* The wire protocol between shmemrun and the PEs it starts.
 *
 * shmemrun listens on an abstract Unix socket (no file to leak) and passes
 * its name to every child in SHMEMRUN_ADDR, with SHMEMRUN_RANK,
 * SHMEMRUN_SIZE and its own pid in SHMEMRUN_PID. A PE connects once, in
 * shmem_init, checks that the listener is that pid of its own user, and
 * keeps the connection until it exits; shmemrun serves only its own user's
 * processes. Every message is a header followed by len bytes of payload. */
#ifndef SHMEMI_SHMEMRUN_PROTO_H
#define SHMEMI_SHMEMRUN_PROTO_H

#include <stdint.h>

#define SHMEMRUN_ENV_ADDR  "SHMEMRUN_ADDR"
#define SHMEMRUN_ENV_RANK  "SHMEMRUN_RANK"
#define SHMEMRUN_ENV_SIZE  "SHMEMRUN_SIZE"
#define SHMEMRUN_ENV_PID   "SHMEMRUN_PID"

enum shmemrun_msg_type {
    /* PE -> launcher, first message: payload is struct shmemrun_hello. */
    SHMEMRUN_MSG_HELLO = 1,
    /* PE -> launcher: payload is this PE's contribution (len may be 0, which
     * makes it a barrier). launcher -> PE, once every PE contributed: the
     * contributions concatenated in rank order. */
    SHMEMRUN_MSG_ALLGATHER = 2,
    /* PE -> launcher: payload is struct shmemrun_abort followed by a
     * message; the launcher kills every PE and exits with the code, or
     * with the status of the PE named as the cause once it is gone. */
    SHMEMRUN_MSG_ABORT = 3,
    /* PE -> launcher: this PE finished shmem_finalize; its exit is normal. */
    SHMEMRUN_MSG_FINALIZE = 4,
};

struct shmemrun_hdr {
    uint32_t type;
    uint32_t len;
};

/* The sender's pid is the kernel's to tell (SO_PEERCRED), not the PE's. */
struct shmemrun_hello {
    int32_t rank;
};

struct shmemrun_abort {
    int32_t code;
    int32_t cause; /* the PE whose failure ends the job: the sender's rank,
                      or the node peer whose death it saw */
};

#endif
