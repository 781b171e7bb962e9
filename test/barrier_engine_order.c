/* Thousands of barriers per team with puts between them, on the world and on
 * teams of other shapes (every other PE, reversed, PEs 1 up), one team after
 * the other and then interleaved: after each barrier every member must see
 * every member's puts of the round. Run under each engine and radix, and
 * with the sequence numbers starting just before the 32-bit wrap
 * (SHMEM_BARRIER_SEQ_START), so that every team's counters wrap during the
 * run. BE_ENGINE names the engine the world must have. */
#include "barrier_engine_util.h"

#define ROUNDS 1000
#define INTERLEAVED 400
#define TEAMS 4

int main(void)
{
    shmem_init();
    int n = shmem_n_pes();
    int expect = be_expected_world_engine();
    int world = shmemx_team_barrier_engine(SHMEM_TEAM_WORLD);
    if (expect > 0)
        CHECK(world == expect, "SHMEM_TEAM_WORLD has the %s engine, want %s",
              be_name(world), be_name(expect));
    CHECK(shmemx_team_barrier_engine(SHMEM_TEAM_INVALID) == -1, "SHMEM_TEAM_INVALID");

    shmem_team_t t[TEAMS] = {SHMEM_TEAM_WORLD, SHMEM_TEAM_INVALID, SHMEM_TEAM_INVALID,
                             SHMEM_TEAM_INVALID};
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, (n + 1) / 2, NULL, 0, &t[1]) == 0,
          "evens");
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, n - 1, -1, n, NULL, 0, &t[2]) == 0,
          "reversed");
    if (n > 1)
        CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 1, 1, n - 1, NULL, 0, &t[3]) == 0,
              "upper");

    int *box = shmem_calloc((size_t)n, sizeof(int));
    long *banks = shmem_calloc(TEAMS * 2 * (size_t)n, sizeof(long));
    CHECK(box && banks, "allocation");
    for (int i = 0; i < TEAMS; i++) {
        int e = be_agreed_engine(t[i], box);
        /* The emulated switch's default slots are enough for all of them. */
        if (e && expect > 0)
            CHECK(e == expect, "team %d has the %s engine, want %s", i, be_name(e),
                  be_name(expect));
        shmem_barrier_all();
    }

    be_run_teams(t, TEAMS, banks, ROUNDS, INTERLEAVED);
    shmem_free(banks);
    shmem_free(box);
    shmem_finalize();
    return 0;
}
