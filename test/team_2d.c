/* shmem_team_split_2d: for every xrange from 1 to past the team's size,
 * each PE's x team is its row and its y team its column, numbered by
 * coordinate; also on a reversed parent, with configurations, as a 3-D
 * split, and with invalid arguments. */
#include "team_util.h"

static int me, n;
static long *box;

/* Splits parent (world PEs ppes[0..np)) with xrange and checks both teams
 * against the grid; returns them through xt and yt. */
static void split2d(shmem_team_t parent, const int *ppes, int np, int xrange,
                    shmem_team_t *xt, shmem_team_t *yt)
{
    int rc = shmem_team_split_2d(parent, xrange, NULL, 0, xt, NULL, 0, yt);
    CHECK(rc == 0, "xrange %d failed", xrange);
    int p = shmem_team_my_pe(parent), x = p % xrange, y = p / xrange;
    int row[8] = {0}, col[8] = {0}, nrow = 0, ncol = 0;
    for (int q = 0; q < np; q++) {
        if (q / xrange == y)
            row[nrow++] = ppes[q];
        if (q % xrange == x)
            col[ncol++] = ppes[q];
    }
    tu_check_members(*xt, row, nrow);
    tu_check_members(*yt, col, ncol);
    CHECK(shmem_team_my_pe(*xt) == x && shmem_team_my_pe(*yt) == y,
          "xrange %d: coordinates (%d, %d), want (%d, %d)", xrange,
          shmem_team_my_pe(*xt), shmem_team_my_pe(*yt), x, y);
}

int main(void)
{
    shmem_init();
    me = shmem_my_pe();
    n = shmem_n_pes();
    CHECK(n <= 8, "the test needs at most 8 PEs");
    box = shmem_calloc(8, sizeof(long));
    int world[8] = {0}, rev[8] = {0};
    for (int i = 0; i < n; i++) {
        world[i] = i;
        rev[i] = n - 1 - i;
    }
    long tag = 1;
    for (int xrange = 1; xrange <= n + 1; xrange++) {
        shmem_team_t xt, yt;
        split2d(SHMEM_TEAM_WORLD, world, n, xrange, &xt, &yt);
        tu_exchange(xt, box, tag++);
        tu_exchange(yt, box, tag++);
        shmem_team_destroy(xt);
        shmem_team_destroy(yt);
    }

    /* On a reversed parent, numbered by the parent's order. */
    shmem_team_t r;
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, n - 1, -1, n, NULL, 0, &r) == 0,
          "reversed split");
    for (int xrange = 1; xrange <= n; xrange++) {
        shmem_team_t xt, yt;
        split2d(r, rev, n, xrange, &xt, &yt);
        tu_exchange(xt, box, tag++);
        tu_exchange(yt, box, tag++);
        shmem_team_destroy(xt);
        shmem_team_destroy(yt);
    }

    /* 3-D: split the y teams again (xrange 2 on the world, then 1 on y). */
    shmem_team_t xt, yt, zx, zy;
    CHECK(shmem_team_split_2d(SHMEM_TEAM_WORLD, 2, NULL, 0, &xt, NULL, 0, &yt) == 0, "2-D");
    CHECK(shmem_team_split_2d(yt, 1, NULL, 0, &zx, NULL, 0, &zy) == 0, "3-D");
    CHECK(shmem_team_n_pes(zx) == 1 && shmem_team_my_pe(zx) == 0, "z x team");
    CHECK(shmem_team_translate_pe(zy, shmem_team_my_pe(zy), SHMEM_TEAM_WORLD) == me,
          "z y team");
    tu_exchange(zy, box, tag++);
    shmem_team_destroy(zx);
    shmem_team_destroy(zy);

    /* Configurations per axis; PEs of different columns may pass
     * different ones, as the specification allows. */
    shmem_team_config_t cx = {.num_contexts = 2}, cy = {.num_contexts = 5 + me % 2};
    shmem_team_t ax, ay;
    CHECK(shmem_team_split_2d(SHMEM_TEAM_WORLD, 2, &cx, SHMEM_TEAM_NUM_CONTEXTS, &ax, &cy,
                              SHMEM_TEAM_NUM_CONTEXTS, &ay) == 0, "configured 2-D");
    shmem_team_config_t got;
    CHECK(shmem_team_get_config(ax, SHMEM_TEAM_NUM_CONTEXTS, &got) == 0 &&
          got.num_contexts == 2, "x config %d", got.num_contexts);
    CHECK(shmem_team_get_config(ay, SHMEM_TEAM_NUM_CONTEXTS, &got) == 0 &&
          got.num_contexts == 5 + me % 2, "y config %d", got.num_contexts);
    shmem_team_destroy(ax);
    shmem_team_destroy(ay);

    /* A bad configuration of one axis fails that axis only, on every PE. */
    shmem_team_config_t bad = {.num_contexts = -1};
    CHECK(shmem_team_split_2d(SHMEM_TEAM_WORLD, 2, NULL, 0, &ax, &bad,
                              SHMEM_TEAM_NUM_CONTEXTS, &ay) != 0, "bad y config accepted");
    CHECK(ax != SHMEM_TEAM_INVALID && ay == SHMEM_TEAM_INVALID, "only y must fail");
    tu_exchange(ax, box, tag++);
    shmem_team_destroy(ax);

    /* Invalid arguments: nothing is made, on every PE. */
    ax = ay = SHMEM_TEAM_WORLD;
    CHECK(shmem_team_split_2d(SHMEM_TEAM_WORLD, 0, NULL, 0, &ax, NULL, 0, &ay) != 0 &&
          ax == SHMEM_TEAM_INVALID && ay == SHMEM_TEAM_INVALID, "xrange 0");
    CHECK(shmem_team_split_2d(SHMEM_TEAM_WORLD, -3, NULL, 0, &ax, NULL, 0, &ay) != 0,
          "negative xrange");
    ax = ay = SHMEM_TEAM_WORLD;
    CHECK(shmem_team_split_2d(SHMEM_TEAM_INVALID, 1, NULL, 0, &ax, NULL, 0, &ay) != 0 &&
          ax == SHMEM_TEAM_INVALID && ay == SHMEM_TEAM_INVALID, "parent INVALID");

    shmem_team_destroy(xt);
    shmem_team_destroy(yt);
    shmem_team_destroy(r);
    shmem_free(box);
    shmem_finalize();
    return 0;
}
