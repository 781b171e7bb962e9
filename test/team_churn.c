/* Hundreds of teams made and destroyed in turn, of changing shapes and
 * beside teams that live throughout, each used for a put and barriers: a
 * reused scratch slot must never carry anything of its previous team. With
 * 64 team slots (unless SHMEM_TEAMS_MAX says otherwise) each slot is reused
 * about ten times. */
#include <stdlib.h>

#include "team_util.h"

#define CYCLES 600

int main(void)
{
    setenv("SHMEM_TEAMS_MAX", "64", 0);
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    long *box = shmem_calloc((size_t)n, sizeof(long));
    long *keep = shmem_calloc((size_t)n, sizeof(long));
    CHECK(box && keep, "allocation");
    /* Lives throughout: the PEs from 1 up (empty at 1 PE). */
    shmem_team_t upper = SHMEM_TEAM_INVALID;
    if (n > 1)
        CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 1, 1, n - 1, NULL, 0, &upper) == 0,
              "upper team");

    for (int c = 0; c < CYCLES; c++) {
        /* Shapes in turn: everyone, reversed, evens, one PE. */
        int shapes[4][3] = {{0, 1, n}, {n - 1, -1, n}, {0, 2, (n + 1) / 2}, {c % n, 1, 1}};
        int *s = shapes[c % 4];
        shmem_team_t t;
        CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, s[0], s[1], s[2], NULL, 0, &t) == 0,
              "cycle %d: split", c);
        if (t != SHMEM_TEAM_INVALID) {
            int idx = shmem_team_my_pe(t), size = shmem_team_n_pes(t);
            CHECK(tu_world(t, idx) == me, "cycle %d: numbering", c);
            /* Each member tells the next one its cycle and index. */
            shmem_team_sync(t);
            shmem_long_p(&box[0], (long)c * 100 + idx, tu_world(t, (idx + 1) % size));
            shmem_team_sync(t);
            long want = (long)c * 100 + (idx + size - 1) % size;
            CHECK(box[0] == want, "cycle %d: got %ld, want %ld", c, box[0], want);
            /* Every tenth cycle a split of the split, destroyed first. */
            if (c % 10 == 0) {
                shmem_team_t sub;
                CHECK(shmem_team_split_strided(t, size - 1, -1, size, NULL, 0, &sub) == 0,
                      "cycle %d: sub-split", c);
                CHECK(shmem_team_my_pe(sub) == size - 1 - idx, "cycle %d: sub index", c);
                shmem_team_sync(sub);
                shmem_team_destroy(sub);
            }
            shmem_team_destroy(t);
        }
        /* The long-lived team keeps working between its neighbours' lives. */
        if (c % 100 == 0 && upper != SHMEM_TEAM_INVALID) {
            int idx = shmem_team_my_pe(upper), size = shmem_team_n_pes(upper);
            shmem_long_p(&keep[idx], c + idx, tu_world(upper, (idx + 1) % size));
            shmem_team_sync(upper);
            int from = (idx + size - 1) % size;
            CHECK(keep[from] == c + from, "cycle %d: upper team got %ld", c, keep[from]);
            shmem_team_sync(upper);
        }
    }
    shmem_team_destroy(upper);
    shmem_free(keep);
    shmem_free(box);
    shmem_finalize();
    return 0;
}
