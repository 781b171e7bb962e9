/* Which engine a team's barrier runs on: the configuration, the provider
 * probed at init, the slot decisions, and one barrier on either engine. */
#include <stdio.h>
#include <string.h>

#include "init/config.h"
#include "init/error.h"
#include "barrier_engine.h"
#include "spin.h"

/* The providers, probed in this order; the first present serves. */
static const struct shmemi_barrier_provider *const known[] = {&shmemi_barrier_emulated};
#define N_KNOWN (sizeof known / sizeof *known)

enum mode { MODE_AUTO, MODE_HW, MODE_DISSEMINATION };
static enum mode mode;

static const struct shmemi_barrier_provider *provider; /* NULL: none */
static int n_slots;

void shmemi_barrier_configure(void)
{
    const char *m = shmemi_config.barrier;
    if (strcmp(m, "auto") == 0)
        mode = MODE_AUTO;
    else if (strcmp(m, "hw") == 0)
        mode = MODE_HW;
    else if (strcmp(m, "dissemination") == 0)
        mode = MODE_DISSEMINATION;
    else
        shmemi_fatal("shmem_init", "SHMEM_BARRIER=\"%s\" is not valid: use auto, hw "
                     "or dissemination", m);
    if (shmemi_config.barrier_k < 2 || shmemi_config.barrier_k > 32)
        shmemi_fatal("shmem_init", "SHMEM_BARRIER_K=%zu is not valid: the radix of "
                     "the dissemination barrier must be 2 to 32",
                     shmemi_config.barrier_k);
    if (shmemi_config.barrier_seq_start > UINT32_MAX)
        shmemi_fatal("shmem_init", "SHMEM_BARRIER_SEQ_START=%zu is not valid: "
                     "sequence numbers have 32 bits (at most 4294967295)",
                     shmemi_config.barrier_seq_start);
}

/* Rounds of a k-ary dissemination over n members: ceil(log_k n). */
static int rounds(int n, int k)
{
    int r = 0;
    for (long long dist = 1; dist < n; dist *= k)
        r++;
    return r;
}

int shmemi_barrier_radix_within(int n, int max_flags)
{
    int k = (int)shmemi_config.barrier_k;
    while (k > 2 && (k - 1) * rounds(n, k) > max_flags)
        k--;
    return k;
}

size_t shmemi_barrier_flag_bytes(void)
{
    int k = (int)shmemi_config.barrier_k;
    return ((size_t)rounds(shmemi_state.n_pes, k) * (size_t)(k - 1) + 1) * SHMEMI_BARRIER_LINE;
}

static size_t region_bytes(const struct shmemi_barrier_provider *p)
{
    return (p->ctrl_bytes() + SHMEMI_BARRIER_LINE - 1) & ~(size_t)(SHMEMI_BARRIER_LINE - 1);
}

size_t shmemi_barrier_ctrl_bytes(void)
{
    size_t bytes = 0;
    if (mode != MODE_DISSEMINATION)
        for (size_t i = 0; i < N_KNOWN; i++)
            bytes += region_bytes(known[i]);
    return bytes;
}

void shmemi_barrier_init(char *ctrl)
{
    for (size_t i = 0; i < N_KNOWN && mode != MODE_DISSEMINATION && !provider; i++) {
        int slots = known[i]->probe(ctrl);
        if (slots > 0) {
            provider = known[i];
            n_slots = slots;
        }
        ctrl += region_bytes(known[i]);
    }
    if (mode == MODE_HW && !provider)
        shmemi_fatal("shmem_init", "SHMEM_BARRIER=hw, but no barrier provider is "
                     "present (this machine has no barrier switch; "
                     "SHMEM_BARRIER_EMULATE=1 offers an emulation of one, for "
                     "testing): use SHMEM_BARRIER=auto or dissemination");
    if (shmemi_config.info && shmemi_state.my_pe == 0) {
        if (provider)
            fprintf(stderr, "shmem: barrier provider: %s, %d slots\n", provider->name,
                    n_slots);
        fprintf(stderr, "shmem: dissemination barrier radix %zu\n", shmemi_config.barrier_k);
    }
}

void shmemi_barrier_fini(void)
{
    if (provider)
        provider->fini();
    provider = NULL;
    n_slots = 0;
}

static int same_node(int p, int q)
{
    return shmemi_state.node_first[p] == shmemi_state.node_first[q];
}

/* The length of the team's runs of members on one node, when they are all
 * equal, at least 2, and the team spans nodes; else 1. Every member works
 * it out alike, from where all of them are. */
static int node_group(int start, int stride, int size)
{
    int c = 1;
    while (c < size && same_node(start + c * stride, start))
        c++;
    if (c < 2 || c == size || size % c)
        return 1;
    for (int i = c; i < size; i++)
        if (!same_node(start + i * stride, start + (i - i % c) * stride) ||
            (i % c == 0 && same_node(start + i * stride, start + (i - 1) * stride)))
            return 1;
    return c;
}

void shmemi_barrier_desc_init(struct shmemi_barrier_desc *d, int start, int stride,
                              int size, _Atomic uint32_t *entered, void *flags)
{
    int k = (int)shmemi_config.barrier_k;
    *d = (struct shmemi_barrier_desc){
        .engine = SHMEMX_BARRIER_ENGINE_DISSEMINATION,
        .start = start,
        .stride = size > 1 ? stride : 1,
        .size = size,
        .my_index = size > 1 ? (shmemi_state.my_pe - start) / stride : 0,
        .seq = (uint32_t)shmemi_config.barrier_seq_start,
        .entered = entered,
        .slot = -1,
        .k = k,
        .flags = flags,
        .group = size > 1 ? node_group(start, stride, size) : 1,
        .release = (_Atomic uint32_t *)flags +
                   (size_t)rounds(shmemi_state.n_pes, k) * (size_t)(k - 1) *
                       SHMEMI_BARRIER_LINE_WORDS,
    };
}

static int provider_serves(const struct shmemi_barrier_desc *d)
{
    return provider && provider->supports(d->start, d->stride, d->size);
}

int shmemi_barrier_predefined(struct shmemi_barrier_desc *d, int slot)
{
    if (slot >= n_slots || !provider_serves(d))
        return 0;
    provider->reserve(slot, d->start, d->stride, d->size);
    provider->attach(slot, d->seq, d);
    d->engine = SHMEMX_BARRIER_ENGINE_HW;
    d->slot = slot;
    return 1;
}

int shmemi_barrier_claim(int start, int stride, int size, uint32_t *seq)
{
    if (!provider || !provider->supports(start, size > 1 ? stride : 1, size))
        return -1;
    return provider->claim(start, size > 1 ? stride : 1, size, seq);
}

void shmemi_barrier_unclaim(int slot) { provider->release(slot); }

void shmemi_barrier_attach(struct shmemi_barrier_desc *d, int slot, uint32_t seq)
{
    if (slot < 0)
        return;
    d->seq = seq;
    provider->attach(slot, seq, d);
    d->engine = SHMEMX_BARRIER_ENGINE_HW;
    d->slot = slot;
}

void shmemi_barrier_detach(struct shmemi_barrier_desc *d)
{
    /* After shmemi_barrier_fini the provider has stopped, and with it every
     * slot: there is nothing to hand back. */
    if (d->engine == SHMEMX_BARRIER_ENGINE_HW && d->my_index == 0 && provider)
        provider->release(d->slot);
    d->engine = SHMEMX_BARRIER_ENGINE_DISSEMINATION;
    d->slot = -1;
}

void shmemi_barrier_wait(const char *call, const struct shmemi_barrier_desc *d,
                         _Atomic uint32_t *w, uint32_t e)
{
    struct shmemi_spin_timer timer = {0};
    while (!shmemi_seq_reached(atomic_load_explicit(w, memory_order_acquire), e)) {
        double waited = shmemi_spin_step_timed(&timer);
        if (waited > 0)
            shmemi_barrier_report_missing(call, d, e, waited);
    }
}

void shmemi_barrier_run(const char *call, struct shmemi_barrier_desc *d)
{
    /* A provider slot's sequence is shared with kernels, which arrive at
     * the same words: the next number follows the last completed one, which
     * this PE's completion word holds (it cannot move on before this PE
     * arrives). */
    uint32_t last = d->engine == SHMEMX_BARRIER_ENGINE_HW
                        ? atomic_load_explicit(d->complete, memory_order_acquire)
                        : d->seq;
    uint32_t e = d->seq = shmemi_seq_next(last);
    /* Release: a node's first member reads it as this PE's arrival. */
    atomic_store_explicit(d->entered, e, memory_order_release);
    if (d->engine == SHMEMX_BARRIER_ENGINE_HW) {
        atomic_store_explicit(d->arrive, e, memory_order_release);
        if (provider->arrived)
            provider->arrived(d->slot);
        shmemi_barrier_wait(call, d, d->complete, e);
    } else if (d->group > 1) {
        shmemi_barrier_by_node(call, d, e);
    } else {
        shmemi_barrier_dissemination(call, d, e);
    }
}
