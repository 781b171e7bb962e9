/* Run with the emulated switch offering 4 slots. SHMEM_TEAM_WORLD and
 * SHMEM_TEAM_SHARED hold two, so of six teams made in turn the first two get
 * the switch and the others the dissemination barrier, alike on every
 * member, and all of them work, interleaved. A destroyed team's slot serves
 * the next split; cycles of make, use, destroy with changing shapes pass one
 * slot from owner to owner (each owner goes on from the last sequence
 * number, so no store of one completes a barrier of the next); and teams of
 * disjoint PEs made at once (split_2d) share out the slots left. */
#include "barrier_engine_util.h"

#define SLOTS 4
#define TEAMS 6
#define INTERLEAVED 150
#define CYCLES 240

static int n;

static int count_hw(shmem_team_t t, int *one, int *sum)
{
    *one = t != SHMEM_TEAM_INVALID && shmem_team_my_pe(t) == 0 &&
           shmemx_team_barrier_engine(t) == SHMEMX_BARRIER_ENGINE_HW;
    shmem_barrier_all();
    shmem_int_sum_reduce(SHMEM_TEAM_WORLD, sum, one, 1);
    return *sum;
}

int main(void)
{
    shmem_init();
    n = shmem_n_pes();
    int *box = shmem_calloc((size_t)n, sizeof(int));
    int *one = shmem_malloc(sizeof(int)), *sum = shmem_malloc(sizeof(int));
    long *banks = shmem_calloc(TEAMS * 2 * (size_t)n, sizeof(long));
    CHECK(box && one && sum && banks, "allocation");
    CHECK(shmemx_team_barrier_engine(SHMEM_TEAM_WORLD) == SHMEMX_BARRIER_ENGINE_HW,
          "SHMEM_TEAM_WORLD did not get a slot");
    CHECK(shmemx_team_barrier_engine(SHMEM_TEAM_SHARED) == SHMEMX_BARRIER_ENGINE_HW,
          "SHMEM_TEAM_SHARED did not get a slot");
    int free_slots = SLOTS - 2;

    /* More teams than slots. */
    shmem_team_t t[TEAMS];
    for (int i = 0; i < TEAMS; i++) {
        CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, n, NULL, 0, &t[i]) == 0,
              "team %d", i);
        int e = be_agreed_engine(t[i], box);
        int want = i < free_slots ? SHMEMX_BARRIER_ENGINE_HW
                                  : SHMEMX_BARRIER_ENGINE_DISSEMINATION;
        CHECK(e == want, "team %d has the %s engine, want %s", i, be_name(e), be_name(want));
    }
    for (long it = 0; it < INTERLEAVED; it++)
        for (int i = 0; i < TEAMS; i++)
            be_rounds(t[i], banks + (size_t)i * 2 * n, 1 + it, 1);

    /* A destroyed team's slot goes to the next split, of another shape. */
    shmem_team_destroy(t[0]);
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, n - 1, -1, n, NULL, 0, &t[0]) == 0,
          "split after a destroy");
    CHECK(be_agreed_engine(t[0], box) == SHMEMX_BARRIER_ENGINE_HW,
          "the slot of a destroyed team was not handed on");
    be_rounds(t[0], banks, 1000, 100);

    /* One slot left free: every cycle's team takes it, and gives it back. */
    shmem_team_destroy(t[1]);
    t[1] = SHMEM_TEAM_INVALID;
    for (int c = 0; c < CYCLES; c++) {
        int shapes[4][3] = {{0, 1, n}, {n - 1, -1, n}, {0, 2, (n + 1) / 2}, {c % n, 1, 1}};
        int *s = shapes[c % 4];
        shmem_team_t x;
        CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, s[0], s[1], s[2], NULL, 0, &x) == 0,
              "cycle %d: split", c);
        if (x != SHMEM_TEAM_INVALID) {
            CHECK(shmemx_team_barrier_engine(x) == SHMEMX_BARRIER_ENGINE_HW,
                  "cycle %d: no slot", c);
            be_rounds(x, banks + 2 * (size_t)n, 10L * c, 10);
        }
        shmem_team_destroy(x);
        shmem_barrier_all();
    }

    /* Rows and columns made at once: their first members claim slots side
     * by side, and exactly as many teams as there are slots get one. */
    for (int i = 0; i < TEAMS; i++)
        shmem_team_destroy(t[i]);
    shmem_team_t row, col;
    CHECK(shmem_team_split_2d(SHMEM_TEAM_WORLD, 2, NULL, 0, &row, NULL, 0, &col) == 0,
          "split_2d");
    int rows = (n + 1) / 2, cols = n < 2 ? n : 2;
    be_agreed_engine(row, box);
    shmem_barrier_all();
    be_agreed_engine(col, box);
    int hw_rows = count_hw(row, one, sum);
    int hw_cols = count_hw(col, one, sum);
    int want_rows = rows < free_slots ? rows : free_slots;
    int left = free_slots - want_rows;
    CHECK(hw_rows == want_rows, "%d of %d rows got a slot, want %d", hw_rows, rows, want_rows);
    CHECK(hw_cols == (cols < left ? cols : left), "%d of %d columns got a slot, want %d",
          hw_cols, cols, cols < left ? cols : left);
    be_rounds(row, banks, 5000, 200);
    shmem_barrier_all();
    be_rounds(col, banks + 2 * (size_t)n, 5000, 200);
    shmem_team_destroy(row);
    shmem_team_destroy(col);

    shmem_free(banks);
    shmem_free(sum);
    shmem_free(one);
    shmem_free(box);
    shmem_finalize();
    return 0;
}
