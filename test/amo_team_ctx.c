/* The context forms of AMOs and signals on a context made from a team: PE
 * numbers are the team's, so the operations must land on the world PE the
 * team index names. The team is world PEs 1..n-1 (at 1 PE, PE 0 alone), so
 * team PE 0 is world PE 1, and an operation that skipped the translation
 * would land on world PE 0 instead. */
#include "check.h"

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    int first = npes > 1 ? 1 : 0, size = npes > 1 ? npes - 1 : 1;
    long *x = shmem_calloc(4, sizeof(long));
    uint64_t *sig = shmem_calloc(2, sizeof(uint64_t));
    CHECK(x && sig, "allocation");
    shmem_team_t team;
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, first, 1, size, NULL, 0, &team) == 0,
          "split");
    shmem_barrier_all();
    long want = 0;
    for (int pe = first; pe < npes; pe++)
        want += pe + 1;
    if (team != SHMEM_TEAM_INVALID) {
        shmem_ctx_t ctx;
        CHECK(shmem_team_create_ctx(team, 0, &ctx) == 0, "team_create_ctx");
        int t = shmem_team_my_pe(team);
        long one = 1;
        shmem_ctx_long_atomic_add(ctx, &x[0], me + 1, 0);
        shmem_atomic_fetch_add(ctx, &x[1], 2L, 0);
        shmem_ctx_ulong_atomic_or(ctx, (unsigned long *)&x[2], 1UL << me, 0);
        shmem_ctx_signal_add(ctx, &sig[0], 1, 0);
        shmem_ctx_long_put_signal(ctx, &x[3], &one, 1, &sig[1], (uint64_t)t + 1,
                                  SHMEM_SIGNAL_ADD, 0);
        shmem_ctx_quiet(ctx);
        shmem_team_sync(team);
        long total = shmem_ctx_long_atomic_fetch(ctx, &x[0], 0);
        CHECK(total == want, "team PE 0 holds %ld, want %ld", total, want);
        shmem_team_sync(team);
        shmem_ctx_destroy(ctx);
        shmem_team_destroy(team);
    }
    shmem_barrier_all();
    if (me == first) {
        unsigned long bits = 0;
        for (int pe = first; pe < npes; pe++)
            bits |= 1UL << pe;
        CHECK(x[1] == 2L * size && (unsigned long)x[2] == bits && x[3] == 1,
              "context AMOs missed team PE 0: %ld %#lx %ld", x[1], (unsigned long)x[2], x[3]);
        CHECK(sig[0] == (uint64_t)size && sig[1] == (uint64_t)size * (size + 1) / 2,
              "context signals: %lu %lu", (unsigned long)sig[0], (unsigned long)sig[1]);
    } else {
        CHECK(x[0] == 0 && x[1] == 0 && x[2] == 0 && sig[0] == 0 && sig[1] == 0,
              "a context operation landed on PE %d, outside the team", me);
    }
    shmem_barrier_all();
    shmem_free(sig);
    shmem_free(x);
    shmem_finalize();
    return 0;
}
