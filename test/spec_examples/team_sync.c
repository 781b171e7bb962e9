/* OpenSHMEM 1.5, shmem_sync example: teams of the even PEs from 2 ("twos")
 * and of the multiples of 3 from 3 ("threes") each pass a value round their
 * ring with shmem_p, synchronising with shmem_sync on the team.
 * Afterwards x is 3 on multiples of 3 (but 0), 2 on the other even PEs (but
 * 0) and 10101 elsewhere; PE 0 gathers the values and prints, e.g. at 4 PEs:
 * "x on PE 0 = 10101", "x on PE 1 = 10101", "x on PE 2 = 2", "x on PE 3 = 3".
 */
#include <shmem.h>
#include <stdio.h>

static int x = 10101;

static void ring_put(shmem_team_t team, int value)
{
    int me_t = shmem_team_my_pe(team);
    int n_t = shmem_team_n_pes(team);
    int next = shmem_team_translate_pe(team, (me_t + 1) % n_t, SHMEM_TEAM_WORLD);
    shmem_p(&x, value, next);
    shmem_quiet();
    shmem_sync(team);
}

int main(void)
{
    shmem_team_t evens = SHMEM_TEAM_INVALID, triples = SHMEM_TEAM_INVALID;
    shmem_init();
    int me = shmem_my_pe();
    int npes = shmem_n_pes();

    if (npes > 2)
        shmem_team_split_strided(SHMEM_TEAM_WORLD, 2, 2, (npes - 1) / 2, NULL, 0, &evens);
    if (npes > 3)
        shmem_team_split_strided(SHMEM_TEAM_WORLD, 3, 3, (npes - 1) / 3, NULL, 0, &triples);

    if (evens != SHMEM_TEAM_INVALID)
        ring_put(evens, 2);
    shmem_sync(SHMEM_TEAM_WORLD);
    if (triples != SHMEM_TEAM_INVALID)
        ring_put(triples, 3);
    shmem_sync_all();

    int want = (me && me % 3 == 0) ? 3 : (me && me % 2 == 0) ? 2 : 10101;
    if (x != want)
        shmem_global_exit(1);

    if (me == 0)
        for (int pe = 0; pe < npes; pe++)
            printf("x on PE %d = %d\n", pe, shmem_g(&x, pe));
    shmem_finalize();
    return 0;
}
