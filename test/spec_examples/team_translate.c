/* OpenSHMEM 1.5, shmem_team_translate_pe example: in the team of the even
 * PEs (split_strided start 0, stride 2), each member translates its own team
 * rank back to SHMEM_TEAM_WORLD and must get its world PE number (exit 1
 * otherwise). PEs outside the team translate to -1.
 * Members print "team PE <r> is world PE <pe>" (order-free); PE 0 also
 * prints the result of translating from an odd PE's view, "-1". */
#include <shmem.h>
#include <stdio.h>

int main(void)
{
    shmem_team_t evens;
    shmem_init();
    int me = shmem_my_pe();
    int npes = shmem_n_pes();

    shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, (npes + 1) / 2, NULL, 0, &evens);
    if (evens != SHMEM_TEAM_INVALID) {
        int r = shmem_team_my_pe(evens);
        int back = shmem_team_translate_pe(evens, r, SHMEM_TEAM_WORLD);
        if (back != me)
            shmem_global_exit(1);
        printf("team PE %d is world PE %d\n", r, back);
        if (me == 0 && npes > 1)
            printf("world PE 1 in the even team: %d\n",
                   shmem_team_translate_pe(SHMEM_TEAM_WORLD, 1, evens));
        shmem_team_destroy(evens);
    }
    shmem_finalize();
    return 0;
}
