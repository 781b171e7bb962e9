/* The device proxy's channel: how a kernel asks the host of its PE to reach
 * a PE of another node. UCX (the inter-node transport) runs on the CPU and
 * cannot be driven from a kernel, so each PE whose kernels may need it keeps
 * a ring of request slots in pinned host memory; kernel threads fill slots,
 * and one host thread of the PE (src/device/proxy/proxy.c) executes them, in
 * ticket order, through the transport.
 *
 * A slot's seq word says whose turn it is, for ticket t (the ring's
 * t-th request, in slot t % slots):
 *   FREE(t)   the slot waits for ticket t to fill it;
 *   POSTED(t) ticket t's request is in it, for the host to execute;
 *   DONE(t)   executed, and its result (a get's data, a fetched word) is in
 *             it: the requester copies it out and frees the slot for t+slots.
 * A request nobody waits for (a put, a non-fetching AMO) is freed by the
 * host at once. The requester writes the request, then seq with release
 * semantics; the host reads seq with acquire semantics, and the reverse for
 * results: so neither side needs a lock, and a full ring makes a requester
 * wait for its slot's turn, never overwrite it.
 *
 * Plain C, so that the library, kernels and host tests share it. */
#ifndef SHMEM_PROXY_RING_H
#define SHMEM_PROXY_RING_H

#define SHMEMI_PROXY_FREE(t) ((unsigned long long)(t) << 2)
#define SHMEMI_PROXY_POSTED(t) (((unsigned long long)(t) << 2) | 1)
#define SHMEMI_PROXY_DONE(t) (((unsigned long long)(t) << 2) | 2)

/* Payload bytes a slot carries; a larger put or get takes several slots.
 * The slot is 512 bytes: a 64-byte request, then the data, 16-byte
 * aligned for the kernel's vector copies. */
#define SHMEMI_PROXY_DATA 448

enum shmemi_proxy_op {
    SHMEMI_PROXY_PUT = 1,    /* data -> addr on pe */
    SHMEMI_PROXY_GET,        /* addr on pe -> data */
    SHMEMI_PROXY_AMO,        /* amo on the word at addr on pe; old value -> result */
    SHMEMI_PROXY_PUT_SIGNAL, /* the put (if bytes), a fence, then amo on sig_addr */
    SHMEMI_PROXY_FENCE,      /* orders the requests before it before those after */
    SHMEMI_PROXY_QUIET,      /* completes every request before it at its target */
};
/* Or'ed into op: the requester waits for DONE (and then frees the slot). */
#define SHMEMI_PROXY_WAIT 0x100u
#define SHMEMI_PROXY_OP_MASK 0xffu

/* AMO codes: those of the runtime's shmemi_amo (src/transport/amo_op.h) and of
 * the device's (shmem/device/amo.h); src/device/proxy/proxy.c and
 * shmem/device/amo.h check that they agree. */
enum shmemi_proxy_amo {
    SHMEMI_PROXY_AMO_FETCH,
    SHMEMI_PROXY_AMO_SET,
    SHMEMI_PROXY_AMO_SWAP,
    SHMEMI_PROXY_AMO_CSWAP,
    SHMEMI_PROXY_AMO_ADD,
    SHMEMI_PROXY_AMO_AND,
    SHMEMI_PROXY_AMO_OR,
    SHMEMI_PROXY_AMO_XOR,
};

struct shmemi_proxy_slot {
    unsigned long long seq;
    unsigned int op;     /* shmemi_proxy_op, | SHMEMI_PROXY_WAIT */
    unsigned int bytes;  /* data bytes; an AMO's word size (4 or 8) */
    int pe;
    unsigned int amo;    /* AMO and PUT_SIGNAL: the shmemi_proxy_amo */
    unsigned long long addr;     /* the requester's symmetric address */
    unsigned long long value;    /* AMO operand; PUT_SIGNAL: the signal */
    unsigned long long cond;     /* compare-swap's comparand */
    unsigned long long sig_addr; /* PUT_SIGNAL: the signal word */
    unsigned long long result;   /* a fetching AMO's old value */
    unsigned char data[SHMEMI_PROXY_DATA];
};

/* What a requester needs, as its side maps it (kernels: device addresses).
 * slots == 0: this PE has no proxy. */
struct shmemi_proxy_channel {
    unsigned long long *ticket;         /* the next ticket: GPU memory on a GPU */
    struct shmemi_proxy_slot *slots;    /* [mask + 1], pinned host memory */
    const unsigned long long *quieted;  /* tickets below it are complete */
    unsigned long long mask;            /* slots - 1 (a power of two) */
};

#endif
