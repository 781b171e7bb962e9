/* The heap service's active messages: what an initiator sends to a PE that
 * serves its data heap (ucx_served.c), and what that PE answers
 * (ucx_service.c). */
#ifndef SHMEMI_UCX_AM_H
#define SHMEMI_UCX_AM_H

#include <stdint.h>

#include "ucx.h"

/* Numbered after the barrier's flag message (ucx_notify.c). */
enum shmemi_ucx_am {
    SHMEMI_AM_PUT = SHMEMI_UCX_AM_NOTIFY + 1, /* data: the bytes for off; an ACK answers */
    SHMEMI_AM_GET,      /* bytes from off; answered by a REPLY with them */
    SHMEMI_AM_AMO,      /* op on the word at off; answered by a REPLY (old value) */
    SHMEMI_AM_AMO_POST, /* the same, answered by an ACK */
    SHMEMI_AM_ACK,      /* token: the initiator's batch of acknowledgements */
    SHMEMI_AM_REPLY,    /* token: the initiator's reply; data lands at its dst + off */
    SHMEMI_AM_COUNT
};

/* The payloads of a served heap move in pieces of at most this many bytes,
 * so that the target's bounce buffer for one stays small. */
#define SHMEMI_AM_PIECE ((size_t)1 << 20)

struct shmemi_am_hdr {
    uint64_t off;   /* in the target's data heap (a REPLY: in the initiator's dst) */
    uint64_t bytes; /* GET: how many; AMO: the word's size */
    uint64_t token; /* the initiator's address that the answer names */
    uint64_t value; /* AMO: the operand; GET: the REPLY's off */
    uint64_t cond;  /* AMO: compare-swap's comparand */
    uint32_t op;    /* AMO: enum shmemi_amo_op */
    uint32_t pad;
};

/* Where a REPLY's data goes and the batch that waits for it. */
struct shmemi_ucx_reply {
    struct shmemi_ucx_batch b;
    char *dst;
};

/* A message and its header, which UCX reads until the send completes;
 * freed by the send's callback. b (or NULL) counts the send. A payload of
 * the service's own (a REPLY's) follows. */
struct shmemi_am_msg {
    struct shmemi_ucx_batch *b;
    struct shmemi_am_hdr h;
    char payload[];
};

/* A message with room for bytes of payload; ends the job without memory. */
struct shmemi_am_msg *shmemi_am_msg_new(const char *call, size_t bytes);
/* Sends m to ep with data (bytes) and UCX's flags; m is freed once sent,
 * and its send counted in m->b until then. */
void shmemi_am_send(const char *call, ucp_ep_h ep, enum shmemi_ucx_am id,
                    struct shmemi_am_msg *m, const void *data, size_t bytes, uint32_t flags,
                    int pe);

#endif
