/* Host routines beyond RMA on the device heap: wait_until on a GPU word
 * updated by a peer, barriers ordering copy-engine puts, and the team
 * collectives (broadcast, fcollect, alltoall, sum reduction), with every
 * result read back through shmem_get. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../check.h"

#define N 4096

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    int right = (me + 1) % n, left = (me + n - 1) % n;

    /* Ping around the ring through a flag in GPU memory. */
    long *flag = shmem_calloc(1, sizeof(long));
    for (long round = 1; round <= 50; round++) {
        if (me == 0)
            shmem_long_p(flag, round, right);
        shmem_long_wait_until(flag, SHMEM_CMP_GE, round);
        if (me != 0)
            shmem_long_p(flag, round, right);
        shmem_quiet();
    }
    shmem_barrier_all();

    long *src = shmem_malloc(N * sizeof(long) * (size_t)n);
    long *dst = shmem_malloc(N * sizeof(long) * (size_t)n);
    long host[N], *all = malloc(N * sizeof(long) * (size_t)n);
    for (int i = 0; i < N; i++)
        host[i] = (long)me * 1000000 + i;
    shmem_long_put(src, host, N, me);
    shmem_barrier_all();

    CHECK(shmem_long_broadcast(SHMEM_TEAM_WORLD, dst, src, N, n - 1) == 0, "broadcast");
    shmem_long_get(host, dst, N, me);
    for (int i = 0; i < N; i++)
        CHECK(host[i] == (long)(n - 1) * 1000000 + i, "broadcast [%d] = %ld", i, host[i]);

    CHECK(shmem_long_fcollect(SHMEM_TEAM_WORLD, dst, src, N) == 0, "fcollect");
    shmem_long_get(all, dst, (size_t)N * (size_t)n, me);
    for (int p = 0; p < n; p++)
        for (int i = 0; i < N; i++)
            CHECK(all[p * N + i] == (long)p * 1000000 + i, "fcollect [%d][%d]", p, i);

    CHECK(shmem_long_sum_reduce(SHMEM_TEAM_WORLD, dst, src, N) == 0, "sum_reduce");
    shmem_long_get(host, dst, N, left);
    long pe_sum = (long)n * (n - 1) / 2 * 1000000;
    for (int i = 0; i < N; i++)
        CHECK(host[i] == pe_sum + (long)n * i, "sum [%d] = %ld", i, host[i]);

    /* alltoall: block b of PE p's source goes to block p of PE b's dest. */
    for (int b = 0; b < n; b++)
        for (int i = 0; i < N; i++)
            all[b * N + i] = (long)me * 1000 + b;
    shmem_long_put(src, all, (size_t)N * (size_t)n, me);
    shmem_barrier_all();
    CHECK(shmem_long_alltoall(SHMEM_TEAM_WORLD, dst, src, N) == 0, "alltoall");
    shmem_long_get(all, dst, (size_t)N * (size_t)n, me);
    for (int p = 0; p < n; p++)
        CHECK(all[p * N + N - 1] == (long)p * 1000 + me, "alltoall block %d", p);

    free(all);
    shmem_free(dst);
    shmem_free(src);
    shmem_free(flag);
    shmem_finalize();
    return 0;
}
