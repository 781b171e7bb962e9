/* Run with an emulated switch that supports teams of at most 2 PEs, next to
 * each other (SHMEM_BARRIER_EMU_MAX_PES=2, SHMEM_BARRIER_EMU_MAX_STRIDE=1):
 * each team gets the switch exactly when its PE set is supported, and the
 * dissemination barrier otherwise, and every one of them works. */
#include "barrier_engine_util.h"

#define ROUNDS 300
#define TEAMS 6

static int supported(shmem_team_t t)
{
    int size = shmem_team_n_pes(t);
    if (size > 2)
        return 0;
    if (size < 2)
        return 1;
    int d = shmem_team_translate_pe(t, 1, SHMEM_TEAM_WORLD) -
            shmem_team_translate_pe(t, 0, SHMEM_TEAM_WORLD);
    return d == 1 || d == -1;
}

int main(void)
{
    shmem_init();
    int n = shmem_n_pes();
    int *box = shmem_calloc((size_t)n, sizeof(int));
    long *banks = shmem_calloc(TEAMS * 2 * (size_t)n, sizeof(long));
    CHECK(box && banks, "allocation");

    /* The world, pairs and the columns beside them (x 2), a reversed pair,
     * every other PE, and the first three PEs. */
    shmem_team_t t[TEAMS] = {SHMEM_TEAM_WORLD, SHMEM_TEAM_INVALID, SHMEM_TEAM_INVALID,
                             SHMEM_TEAM_INVALID, SHMEM_TEAM_INVALID, SHMEM_TEAM_INVALID};
    CHECK(shmem_team_split_2d(SHMEM_TEAM_WORLD, 2, NULL, 0, &t[1], NULL, 0, &t[2]) == 0,
          "split_2d");
    if (n > 1)
        CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 1, -1, 2, NULL, 0, &t[3]) == 0,
              "reversed pair");
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, (n + 1) / 2, NULL, 0, &t[4]) == 0,
          "every other PE");
    if (n > 2)
        CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, 3, NULL, 0, &t[5]) == 0,
              "three PEs");

    for (int i = 0; i < TEAMS; i++) {
        int e = be_agreed_engine(t[i], box);
        if (e) {
            int want = supported(t[i]) ? SHMEMX_BARRIER_ENGINE_HW
                                       : SHMEMX_BARRIER_ENGINE_DISSEMINATION;
            CHECK(e == want, "team %d of %d PEs has the %s engine, want %s", i,
                  shmem_team_n_pes(t[i]), be_name(e), be_name(want));
        }
        shmem_barrier_all();
    }
    be_run_teams(t, TEAMS, banks, ROUNDS, ROUNDS);
    shmem_free(banks);
    shmem_free(box);
    shmem_finalize();
    return 0;
}
