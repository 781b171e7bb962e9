// Host calls from a CUDA source, of the kinds shmem/device/*.h defines for
// both sides: each must reach the library under its shmem_ name, so that a
// profiling tool's wrapper sees it (check_host_calls.sh reads the symbols).
#include <shmem.h>

int host_calls(int *p, long *l)
{
    shmem_int_p(p, 1, 0);
    shmem_putmem(p, p, sizeof *p, 0);
    shmem_long_atomic_add(l, 1, 0);
    shmem_int_wait_until(p, SHMEM_CMP_EQ, 1);
    shmem_barrier_all();
    return shmem_my_pe() + shmem_team_my_pe(SHMEM_TEAM_WORLD);
}
