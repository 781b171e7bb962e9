/* An emulated barrier switch (SHMEM_BARRIER_EMULATE=1), for testing: no
 * machine here has a switch that completes barriers, so this one stands in
 * for it, and the slot logic of the teams (ownership, exhaustion, reuse,
 * fallback, sequence numbers across owners) runs for real. It is not
 * faster than the dissemination barrier, and is not meant to be.
 *
 * The switch is a progress thread of the node's first PE. Every PE's
 * control window holds the provider's region, the same layout on all:
 *
 *   header   doorbell and sleep flag of the switch (the first PE's copy)
 *   table    per slot: state, last completed sequence number, PE set (the
 *            first PE's copy is the switch's table)
 *   arrive   per slot, one line: the slot's address for this PE, where it
 *            stores a barrier's sequence number to arrive
 *   complete per slot, one line: where the switch posts the completion
 *
 * The thread watches the arrival words of each active slot's members and,
 * once all hold the awaited number, records it as the slot's last and
 * stores it into every member's completion word. It polls as long as a
 * spinning PE would (SHMEM_SPIN_COUNT), then sleeps on a futex: each
 * arrival rings the doorbell, so a switch with nothing to do costs nothing
 * to the PEs it shares the cores with.
 *
 * A slot changes hands only through the thread: a release marks it
 * RELEASING and waits until the thread, which then forgets the old PE set,
 * marks it FREE. The next owner starts from the slot's last sequence
 * number, so no store of one owner can complete a barrier of the next. */
#define _GNU_SOURCE
#include <linux/futex.h>
#include <pthread.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "init/config.h"
#include "init/error.h"
#include "barrier_engine.h"
#include "spin.h"

enum { FREE = 0, CLAIMED, ACTIVE, RELEASING };

struct header {
    _Atomic uint32_t doorbell;
    _Atomic uint32_t sleeping;
    char pad[SHMEMI_BARRIER_LINE - 8];
};

struct slot {
    _Atomic uint32_t state;
    _Atomic uint32_t seq; /* of the last barrier completed */
    /* Written by the claimer before it makes the slot ACTIVE. */
    int start, stride, size;
    char pad[SHMEMI_BARRIER_LINE - 20];
};

struct word {
    _Atomic uint32_t v;
    char pad[SHMEMI_BARRIER_LINE - 4];
};

/* The switch's view of an ACTIVE slot, private to the thread. */
struct progress {
    int loaded;
    int start, stride, size;
    int next;     /* members before this one have arrived */
    uint32_t seq; /* of the last barrier completed */
};

/* The first PE of the node runs the switch. */
#define SWITCH_LOCAL 0

static int n_slots;
static struct header *header; /* this PE's copies */
static struct slot *table;
static struct word *arrive, *complete;

static struct progress *progress;
static pthread_t thread;
static _Atomic int stopping;

static size_t ctrl_bytes(void)
{
    if (!shmemi_config.barrier_emulate)
        return 0;
    size_t n = shmemi_config.barrier_emu_slots;
    if (n > 4096)
        shmemi_fatal("shmem_init", "SHMEM_BARRIER_EMU_SLOTS=%zu: the emulated barrier "
                     "switch offers at most 4096 slots", n);
    return sizeof(struct header) + n * (sizeof(struct slot) + 2 * sizeof(struct word));
}

static void *on_switch(void *p) { return shmemi_heap_at(p, SWITCH_LOCAL); }

static long futex(_Atomic uint32_t *w, int op, uint32_t v, const struct timespec *timeout)
{
    return syscall(SYS_futex, (uint32_t *)w, op, v, timeout, NULL, 0);
}

static void ring(void)
{
    struct header *h = on_switch(header);
    atomic_fetch_add(&h->doorbell, 1);
    if (atomic_load(&h->sleeping))
        futex(&h->doorbell, FUTEX_WAKE, 1, NULL);
}

/* The word `words[slot]` of the member PE `pe`. */
static _Atomic uint32_t *member_word(struct word *words, int slot, int pe)
{
    return shmemi_heap_at(&words[slot].v, shmemi_state.local_index[pe]);
}

/* Serves slot s once: 1 when it changed anything. */
static int serve(int s)
{
    struct slot *sl = &table[s];
    struct progress *p = &progress[s];
    uint32_t state = atomic_load_explicit(&sl->state, memory_order_acquire);
    if (state == RELEASING) {
        p->loaded = 0;
        atomic_store_explicit(&sl->state, FREE, memory_order_release);
        return 1;
    }
    if (state != ACTIVE)
        return 0;
    if (!p->loaded)
        *p = (struct progress){1, sl->start, sl->stride, sl->size, 0,
                               atomic_load_explicit(&sl->seq, memory_order_relaxed)};
    /* A member that arrived stays at e until the completion: it cannot
     * arrive again before. */
    uint32_t e = shmemi_seq_next(p->seq);
    while (p->next < p->size &&
           atomic_load_explicit(member_word(arrive, s, p->start + p->next * p->stride),
                                memory_order_acquire) == e)
        p->next++;
    if (p->next < p->size)
        return 0;
    p->seq = e;
    p->next = 0;
    atomic_store_explicit(&sl->seq, e, memory_order_relaxed);
    for (int i = 0; i < p->size; i++)
        atomic_store_explicit(member_word(complete, s, p->start + i * p->stride), e,
                              memory_order_release);
    return 1;
}

static void *run_switch(void *unused)
{
    (void)unused;
    shmemi_runtime_thread = 1;
    size_t idle = 0;
    for (;;) {
        uint32_t bell = atomic_load(&header->doorbell);
        int busy = 0;
        for (int s = 0; s < n_slots; s++)
            busy |= serve(s);
        if (atomic_load(&stopping))
            return NULL;
        idle = busy ? 0 : idle + 1;
        if (idle < shmemi_state.spin_limit) {
            shmemi_cpu_relax();
            continue;
        }
        if (atomic_load(&header->doorbell) != bell)
            continue;
        /* An arrival after the doorbell was read either sees the flag and
         * wakes the thread, or changed the doorbell, and the futex does not
         * sleep. Kernels arrive without ringing (a GPU cannot make the
         * system call): with a GPU heap the switch sleeps 20 us at a time. */
        static const struct timespec kernel_poll = {0, 20000};
        atomic_store(&header->sleeping, 1);
        if (atomic_load(&header->doorbell) == bell)
            futex(&header->doorbell, FUTEX_WAIT, bell,
                  shmemi_heap.kind == SHMEMI_HEAP_HOST ? NULL : &kernel_poll);
        atomic_store(&header->sleeping, 0);
    }
}

static int probe(char *ctrl)
{
    if (!shmemi_config.barrier_emulate)
        return 0;
    n_slots = (int)shmemi_config.barrier_emu_slots;
    header = (struct header *)ctrl;
    table = (struct slot *)(header + 1);
    arrive = (struct word *)(table + n_slots);
    complete = arrive + n_slots;
    if (n_slots == 0 || shmemi_state.my_local != SWITCH_LOCAL)
        return n_slots;
    for (int s = 0; s < n_slots; s++)
        atomic_store(&table[s].seq, (uint32_t)shmemi_config.barrier_seq_start);
    progress = calloc((size_t)n_slots, sizeof *progress);
    atomic_store(&stopping, 0);
    if (!progress || pthread_create(&thread, NULL, run_switch, NULL) != 0)
        shmemi_fatal("shmem_init", "cannot start the emulated barrier switch (out of "
                     "memory or threads); unset SHMEM_BARRIER_EMULATE");
    pthread_setname_np(thread, "shmem-switch");
    return n_slots;
}

static int supports(int start, int stride, int size)
{
    size_t max_pes = shmemi_config.barrier_emu_max_pes;
    size_t max_stride = shmemi_config.barrier_emu_max_stride;
    if (max_pes && (size_t)size > max_pes)
        return 0;
    if (size > 1 && max_stride && (size_t)(stride < 0 ? -(long)stride : stride) > max_stride)
        return 0;
    /* The switch of a node serves that node's PEs. */
    for (int i = 0; i < size; i++)
        if (shmemi_state.local_index[start + i * stride] < 0)
            return 0;
    return 1;
}

static void program(struct slot *sl, int start, int stride, int size)
{
    sl->start = start;
    sl->stride = stride;
    sl->size = size;
    atomic_store_explicit(&sl->state, ACTIVE, memory_order_release);
}

static void reserve(int slot, int start, int stride, int size)
{
    if (shmemi_state.my_local == SWITCH_LOCAL)
        program(&table[slot], start, stride, size);
}

static int claim(int start, int stride, int size, uint32_t *seq)
{
    struct slot *t = on_switch(table);
    for (int s = 0; s < n_slots; s++) {
        uint32_t state = FREE;
        if (!atomic_compare_exchange_strong(&t[s].state, &state, CLAIMED))
            continue;
        *seq = atomic_load_explicit(&t[s].seq, memory_order_relaxed);
        program(&t[s], start, stride, size);
        return s;
    }
    return -1;
}

static void attach(int slot, uint32_t seq, struct shmemi_barrier_desc *d)
{
    /* The words may hold an older owner's numbers; the switch writes this
     * PE's completion word only once this PE has arrived. */
    d->arrive = &arrive[slot].v;
    d->complete = &complete[slot].v;
    atomic_store_explicit(d->arrive, seq, memory_order_relaxed);
    atomic_store_explicit(d->complete, seq, memory_order_relaxed);
}

static void arrived(int slot)
{
    (void)slot;
    ring();
}

static void release(int slot)
{
    struct slot *sl = &((struct slot *)on_switch(table))[slot];
    atomic_store_explicit(&sl->state, RELEASING, memory_order_release);
    ring();
    size_t polls = 0;
    while (atomic_load_explicit(&sl->state, memory_order_acquire) != FREE)
        shmemi_spin_step(&polls);
}

static void fini(void)
{
    if (progress) {
        atomic_store(&stopping, 1);
        ring();
        pthread_join(thread, NULL);
        free(progress);
        progress = NULL;
    }
    n_slots = 0;
    header = NULL;
    table = NULL;
    arrive = complete = NULL;
}

const struct shmemi_barrier_provider shmemi_barrier_emulated = {
    .name = "emulated switch",
    .ctrl_bytes = ctrl_bytes,
    .probe = probe,
    .supports = supports,
    .reserve = reserve,
    .claim = claim,
    .attach = attach,
    .arrived = arrived,
    .release = release,
    .fini = fini,
};
