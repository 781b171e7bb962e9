/* The mailbox channels (mailbox.h). This PE's region of the control window
 * holds its inbox, DEPTH slots per sending PE, and one acknowledgement line
 * per receiving PE, where that receiver counts the messages from this PE it
 * has taken. The counts of messages sent, taken and known to be taken per
 * peer are private. */
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>

#include <shmem.h>

#include "heap/heap.h"
#include "init/config.h"
#include "init/error.h"
#include "sync/engine/spin.h"
#include "transport/peer_word.h"
#include "mailbox.h"

#define LINE 64
/* A slot's sequence number shares the first line with the start of the
 * payload, so that a message of up to LINE - HEAD bytes moves as one cache
 * line; HEAD keeps the payload aligned for every element type. */
#define HEAD 16
/* Slots per channel: a sender rereads the receiver's acknowledgement (a
 * cache miss) only when it has used up the slots it last saw freed, once
 * every DEPTH - 1 messages when the receiver keeps up. */
#define DEPTH 4
/* Control window the inbox may take on each PE: it has DEPTH slots for
 * every PE, so the message size shrinks as the job grows (to nothing past
 * about 4000 PEs, where the barrier algorithms serve every size). */
#define BUDGET ((size_t)1 << 20)

static size_t cap;        /* bytes of a slot's payload; 0: no channels */
static size_t slot_bytes; /* header and payload, whole lines */
static char *inbox;       /* [n_pes][DEPTH] slots */
static char *acks;        /* [n_pes] lines */
static uint32_t *sent, *taken, *freed; /* [n_pes] */
/* The slot a message to a PE of another node is built in, before the
 * transport puts it into that PE's inbox. */
static char *staging;

static size_t payload_cap(void)
{
    size_t n = (size_t)shmemi_state.n_pes;
    size_t per = (BUDGET / (DEPTH * n)) & ~(size_t)(LINE - 1);
    if (per <= LINE)
        return 0;
    return per - LINE < SHMEMI_MAILBOX_MAX_BYTES ? per - LINE : SHMEMI_MAILBOX_MAX_BYTES;
}

size_t shmemi_mailbox_ctrl_bytes(void)
{
    cap = payload_cap();
    slot_bytes = (HEAD + cap + LINE - 1) & ~(size_t)(LINE - 1);
    size_t n = (size_t)shmemi_state.n_pes;
    return cap ? n * (DEPTH * slot_bytes + LINE) : 0;
}

void shmemi_mailbox_init(char *ctrl)
{
    if (!cap)
        return;
    size_t n = (size_t)shmemi_state.n_pes;
    inbox = ctrl;
    acks = ctrl + n * DEPTH * slot_bytes;
    sent = calloc(n, sizeof *sent);
    taken = calloc(n, sizeof *taken);
    freed = calloc(n, sizeof *freed);
    int spans_nodes = shmemi_state.n_local != shmemi_state.n_pes;
    staging = spans_nodes ? aligned_alloc(LINE, slot_bytes) : NULL;
    if (!sent || !taken || !freed || (spans_nodes && !staging))
        shmemi_fatal("shmem_init", "out of memory for the collectives' mailbox counts "
                     "and staging slot (%zu PEs)", n);
}

void shmemi_mailbox_fini(void)
{
    free(sent);
    free(taken);
    free(freed);
    free(staging);
    sent = taken = freed = NULL;
    staging = NULL;
    inbox = acks = NULL;
    cap = 0;
}

int shmemi_mailbox_fits(size_t bytes)
{
    /* No channels (cap 0) fit nothing, not even an empty message. */
    return cap && bytes <= cap && shmemi_state.job_thread_level != SHMEM_THREAD_MULTIPLE;
}

/* The slot of message seq on the channel from world PE `from`, in this
 * PE's inbox. */
static char *slot_of(int from, uint32_t seq)
{
    return inbox + ((size_t)from * DEPTH + seq % DEPTH) * slot_bytes;
}

static int reached(uint32_t v, uint32_t e) { return (int32_t)(v - e) >= 0; }

static void *on_peer(const void *p, int pe)
{
    return shmemi_heap_at(p, shmemi_state.local_index[pe]);
}

/* Waits until *w reaches e, a message or acknowledgement from world PE pe;
 * under SHMEM_DEBUG, past SHMEM_BARRIER_TIMEOUT, says which PE is missing
 * instead of hanging silently, as the barriers do. */
static void wait_reach(const char *call, _Atomic uint32_t *w, uint32_t e, int pe)
{
    struct shmemi_spin_timer timer = {0};
    while (!reached(atomic_load_explicit(w, memory_order_acquire), e)) {
        double waited = shmemi_spin_step_timed(&timer);
        if (waited > 0)
            shmemi_fatal(call, "waited %.0f s in a collective for world PE %d, and "
                         "world PE %d has not entered it: every member of the team "
                         "or active set must make the same collective calls, in the "
                         "same order (SHMEM_BARRIER_TIMEOUT sets how long to wait "
                         "before this report)", waited, pe, pe);
    }
}

void *shmemi_mailbox_slot(const char *call, int pe)
{
    uint32_t seq = sent[pe] + 1, last = seq - DEPTH; /* the slot's last message */
    if (!reached(freed[pe], last)) {
        _Atomic uint32_t *ack = (_Atomic uint32_t *)(acks + (size_t)pe * LINE);
        wait_reach(call, ack, last, pe);
        freed[pe] = atomic_load_explicit(ack, memory_order_acquire);
    }
    if (__builtin_expect(shmemi_state.local_index[pe] < 0, 0))
        return staging + HEAD;
    return (char *)on_peer(slot_of(shmemi_state.my_pe, seq), pe) + HEAD;
}

void shmemi_mailbox_post(const char *call, int pe, size_t bytes)
{
    uint32_t seq = ++sent[pe];
    char *slot = slot_of(shmemi_state.my_pe, seq);
    if (__builtin_expect(shmemi_state.local_index[pe] < 0, 0) && bytes) {
        /* The payload lands before the number that announces it. */
        shmemi_remote->put_internal(call, slot + HEAD, staging + HEAD, bytes, pe);
        shmemi_remote->fence(call, NULL);
    }
    shmemi_peer_store32(call, (_Atomic uint32_t *)slot, seq, pe);
}

const void *shmemi_mailbox_wait(const char *call, int pe)
{
    uint32_t seq = taken[pe] + 1;
    char *slot = slot_of(pe, seq);
    wait_reach(call, (_Atomic uint32_t *)slot, seq, pe);
    return slot + HEAD;
}

void shmemi_mailbox_release(int pe)
{
    uint32_t seq = ++taken[pe];
    shmemi_peer_store32("a small collective (its mailbox word to another node)",
                        (_Atomic uint32_t *)(acks + (size_t)shmemi_state.my_pe * LINE), seq,
                        pe);
}
