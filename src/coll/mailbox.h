/* Mailboxes for small collectives: for every ordered pair of node PEs a
 * channel of a few slots in the receiver's control window (host memory, even
 * when the data heap is on a GPU). A sender copies its bytes into a slot and
 * publishes the message's sequence number in the slot's header; the
 * receiver waits for that number, takes the bytes and acknowledges in the
 * sender's control window, which frees the slot for a later message. A
 * small collective therefore costs one one-way latency instead of two
 * barriers: the data travels with its own flag, a sender waits only for a
 * receiver that is several messages behind, and a receiver writes only its
 * own dest.
 *
 * A channel is shared by every collective its two PEs take part in, team or
 * active set, so their messages must be sent and received in the same
 * order on both: true when collectives are matched by the order of the
 * calls, which holds unless threads of one PE run collectives at the same
 * time (SHMEM_THREAD_MULTIPLE on any PE: every PE must choose alike).
 * shmemi_mailbox_fits says when the channels may be used.
 *
 * A channel to a PE of another node works the same through the transport:
 * the sender fills a private staging slot and puts the payload, then (after
 * a fence) the sequence number, into the receiver's inbox; the receiver
 * puts its acknowledgement into the sender's control window. Waits
 * progress the transport, as every wait does. */
#ifndef SHMEMI_COLL_MAILBOX_H
#define SHMEMI_COLL_MAILBOX_H

#include <stddef.h>

/* The largest message, whatever the job size. Measured on 2 to 8 PEs
 * (bench/compare_api.sh): a broadcast of 16 KiB through the channels takes
 * about a third of the barrier algorithm's time on 4 PEs; past that the
 * members' parallel copies win. */
#define SHMEMI_MAILBOX_MAX_BYTES 16384

/* Bytes of control window the channels need; before the heap exists. */
size_t shmemi_mailbox_ctrl_bytes(void);
/* At init, with this PE's zeroed region of ctrl_bytes. */
void shmemi_mailbox_init(char *ctrl);
void shmemi_mailbox_fini(void);

/* Whether a message of `bytes` may go through the channels: the same answer
 * on every PE that makes the same call. */
int shmemi_mailbox_fits(size_t bytes);

/* The payload area of this PE's next slot on world PE pe (a staging area
 * when pe is on another node), once pe has taken the message that used it
 * last; shmemi_mailbox_post sends its first `bytes`. call names the routine
 * in the SHMEM_DEBUG report of a PE that never comes. */
void *shmemi_mailbox_slot(const char *call, int pe);
void shmemi_mailbox_post(const char *call, int pe, size_t bytes);

/* The payload of the next message from world PE pe, once it has arrived;
 * shmemi_mailbox_release hands the slot back to pe. */
const void *shmemi_mailbox_wait(const char *call, int pe);
void shmemi_mailbox_release(int pe);

#endif
