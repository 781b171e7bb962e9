#include <stdio.h>
#include <shmem.h>

__global__ void pass_right(int *from_left, int me, int n)
{
    shmem_int_p(from_left, me, (me + 1) % n);   /* a store into the next PE's GPU memory */
}

int main(void)
{
    shmem_init();                                /* takes a GPU of its own and makes it current */
    int me = shmem_my_pe(), n = shmem_n_pes();
    int *from_left = (int *)shmem_malloc(sizeof(int));   /* in GPU memory, symmetric */

    pass_right<<<1, 1>>>(from_left, me, n);
    cudaDeviceSynchronize();
    shmem_barrier_all();                         /* every PE's kernel has stored */

    int got;
    cudaMemcpy(&got, from_left, sizeof got, cudaMemcpyDeviceToHost);
    printf("PE %d received %d\n", me, got);
    shmem_free(from_left);
    shmem_finalize();
    return got == (me + n - 1) % n ? 0 : 1;
}
