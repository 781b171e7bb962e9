/* Checks shared by the barrier-engine tests: barriers with puts between them
 * (every member must see every member's puts of the round after the
 * barrier), the engine a team got, and that its members agree on it. */
#ifndef TEST_BARRIER_ENGINE_UTIL_H
#define TEST_BARRIER_ENGINE_UTIL_H

#include <stdlib.h>
#include <string.h>

#include <shmem.h>
#include <shmemx.h>

#include "check.h"

/* The engine SHMEM_TEAM_WORLD must have, from BE_ENGINE (hw or
 * dissemination); -1 when the test run does not say. */
static inline int be_expected_world_engine(void)
{
    const char *e = getenv("BE_ENGINE");
    if (!e)
        return -1;
    return strcmp(e, "hw") == 0 ? SHMEMX_BARRIER_ENGINE_HW
                                : SHMEMX_BARRIER_ENGINE_DISSEMINATION;
}

static inline const char *be_name(int engine)
{
    return engine == SHMEMX_BARRIER_ENGINE_HW ? "hw" : "dissemination";
}

/* The barrier of round `it` on team t, by a routine picked by the round:
 * the team forms only synchronize, so the puts need a quiet first. */
static inline void be_barrier(shmem_team_t t, long it)
{
    switch (it % 3) {
    case 0:
        if (t == SHMEM_TEAM_WORLD)
            shmem_barrier_all();
        else
            shmem_team_sync(t);
        break;
    case 1:
        shmem_quiet();
        if (t == SHMEM_TEAM_WORLD)
            shmem_sync_all();
        else
            shmem_sync(t);
        break;
    default:
        shmem_quiet();
        shmem_team_sync(t);
        break;
    }
}

/* Rounds first .. first + count - 1 on team t (every PE calls; only the
 * members take part). In round it each member writes it into its entry of
 * bank it % 2 on every member: two banks, because a member leaving the
 * barrier early writes the next round while others still read this one,
 * and it cannot get two rounds ahead. bank needs 2 * n_pes longs. */
static inline void be_rounds(shmem_team_t t, long *bank, long first, long count)
{
    if (t == SHMEM_TEAM_INVALID)
        return;
    int idx = shmem_team_my_pe(t), size = shmem_team_n_pes(t);
    int npes = shmem_n_pes();
    for (long it = first; it < first + count; it++) {
        long *b = bank + (it % 2) * npes;
        for (int k = 0; k < size; k++)
            shmem_long_p(&b[idx], it, shmem_team_translate_pe(t, (idx + k) % size,
                                                              SHMEM_TEAM_WORLD));
        be_barrier(t, it);
        for (int i = 0; i < size; i++)
            CHECK(b[i] == it, "team of %d (%s) round %ld: member %d's put shows %ld",
                  size, be_name(shmemx_team_barrier_engine(t)), it, i, b[i]);
    }
}

/* The teams t[0..n_teams-1] (SHMEM_TEAM_INVALID where this PE is no
 * member) each run rounds barriers in a row, then interleaved barriers one
 * per team in turn; banks holds 2 * n_pes longs per team. Every PE goes
 * through the teams in the same order, so a member of several waits in one
 * while the others catch up, never in a cycle. Then the teams but t[0]
 * (the world) are destroyed. */
static inline void be_run_teams(shmem_team_t *t, int n_teams, long *banks, long rounds,
                                long interleaved)
{
    size_t per_team = 2 * (size_t)shmem_n_pes();
    for (int i = 0; i < n_teams; i++)
        be_rounds(t[i], banks + (size_t)i * per_team, 1, rounds);
    for (long it = 0; it < interleaved; it++)
        for (int i = 0; i < n_teams; i++)
            be_rounds(t[i], banks + (size_t)i * per_team, 1 + rounds + it, 1);
    shmem_barrier_all();
    for (int i = 1; i < n_teams; i++)
        shmem_team_destroy(t[i]);
}

/* Every member of t reports the same engine (every PE calls). box needs
 * n_pes ints. Returns t's engine, or 0 on a non-member. */
static inline int be_agreed_engine(shmem_team_t t, int *box)
{
    if (t == SHMEM_TEAM_INVALID)
        return 0;
    int idx = shmem_team_my_pe(t), size = shmem_team_n_pes(t);
    int mine = shmemx_team_barrier_engine(t);
    CHECK(mine == SHMEMX_BARRIER_ENGINE_HW || mine == SHMEMX_BARRIER_ENGINE_DISSEMINATION,
          "engine %d is neither", mine);
    for (int i = 0; i < size; i++)
        shmem_int_p(&box[idx], mine, shmem_team_translate_pe(t, i, SHMEM_TEAM_WORLD));
    shmem_quiet();
    shmem_team_sync(t);
    for (int i = 0; i < size; i++)
        CHECK(box[i] == mine, "member %d of a team of %d has engine %s, this one %s", i,
              size, be_name(box[i]), be_name(mine));
    shmem_team_sync(t);
    return mine;
}

#endif
