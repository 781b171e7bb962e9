/* The team table kernels read: for every team this PE belongs to, its PEs
 * and its scratch slot, keyed by the handle, in GPU memory; and each
 * slot's barrier flags. The library keeps a host copy of the keys so that
 * adding and removing a team needs no read of GPU memory. */
#include <pthread.h>
#include <stdlib.h>

#include "heap/heap.h"
#include "init/config.h"
#include "init/error.h"
#include "sync/engine/barrier_engine.h"
#include "team/team.h"
#include "device_state.h"

#define EMPTY 0ULL
#define REMOVED 1ULL

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned long long *keys; /* host copy of the table's handles */
static struct shmemi_device_team *table; /* in the heap */
static unsigned mask;

static unsigned entries(void)
{
    unsigned n = 1;
    while (n < 2 * shmemi_config.teams_max)
        n <<= 1;
    return n;
}

static size_t flags_bytes(void)
{
    return shmemi_config.teams_max * SHMEMI_TEAM_FLAG_WORDS * sizeof(unsigned long long);
}

/* The first n scratch slots, or all there are. */
static size_t first_slots(size_t n)
{
    return shmemi_config.teams_max < n ? shmemi_config.teams_max : n;
}

/* A small-sum buffer's lines: SHMEM_STREAM_SUM_LL bytes, 8 a line, of
 * each PE of the largest team that can sum on a stream (one node's; the
 * largest node's, so that every PE's heap keeps the same layout). */
static unsigned long long ll_lines(void)
{
    return (unsigned long long)shmemi_state.max_local * ((shmemi_config.stream_sum_ll + 7) / 8);
}

static size_t ll_slots(void)
{
    return ll_lines() ? first_slots(SHMEMI_TEAM_LL_SLOTS) : 0;
}

static size_t ll_bytes(void) { return ll_slots() * shmemi_team_ll_bytes(ll_lines()); }

/* The sums that only store: buffers for each PE of the largest node, in
 * the first slots, when SHMEM_STREAM_SUM_PUSH asks for them. */
static size_t push_slots(void)
{
    return shmemi_config.stream_sum_push ? first_slots(SHMEMI_TEAM_PUSH_SLOTS) : 0;
}

static size_t push_bytes(void)
{
    return push_slots() * shmemi_team_push_bytes((unsigned long long)shmemi_state.max_local);
}

size_t shmemi_device_teams_bytes(void)
{
    return flags_bytes() + ll_bytes() + push_bytes() +
           entries() * sizeof(struct shmemi_device_team);
}

int shmemi_device_team_ll(int slot) { return slot >= 0 && (size_t)slot < ll_slots(); }

int shmemi_device_team_push(int slot) { return slot >= 0 && (size_t)slot < push_slots(); }

int shmemi_device_block_radix(int n)
{
    int k = shmemi_barrier_radix_within(n, SHMEMI_TEAM_BLOCK_WORDS - 1), flags = 0;
    for (long long dist = 1; dist < n; dist *= k)
        flags += k - 1;
    return flags <= SHMEMI_TEAM_BLOCK_WORDS - 1 ? k : 0;
}

static unsigned long long handle_of(const struct shmemi_team *t)
{
    return (unsigned long long)(uintptr_t)t->handle;
}

static struct shmemi_device_team entry_of(const struct shmemi_team *t)
{
    struct shmemi_device_team e = {
        .handle = handle_of(t), .start = t->start, .stride = t->stride, .size = t->size,
        .my_index = t->my_index, .slot = t->slot,
        .k = shmemi_barrier_radix_within(t->size, SHMEMI_TEAM_MAX_FLAGS),
        .block_k = shmemi_device_block_radix(t->size),
    };
    for (int i = 0; i < t->size; i++)
        e.remote |= shmemi_state.local_index[t->start + i * t->stride] < 0;
    if (t->barrier.engine == SHMEMX_BARRIER_ENGINE_HW) {
        e.hw = 1;
        e.arrive = shmemi_device_ctrl_view((const void *)t->barrier.arrive);
        e.complete = shmemi_device_ctrl_view((const void *)t->barrier.complete);
    }
    return e;
}

void shmemi_device_team_add(const struct shmemi_team *t)
{
    struct shmemi_device_state *s = shmemi_device_state_host();
    if (!keys)
        return;
    struct shmemi_device_team e = entry_of(t);
    pthread_mutex_lock(&lock);
    unsigned i = shmemi_team_hash(e.handle) & mask;
    while (keys[i] != EMPTY && keys[i] != REMOVED)
        i = (i + 1) & mask;
    keys[i] = e.handle;
    /* The slot's flags start from zero: no epoch of its previous team
     * satisfies a wait of the new one. */
    shmemi_heap_zero(s->team_flags + (size_t)t->slot * SHMEMI_TEAM_FLAG_WORDS,
                     SHMEMI_TEAM_FLAG_WORDS * sizeof(unsigned long long));
    if (shmemi_device_team_ll(t->slot))
        shmemi_heap_zero(s->team_ll + (size_t)t->slot * shmemi_team_ll_bytes(s->team_ll_lines),
                         shmemi_team_ll_bytes(s->team_ll_lines));
    if (shmemi_device_team_push(t->slot))
        shmemi_heap_zero(s->team_push + (size_t)t->slot *
                                            shmemi_team_push_bytes(s->team_push_members),
                         shmemi_team_push_bytes(s->team_push_members));
    shmemi_heap_copy(table + i, &e, sizeof e);
    shmemi_heap_quiet();
    pthread_mutex_unlock(&lock);
}

void shmemi_device_team_remove(const struct shmemi_team *t)
{
    if (!keys)
        return;
    unsigned long long h = handle_of(t), removed = REMOVED;
    pthread_mutex_lock(&lock);
    for (unsigned i = shmemi_team_hash(h) & mask; keys[i] != EMPTY; i = (i + 1) & mask) {
        if (keys[i] == h) {
            keys[i] = REMOVED;
            shmemi_heap_copy(&table[i].handle, &removed, sizeof removed);
            shmemi_heap_quiet();
            break;
        }
    }
    pthread_mutex_unlock(&lock);
}

void shmemi_device_teams_init(char *block)
{
    struct shmemi_device_state *s = shmemi_device_state_host();
    unsigned n = entries();
    keys = calloc(n, sizeof *keys);
    if (!keys)
        shmemi_fatal("shmem_init", "out of memory for the device team table");
    mask = n - 1;
    s->team_ll = block + flags_bytes();
    s->team_ll_lines = ll_slots() ? ll_lines() : 0;
    s->team_push = s->team_ll + ll_bytes();
    s->team_push_members = push_slots() ? shmemi_state.max_local : 0;
    table = (struct shmemi_device_team *)(s->team_push + push_bytes());
    shmemi_heap_zero(table, n * sizeof *table);
    s->team_flags = (unsigned long long *)block;
    s->teams = table;
    s->team_mask = mask;
    shmemi_device_team_add(&shmemi_team_world);
    shmemi_device_team_add(shmemi_team_get("shmem_init", SHMEM_TEAM_SHARED));
    s->world = entry_of(&shmemi_team_world);
}

void shmemi_device_teams_fini(void)
{
    free(keys);
    keys = NULL;
    table = NULL;
}
