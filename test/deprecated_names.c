/* The pre-1.5 names the specification still lists: start_pes, _my_pe,
 * _num_pes, shmalloc/shfree/shrealloc/shmemalign, the untyped shmem_wait
 * and shmem_wait_until, and the _SHMEM_ constants. */
#include <stdint.h>

#include "check.h"

int main(void)
{
    start_pes(0);
    int me = _my_pe(), n = _num_pes();
    CHECK(me == shmem_my_pe() && n == shmem_n_pes(), "_my_pe %d _num_pes %d", me, n);
    CHECK(_SHMEM_MAJOR_VERSION == SHMEM_MAJOR_VERSION && _SHMEM_CMP_GE == SHMEM_CMP_GE,
          "_SHMEM_ constants");

    long *flag = shmalloc(sizeof(long));
    CHECK(flag != NULL, "shmalloc");
    *flag = 0;
    long *big = shmemalign(4096, 100);
    CHECK(big && ((uintptr_t)big & 4095) == 0, "shmemalign");
    big = shrealloc(big, 1 << 20);
    CHECK(big != NULL, "shrealloc");
    shmem_barrier_all();

    /* Each PE releases its right neighbour, which waits with the old names. */
    shmem_long_p(flag, 1, (me + 1) % n);
    (shmem_wait)(flag, 0);
    /* The left neighbour may already have sent its second value. */
    CHECK(*flag == 1 || *flag == 2, "shmem_wait returned with %ld", *flag);
    shmem_long_p(flag, 2, (me + 1) % n);
    (shmem_wait_until)(flag, SHMEM_CMP_EQ, 2);
    shmem_barrier_all();

    shfree(big);
    shfree(flag);
    shmem_finalize();
    return 0;
}
