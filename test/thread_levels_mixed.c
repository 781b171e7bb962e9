/* PEs that ask shmem_init_thread for different thread levels (PE 0 for
 * SHMEM_THREAD_MULTIPLE, the others for SHMEM_THREAD_SINGLE) run small and
 * large collectives together: every PE must pick the same algorithm (the
 * mailboxes are off when any PE may run collectives from several threads),
 * where each PE going by its own level hung in the first broadcast. The PE
 * is known before shmem_init from the launcher's rank variable. */
#include <stdlib.h>

#include "check.h"

#define N 2048

static int launcher_rank(void)
{
    static const char *const vars[] = {"OMPI_COMM_WORLD_RANK", "PMIX_RANK", "SHMEMRUN_RANK"};
    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++) {
        const char *v = getenv(vars[i]);
        if (v)
            return atoi(v);
    }
    return 0;
}

int main(void)
{
    int asked = launcher_rank() == 0 ? SHMEM_THREAD_MULTIPLE : SHMEM_THREAD_SINGLE;
    int provided;
    CHECK(shmem_init_thread(asked, &provided) == 0, "shmem_init_thread");
    int me = shmem_my_pe(), n = shmem_n_pes();
    CHECK(provided == asked, "asked for thread level %d, provided %d", asked, provided);
    long *src = shmem_malloc(N * sizeof(long)), *dst = shmem_malloc((size_t)n * N * sizeof(long));
    CHECK(src && dst, "shmem_malloc");
    static const size_t sizes[] = {1, 8, 300, N};
    for (int it = 0; it < 20; it++) {
        for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
            size_t k = sizes[s];
            int root = (it + (int)s) % n;
            for (size_t i = 0; i < N; i++)
                src[i] = me + (long)i + it;
            shmem_barrier_all();
            CHECK(shmem_long_broadcast(SHMEM_TEAM_WORLD, dst, src, k, root) == 0, "broadcast");
            for (size_t i = 0; i < k; i++)
                CHECK(dst[i] == root + (long)i + it, "broadcast of %zu from PE %d, element %zu: %ld",
                      k, root, i, dst[i]);
            CHECK(shmem_long_sum_reduce(SHMEM_TEAM_WORLD, dst, src, k) == 0, "sum_reduce");
            for (size_t i = 0; i < k; i++)
                CHECK(dst[i] == (long)n * (n - 1) / 2 + (long)n * ((long)i + it),
                      "sum of %zu, element %zu: %ld", k, i, dst[i]);
            CHECK(shmem_long_fcollect(SHMEM_TEAM_WORLD, dst, src, k) == 0, "fcollect");
            for (int p = 0; p < n; p++)
                for (size_t i = 0; i < k; i++)
                    CHECK(dst[(size_t)p * k + i] == p + (long)i + it,
                          "fcollect of %zu, PE %d's element %zu: %ld", k, p, i,
                          dst[(size_t)p * k + i]);
        }
    }
    shmem_free(dst);
    shmem_free(src);
    shmem_finalize();
    return 0;
}
