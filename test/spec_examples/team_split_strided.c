/* OpenSHMEM 1.5, shmem_team_split_strided example: the even PEs of
 * SHMEM_TEAM_WORLD form a team (start 0, stride 2, size npes/2); each member
 * checks it is even, its team rank is pe/2 and the team has npes/2 PEs,
 * exiting with status 1 otherwise.
 * Members print "PE <pe>: team rank <pe/2> of <npes/2>" (order-free). */
#include <shmem.h>
#include <stdio.h>

int main(void)
{
    shmem_team_t evens;
    shmem_init();
    int me = shmem_my_pe();
    int npes = shmem_n_pes();

    shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, npes / 2, NULL, 0, &evens);
    if (evens != SHMEM_TEAM_INVALID) {
        int t_n = shmem_team_n_pes(evens);
        int t_me = shmem_team_my_pe(evens);
        if (me % 2 != 0 || me / 2 != t_me || npes / 2 != t_n)
            shmem_global_exit(1);
        printf("PE %d: team rank %d of %d\n", me, t_me, t_n);
        shmem_team_destroy(evens);
    } else if (me % 2 == 0) {
        shmem_global_exit(1); /* an even PE was left out */
    }
    shmem_finalize();
    return 0;
}
