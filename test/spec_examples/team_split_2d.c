/* OpenSHMEM 1.5, shmem_team_split_2d example: SHMEM_TEAM_WORLD is split into
 * x teams of xdim PEs (and the yz teams across them), then each yz team into
 * y teams of ydim PEs (and z teams). The PEs then print, one at a time in
 * (z, y, x) order, "(x, y, z) is me = <pe>".
 * The spec uses xdim 3, ydim 4 at 16 PEs; the dimensions are this program's
 * arguments (default 3 4) so a smaller run keeps the same layout rules: with
 * "2 2" at 6 PEs it prints (0, 0, 0) is me = 0, (1, 0, 0) is me = 1,
 * (0, 1, 0) is me = 2, (1, 1, 0) is me = 3, (0, 0, 1) is me = 4,
 * (1, 0, 1) is me = 5. */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int xdim = argc > 2 ? atoi(argv[1]) : 3;
    int ydim = argc > 2 ? atoi(argv[2]) : 4;

    shmem_init();
    int me = shmem_my_pe();
    int npes = shmem_n_pes();
    if (npes < xdim * ydim) {
        printf("Not enough PEs to create %dx%dxN layout\n", xdim, ydim);
        shmem_global_exit(1);
    }
    int plane = xdim * ydim;
    int zdim = npes / plane + (npes % plane > 0);

    shmem_team_t xteam, yzteam, yteam, zteam;
    shmem_team_split_2d(SHMEM_TEAM_WORLD, xdim, NULL, 0, &xteam, NULL, 0, &yzteam);
    shmem_team_split_2d(yzteam, ydim, NULL, 0, &yteam, NULL, 0, &zteam);
    shmem_team_destroy(yzteam);

    int cx = shmem_team_my_pe(xteam);
    int cy = shmem_team_my_pe(yteam);
    int cz = shmem_team_my_pe(zteam);

    for (int z = 0; z < zdim; z++)
        for (int y = 0; y < ydim; y++)
            for (int x = 0; x < xdim; x++) {
                if (cx == x && cy == y && cz == z) {
                    printf("(%d, %d, %d) is me = %d\n", cx, cy, cz, me);
                    fflush(stdout);
                }
                shmem_team_sync(SHMEM_TEAM_WORLD);
            }
    shmem_finalize();
    return 0;
}
