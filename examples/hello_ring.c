/* Each PE puts its number into the next PE's slot, then everyone checks
 * what arrived from the previous PE. */
#include <stdio.h>

#include <shmem.h>

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    int *from_left = shmem_malloc(sizeof(int));

    shmem_p(from_left, me, (me + 1) % n);
    shmem_barrier_all();

    int left = (me + n - 1) % n;
    printf("PE %d of %d: received %d from PE %d %s\n", me, n, *from_left, left,
           *from_left == left ? "(ok)" : "(WRONG)");
    int ok = *from_left == left;
    shmem_free(from_left);
    shmem_finalize();
    return ok ? 0 : 1;
}
