/* OpenSHMEM 1.5, shmem_global_exit example: PE 0 fails to open an input file
 * and calls shmem_global_exit(1), which ends every PE (the others are in a
 * barrier that would never complete) with status 1.
 * Prints on PE 0 "ERROR: Unable to open file: <name>"; the job's exit
 * status is non-zero. */
#include <shmem.h>
#include <stdio.h>

int main(void)
{
    shmem_init();
    int me = shmem_my_pe();
    if (me == 0) {
        const char *name = "/nonexistent-dir/input.txt";
        FILE *fp = fopen(name, "r");
        if (fp == NULL) {
            printf("ERROR: Unable to open file: %s\n", name);
            fflush(stdout);
            shmem_global_exit(1);
        }
        fclose(fp);
    }
    shmem_barrier_all();
    printf("PE %d: should not get here\n", me);
    shmem_finalize();
    return 0;
}
