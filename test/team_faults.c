/* Misuse of teams and contexts, one scenario per run (argv[1]); each must
 * end the job with a message that names the call and the problem, or, for
 * the warnings, carry on. */
#include <pthread.h>
#include <string.h>

#include "check.h"

static shmem_ctx_t ctx;

static void *use_ctx(void *arg)
{
    long *x = arg;
    shmem_ctx_long_p(ctx, x, 1, 0);
    return NULL;
}

static void *destroy_ctx(void *arg)
{
    (void)arg;
    shmem_ctx_destroy(ctx);
    return NULL;
}

static void in_thread(void *(*fn)(void *), void *arg)
{
    pthread_t th;
    pthread_create(&th, NULL, fn, arg);
    pthread_join(th, NULL);
}

int main(int argc, char **argv)
{
    CHECK(argc == 2, "usage: team_faults <scenario>");
    const char *s = argv[1];
    int provided;
    shmem_init_thread(SHMEM_THREAD_MULTIPLE, &provided);
    int n = shmem_n_pes();
    long *x = shmem_calloc(1, sizeof(long));
    if (!strcmp(s, "destroy_world")) {
        shmem_team_destroy(SHMEM_TEAM_WORLD);
    } else if (!strcmp(s, "destroy_shared")) {
        shmem_team_destroy(SHMEM_TEAM_SHARED);
    } else if (!strcmp(s, "destroy_default_ctx")) {
        shmem_ctx_destroy(SHMEM_CTX_DEFAULT);
    } else if (!strcmp(s, "put_invalid")) {
        shmem_ctx_long_p(SHMEM_CTX_INVALID, x, 1, 0);
    } else if (!strcmp(s, "team_pe_range")) {
        /* The team of PE 0 alone: PE 1 of the team does not exist. */
        shmem_team_t t;
        shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, 1, NULL, 0, &t);
        shmem_team_create_ctx(t, 0, &ctx);
        if (t != SHMEM_TEAM_INVALID)
            shmem_ctx_long_p(ctx, x, 1, 1);
        shmem_barrier_all();
    } else if (!strcmp(s, "pe_quiet_range")) {
        int pes[2] = {0, n};
        shmem_pe_quiet(pes, 2);
    } else if (!strcmp(s, "private_other_thread")) {
        shmem_ctx_create(SHMEM_CTX_PRIVATE, &ctx);
        in_thread(use_ctx, x);
    } else if (!strcmp(s, "destroy_private_other_thread")) {
        shmem_ctx_create(SHMEM_CTX_PRIVATE, &ctx);
        in_thread(destroy_ctx, NULL);
    } else if (!strcmp(s, "split_mismatch") || !strcmp(s, "split_mismatch_invalid")) {
        /* PE 0 asks for every PE; the others for fewer, or for too many. */
        int size = shmem_my_pe() == 0 ? n : !strcmp(s, "split_mismatch") ? n - 1 : n + 1;
        shmem_team_t t;
        shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, size, NULL, 0, &t);
        shmem_team_sync(t);
    } else if (!strcmp(s, "private_left_alive")) {
        shmem_team_t t;
        shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, n, NULL, 0, &t);
        shmem_team_create_ctx(t, SHMEM_CTX_PRIVATE, &ctx);
        shmem_team_destroy(t);
    } else if (!strncmp(s, "stale_", 6)) {
        /* A destroyed team's handle: each call must name the call and the
         * handle, never read the freed team nor, once a new split has taken
         * its slot (and likely its address), the new team. */
        shmem_team_t t, u = SHMEM_TEAM_INVALID;
        shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, n, NULL, 0, &t);
        shmem_team_destroy(t);
        if (!strcmp(s, "stale_after_split")) {
            shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, n, NULL, 0, &u);
            printf("my_pe %d\n", shmem_team_my_pe(t));
        } else if (!strcmp(s, "stale_n_pes")) {
            printf("n_pes %d\n", shmem_team_n_pes(t));
        } else if (!strcmp(s, "stale_sync")) {
            shmem_team_sync(t);
        } else if (!strcmp(s, "stale_destroy")) {
            shmem_team_destroy(t);
        } else if (!strcmp(s, "stale_create_ctx")) {
            shmem_team_create_ctx(t, 0, &ctx);
        } else if (!strcmp(s, "stale_reduce")) {
            shmem_long_sum_reduce(t, x, x, 1);
        }
        CHECK(0, "%s: the call on a destroyed team returned", s);
    } else if (!strcmp(s, "sync_invalid")) {
        /* Not an error (the call returns nonzero), but a PE outside the team
         * that thinks it synchronised needs to hear about it, once. */
        if (shmem_my_pe() == n - 1)
            for (int i = 0; i < 2; i++)
                CHECK(shmem_team_sync(SHMEM_TEAM_INVALID) != 0, "sync of INVALID returned 0");
        shmem_barrier_all();
    } else {
        CHECK(0, "unknown scenario %s", s);
    }
    shmem_free(x);
    shmem_finalize();
    return 0;
}
