/* Checks shared by the team and context tests: that a team holds the PEs
 * it should, in order, and that its barrier delivers data between them. */
#ifndef TEST_TEAM_UTIL_H
#define TEST_TEAM_UTIL_H

#include <shmem.h>

#include "check.h"
#include "nodes.h"

static inline int tu_world(shmem_team_t t, int i)
{
    return shmem_team_translate_pe(t, i, SHMEM_TEAM_WORLD);
}

/* t, as this PE got it, must be the team of world PEs pes[0..size), in
 * that order, or SHMEM_TEAM_INVALID when this PE is not one of them. */
static inline void tu_check_members(shmem_team_t t, const int *pes, int size)
{
    int me = shmem_my_pe(), n = shmem_n_pes(), idx = -1;
    for (int i = 0; i < size; i++)
        if (pes[i] == me)
            idx = i;
    if (idx < 0) {
        CHECK(t == SHMEM_TEAM_INVALID, "a non-member got a team");
        return;
    }
    CHECK(t != SHMEM_TEAM_INVALID, "a member got SHMEM_TEAM_INVALID");
    CHECK(shmem_team_my_pe(t) == idx, "my_pe %d, want %d", shmem_team_my_pe(t), idx);
    CHECK(shmem_team_n_pes(t) == size, "n_pes %d, want %d", shmem_team_n_pes(t), size);
    for (int i = 0; i < size; i++) {
        CHECK(tu_world(t, i) == pes[i], "index %d is world %d, want %d", i,
              tu_world(t, i), pes[i]);
        CHECK(shmem_team_translate_pe(SHMEM_TEAM_WORLD, pes[i], t) == i,
              "world %d is index %d, want %d", pes[i],
              shmem_team_translate_pe(SHMEM_TEAM_WORLD, pes[i], t), i);
    }
    for (int p = 0; p < n; p++) {
        int member = 0;
        for (int i = 0; i < size; i++)
            member |= pes[i] == p;
        if (!member)
            CHECK(shmem_team_translate_pe(SHMEM_TEAM_WORLD, p, t) == -1,
                  "non-member %d translated to %d", p,
                  shmem_team_translate_pe(SHMEM_TEAM_WORLD, p, t));
    }
    CHECK(shmem_team_translate_pe(t, -1, SHMEM_TEAM_WORLD) == -1, "index -1");
    CHECK(shmem_team_translate_pe(t, size, SHMEM_TEAM_WORLD) == -1, "index size");
}

/* Called by every PE. Each member of t stores tag:index into slot `index`
 * of every member's box (at least the team's size longs, symmetric); after
 * the team's barrier each must see all of them, directly and, for members
 * of its node, through shmem_team_ptr (NULL for those of other nodes). A second barrier keeps a later round from overwriting a
 * box before its owner has read it, and a world barrier at the end lets
 * other teams reuse the boxes. */
static inline void tu_exchange(shmem_team_t t, long *box, long tag)
{
    if (t != SHMEM_TEAM_INVALID) {
        int idx = shmem_team_my_pe(t), size = shmem_team_n_pes(t);
        for (int i = 0; i < size; i++)
            shmem_long_p(&box[idx], tag * 1000 + idx, tu_world(t, i));
        shmem_team_sync(t);
        for (int i = 0; i < size; i++) {
            CHECK(box[i] == tag * 1000 + i, "tag %ld: box[%d] = %ld", tag, i, box[i]);
            long *peer = shmem_team_ptr(t, box, i);
            if (nodes_same(tu_world(t, i), shmem_my_pe()))
                CHECK(peer && peer[i] == tag * 1000 + i, "team_ptr to index %d", i);
            else
                CHECK(!peer, "team_ptr to index %d, on another node, is %p", i,
                      (void *)peer);
        }
        CHECK(shmem_team_ptr(t, box, size) == NULL, "team_ptr past the team");
        CHECK(shmem_team_ptr(t, box, -1) == NULL, "team_ptr to -1");
        shmem_team_sync(t);
    }
    shmem_barrier_all();
}

#endif
