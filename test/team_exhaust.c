/* Run with SHMEM_TEAMS_MAX=8: six teams besides the world and shared ones
 * fit on a PE. A seventh split fails cleanly on every PE, and works again
 * once a team is destroyed. Teams of disjoint PEs may hold the same slot,
 * so there can be six teams per PE in all, whatever their number. */
#include "team_util.h"

#define FREE_SLOTS 6

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    long *box = shmem_calloc((size_t)n, sizeof(long));
    int world[8] = {0};
    for (int i = 0; i < n && i < 8; i++)
        world[i] = i;
    shmem_team_t t[FREE_SLOTS + 1];
    for (int i = 0; i < FREE_SLOTS; i++)
        CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, n, NULL, 0, &t[i]) == 0,
              "team %d of %d failed", i, FREE_SLOTS);
    /* Full: the split fails on every PE, again and again, and also for a
     * team of the PEs that have nothing free. */
    for (int k = 0; k < 3; k++) {
        shmem_team_t x = SHMEM_TEAM_WORLD;
        CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, n, NULL, 0, &x) != 0 &&
              x == SHMEM_TEAM_INVALID, "split %d beyond SHMEM_TEAMS_MAX", k);
        CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, n - 1, 1, 1, NULL, 0, &x) != 0 &&
              x == SHMEM_TEAM_INVALID, "one-PE split beyond SHMEM_TEAMS_MAX");
    }
    /* The teams that exist still work, each on its own slot. */
    for (int i = 0; i < FREE_SLOTS; i++)
        tu_exchange(t[i], box, i + 1);
    /* A destroyed team's slot serves the next split. */
    shmem_team_destroy(t[2]);
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, n - 1, -1, n, NULL, 0, &t[2]) == 0,
          "split after a destroy");
    int rev[8] = {0};
    for (int i = 0; i < n && i < 8; i++)
        rev[i] = n - 1 - i;
    tu_check_members(t[2], rev, n);
    for (int i = 0; i < FREE_SLOTS; i++)
        tu_exchange(t[i], box, 10 + i);
    for (int i = 0; i < FREE_SLOTS; i++)
        shmem_team_destroy(t[i]);

    /* One-PE teams: each split takes a slot on one PE only, so every PE
     * can hold FREE_SLOTS of them while the others hold theirs. */
    shmem_team_t mine[FREE_SLOTS];
    int held = 0;
    for (int round = 0; round < FREE_SLOTS; round++)
        for (int p = 0; p < n; p++) {
            shmem_team_t x;
            CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, p, 1, 1, NULL, 0, &x) == 0,
                  "round %d: team of PE %d", round, p);
            if (p == me)
                mine[held++] = x;
            else
                CHECK(x == SHMEM_TEAM_INVALID, "a team of another PE");
        }
    shmem_team_t x;
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, n, NULL, 0, &x) != 0,
          "a world-sized split with every PE full");
    for (int i = 0; i < held; i++) {
        int one[1] = {me};
        tu_check_members(mine[i], one, 1);
        shmem_team_sync(mine[i]);
        shmem_team_destroy(mine[i]);
    }
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, n, NULL, 0, &x) == 0,
          "a split once all is free again");
    tu_check_members(x, world, n);
    shmem_team_destroy(x);
    shmem_free(box);
    shmem_finalize();
    return 0;
}
