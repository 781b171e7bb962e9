/* Splitting a team. Scratch addresses are computed by offset, so a new
 * team's members must agree on a slot that is free on all of them. The
 * parent's members publish their free-slot bitmaps in the parent's work
 * area; each member of a new team ANDs those of its fellow members and
 * takes the lowest slot left (all compute the same one), then every parent
 * member learns whether every new team got its slot: a split succeeds or
 * fails on all of them together, as the specification requires. Each
 * member also checks that its fellow members join the same team, which
 * catches PEs that passed different arguments. A claim loses only to a
 * split of another parent running at the same moment in another thread of
 * this PE; then all let go and try again. The members read each other's
 * work areas a word at a time, between barriers: loads on a node, gets
 * through the transport from another.
 *
 * A barrier provider's slots belong to the whole provider, not to a PE, so
 * the new team's first member alone claims one (or finds none, or finds
 * the team's PE set unsupported) and publishes what it got beside its
 * vote; every member takes that, so all run the same barrier engine. */
#include <stdlib.h>

#include "init/config.h"
#include "init/error.h"
#include "rma/ctx.h"
#include "team.h"

enum vote { AGREED = 0, RETRY = 1, FAILED = 2 };

/* The lowest slot free on every member of `shape`, from their bitmaps. */
static int common_free_slot(const char *call, const struct shmemi_team *shape,
                            const uint64_t *map, size_t words)
{
    for (size_t w = 0; w < words; w++) {
        uint64_t common = ~(uint64_t)0;
        for (int i = 0; i < shape->size && common; i++)
            common &= shmemi_team_peer_word(call, shape, &map[w], i);
        if (common)
            return (int)(w * 64 + (size_t)__builtin_ctzll(common));
    }
    return -1;
}

/* Ends the job unless every member of the new team, as this PE sees it,
 * joins the same team: the PEs of the parent did not all pass the same
 * arguments, and the members would agree on nothing. */
static void check_agreement(const char *call, const struct shmemi_team *shape,
                            const uint64_t *joins)
{
    for (int i = 0; i < shape->size; i++) {
        int start = (int)(uint32_t)shmemi_team_peer_word(call, shape, &joins[0], i);
        int stride = (int)(uint32_t)shmemi_team_peer_word(call, shape, &joins[1], i);
        int size = (int)(uint32_t)shmemi_team_peer_word(call, shape, &joins[2], i);
        if (start != shape->start || stride != shape->stride || size != shape->size)
            shmemi_fatal(call, "the PEs of the parent team did not pass the same "
                         "arguments: here the new team is world PEs start %d, "
                         "stride %d, size %d, but world PE %d makes start %d, "
                         "stride %d, size %d; every PE of the parent must pass the "
                         "same values",
                         shape->start, shape->stride, shape->size,
                         shmemi_team_pe(shape, i), start, stride, size);
    }
}

/* The team this PE joins, still without a slot; NULL, with the reason
 * told, when its configuration cannot be met. */
static struct shmemi_team *new_team(const char *call, const struct shmemi_team *shape,
                                    const shmem_team_config_t *config, long mask)
{
    if (mask & ~SHMEM_TEAM_NUM_CONTEXTS) {
        shmemi_warn(call, "config_mask %#lx has bits that name no configuration "
                    "parameter; use SHMEM_TEAM_NUM_CONTEXTS or 0", mask);
        return NULL;
    }
    int num_contexts = 0;
    if (mask & SHMEM_TEAM_NUM_CONTEXTS) {
        if (!config) {
            shmemi_warn(call, "config_mask has SHMEM_TEAM_NUM_CONTEXTS but config "
                        "is NULL; pass the configuration or a mask of 0");
            return NULL;
        }
        if (config->num_contexts < 0) {
            shmemi_warn(call, "config->num_contexts is %d; it must be 0 or more",
                        config->num_contexts);
            return NULL;
        }
        num_contexts = config->num_contexts;
    }
    struct shmemi_team *t = malloc(sizeof *t);
    if (!t) {
        shmemi_warn(call, "no memory for a new team");
        return NULL;
    }
    shmemi_team_setup(t, shape->start, shape->stride, shape->size);
    t->config.num_contexts = num_contexts;
    if (shmemi_ctx_reserve(t, num_contexts) != 0) {
        shmemi_warn(call, "no memory to reserve the %d contexts of "
                    "config->num_contexts; ask for fewer", num_contexts);
        shmemi_team_free(NULL, t);
        return NULL;
    }
    return t;
}

/* Collective over parent: makes the team of parent indices {start + i *
 * stride : i < size} when this PE is one of them. Members of different new
 * teams may split at once (shmem_team_split_2d), each naming its own. A PE
 * that found the arguments invalid passes `invalid` and still takes part,
 * so that all fail together and a PE that disagrees is caught. */
static int split(const char *call, struct shmemi_team *parent, int invalid, int start,
                 int stride, int size, const shmem_team_config_t *config, long mask,
                 shmem_team_t *out)
{
    struct shmemi_team shape = {.start = 0, .stride = 1, .size = 0};
    int my_new = -1;
    if (!invalid && size > 0) {
        shape.start = shmemi_team_pe(parent, start);
        shape.stride = size > 1 ? parent->stride * stride : 1;
        shape.size = size;
        my_new = shmemi_team_index(&shape, shmemi_state.my_pe);
    }
    struct shmemi_team *t = my_new >= 0 ? new_team(call, &shape, config, mask) : NULL;
    uint64_t failed_here = invalid || (my_new >= 0 && !t) ? FAILED : AGREED;

    /* The parent's work area: this PE's free-slot bitmap, its vote, the
     * new team it joins (world start, stride, size) and, from the new
     * team's first member, the provider slot of its barrier and the
     * sequence number to start from. */
    size_t words = shmemi_team_map_words();
    uint64_t *map = (uint64_t *)parent->scratch->work;
    uint64_t *vote = map + words;
    uint64_t *joins = vote + 1;
    uint64_t *hw = joins + 3;
    int slot, hw_slot;
    uint64_t outcome;
    do {
        shmemi_team_barrier(call, parent); /* nobody still uses the work area */
        shmemi_team_free_map(map);
        joins[0] = (uint32_t)shape.start;
        joins[1] = (uint32_t)shape.stride;
        joins[2] = (uint32_t)shape.size;
        shmemi_team_barrier(call, parent); /* every bitmap is published */
        if (my_new >= 0)
            check_agreement(call, &shape, joins);
        uint64_t mine = failed_here;
        slot = hw_slot = -1;
        if (t) {
            slot = common_free_slot(call, &shape, map, words);
            if (slot < 0) {
                mine = FAILED;
                if (my_new == 0)
                    shmemi_warn(call, "no team scratch slot is free on every PE of "
                                "the new team (%d PEs): at most SHMEM_TEAMS_MAX=%zu teams "
                                "(SHMEM_TEAM_WORLD and SHMEM_TEAM_SHARED included) "
                                "can exist at once; destroy teams no longer needed "
                                "or raise SHMEM_TEAMS_MAX",
                                size, shmemi_config.teams_max);
            } else if (shmemi_team_table_claim(slot, t) != 0) {
                mine = RETRY;
                slot = -1;
            } else if (my_new == 0) {
                uint32_t seq = 0;
                hw_slot = shmemi_barrier_claim(shape.start, shape.stride, shape.size, &seq);
                hw[1] = seq;
            }
        }
        hw[0] = (uint32_t)hw_slot;
        *vote = mine;
        shmemi_team_barrier(call, parent); /* every vote is published */
        outcome = AGREED;
        for (int i = 0; i < parent->size; i++) {
            uint64_t v = shmemi_team_peer_word(call, parent, vote, i);
            outcome = v > outcome ? v : outcome;
        }
        if (outcome != AGREED && slot >= 0)
            shmemi_team_table_release(slot);
        if (outcome != AGREED && hw_slot >= 0)
            shmemi_barrier_unclaim(hw_slot);
    } while (outcome == RETRY);

    if (outcome == AGREED && t)
        shmemi_team_adopt(t, slot,
                          (int)(uint32_t)shmemi_team_peer_word(call, &shape, &hw[0], 0),
                          (uint32_t)shmemi_team_peer_word(call, &shape, &hw[1], 0));
    /* The new slots are clear before any member uses them, and nobody reads
     * the work area any more. */
    shmemi_team_barrier(call, parent);
    if (outcome != AGREED && t) {
        shmemi_team_free(NULL, t);
        t = NULL;
    }
    *out = t ? t->handle : SHMEM_TEAM_INVALID;
    return outcome == AGREED ? 0 : -1;
}

/* Whether every start + i * stride (i < size) is a PE of a team of n. */
static int valid_triplet(int n, int start, int stride, int size)
{
    if (size < 1 || size > n || start < 0 || start >= n)
        return 0;
    if (size == 1)
        return 1;
    long long last = start + (long long)stride * (size - 1);
    return stride != 0 && last >= 0 && last < n;
}

int shmem_team_split_strided(shmem_team_t parent_team, int start, int stride, int size,
                             const shmem_team_config_t *config, long config_mask,
                             shmem_team_t *new_team)
{
    shmemi_require_init(__func__);
    if (!new_team)
        shmemi_fatal(__func__, "new_team is NULL; pass the address of a "
                     "shmem_team_t to receive the team");
    *new_team = SHMEM_TEAM_INVALID;
    struct shmemi_team *parent = shmemi_team_get(__func__, parent_team);
    if (!parent)
        return -1;
    int invalid = !valid_triplet(parent->size, start, stride, size);
    if (invalid && parent->my_index == 0)
        shmemi_warn(__func__, "start %d, stride %d, size %d do not name PEs of the "
                    "parent team, which has PEs 0 to %d: every start + i * stride "
                    "(i < size) must lie in that range, and stride may be 0 only "
                    "when size is 1",
                    start, stride, size, parent->size - 1);
    return split(__func__, parent, invalid, start, stride, size, config,
                 config_mask, new_team);
}

int shmem_team_split_2d(shmem_team_t parent_team, int xrange,
                        const shmem_team_config_t *xaxis_config, long xaxis_mask,
                        shmem_team_t *xaxis_team,
                        const shmem_team_config_t *yaxis_config, long yaxis_mask,
                        shmem_team_t *yaxis_team)
{
    shmemi_require_init(__func__);
    if (!xaxis_team || !yaxis_team)
        shmemi_fatal(__func__, "%s is NULL; pass the address of a shmem_team_t to "
                     "receive the team", xaxis_team ? "yaxis_team" : "xaxis_team");
    *xaxis_team = *yaxis_team = SHMEM_TEAM_INVALID;
    struct shmemi_team *parent = shmemi_team_get(__func__, parent_team);
    if (!parent)
        return -1;
    int invalid = xrange < 1;
    if (invalid && parent->my_index == 0)
        shmemi_warn(__func__, "xrange %d: it must be at least 1 (the number of PEs "
                    "along x)", xrange);
    /* Parent index p sits at (p mod xrange, p / xrange); the x team is the
     * row, the y team the column. The last row may be short, and an xrange
     * beyond the parent's size makes a single row. */
    int n = parent->size, me = parent->my_index;
    int x = 0, row = 0, xsize = 0, ysize = 0;
    if (!invalid) {
        x = me % xrange;
        row = me / xrange * xrange;
        xsize = n - row < xrange ? n - row : xrange;
        ysize = (n - x - 1) / xrange + 1;
    }
    int rx = split(__func__, parent, invalid, row, 1, xsize, xaxis_config,
                   xaxis_mask, xaxis_team);
    int ry = split(__func__, parent, invalid, x, xrange, ysize, yaxis_config,
                   yaxis_mask, yaxis_team);
    return rx || ry ? -1 : 0;
}
