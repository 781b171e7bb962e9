// A kernel waiting for a flag that never comes must not hang the job when
// another PE goes away: PE 0's kernel waits in shmem_long_wait_until while
// PE 1 leaves (argv[1]: "exit" without shmem_finalize, or "global_exit"
// with status 5). Run through expect.sh, which checks the status, the
// message and that the job ended in time.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <shmem.h>

__global__ void wait_forever(long *flag)
{
    shmem_long_wait_until(flag, SHMEM_CMP_EQ, 1L);
}

int main(int argc, char **argv)
{
    shmem_init();
    long *flag = (long *)shmem_calloc(1, sizeof(long));
    shmem_barrier_all();
    if (shmem_my_pe() == 0) {
        wait_forever<<<1, 1>>>(flag);
        cudaError_t e = cudaDeviceSynchronize();
        printf("PE 0: the waiting kernel ended: %s\n", cudaGetErrorString(e));
        sleep(30);
    } else if (shmem_my_pe() == 1) {
        sleep(1);
        if (argc > 1 && strcmp(argv[1], "global_exit") == 0)
            shmem_global_exit(5);
        exit(3);
    }
    shmem_finalize();
    return 0;
}
