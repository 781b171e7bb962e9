/* Small collectives back to back, with no synchronisation between them: on
 * SHMEM_TEAM_WORLD and the team of this PE's parity, interleaved, and on
 * the matching active sets, each with its own pSync used call after call.
 * Every call has fresh data, a new root and a size from a list that crosses
 * the mailbox limits (4 and 16 KiB), so that the mailbox and barrier
 * algorithms follow each other too. Each PE checks its dest as soon as the
 * call returns and then overwrites its source and dest for the next call:
 * a member that wrote another's dest, read another's source after that one
 * returned, or took a message of the wrong call would show up as a wrong
 * element. */
#include "check.h"

#define ROUNDS 2000
#define MAX_NE 4097
#define SENTINEL (-7)

static const size_t sizes[] = {1, 3, 16, 100, 1024, 1025, 0, 64, 2, 1023, 4096, 4097};
#define NSIZES (sizeof sizes / sizeof *sizes)

static int *src, *dst, *wrk;
static long *psync_world, *psync_parity;

static int val(int round, int pe, size_t e)
{
    return (int)((round * 131 + pe * 17 + (int)e * 7) % 1000) + 1;
}

/* A team, or an active set (log stride, pSync) over the same PEs. */
struct group {
    shmem_team_t team;
    int start, log, size, me;
    long *psync;
};

static void fill(int round, int me, size_t ne)
{
    for (size_t e = 0; e < ne; e++)
        src[e] = val(round, me, e);
}

static void clear(size_t n)
{
    for (size_t e = 0; e < n; e++)
        dst[e] = SENTINEL;
}

static void broadcast(const struct group *g, int round, size_t ne)
{
    int root = round % g->size, active = !g->team;
    fill(round, g->me, ne);
    clear(ne + 1);
    if (active)
        shmem_broadcast32(dst, src, ne, root, g->start, g->log, g->size, g->psync);
    else
        shmem_int_broadcast(g->team, dst, src, ne, root);
    for (size_t e = 0; e <= ne; e++) {
        int want = e < ne && !(active && g->me == root) ? val(round, root, e) : SENTINEL;
        CHECK(dst[e] == want, "%s broadcast round %d (%zu ints from %d), element "
              "%zu: %d, want %d", active ? "active-set" : "team", round, ne, root, e,
              dst[e], want);
    }
}

static void fcollect(const struct group *g, int round, size_t ne)
{
    size_t total = ne * (size_t)g->size;
    fill(round, g->me, ne);
    clear(total + 1);
    if (g->team)
        shmem_int_fcollect(g->team, dst, src, ne);
    else
        shmem_fcollect32(dst, src, ne, g->start, g->log, g->size, g->psync);
    for (size_t e = 0; e <= total; e++) {
        int want = e < total ? val(round, (int)(e / ne), e % ne) : SENTINEL;
        CHECK(dst[e] == want, "%s fcollect round %d (%zu ints), element %zu: %d, "
              "want %d", g->team ? "team" : "active-set", round, ne, e, dst[e], want);
    }
}

/* Sum out of place, then max in place. */
static void reduce(const struct group *g, int round, size_t ne)
{
    fill(round, g->me, ne);
    clear(ne + 1);
    if (g->team)
        shmem_int_sum_reduce(g->team, dst, src, ne);
    else
        shmem_int_sum_to_all(dst, src, (int)ne, g->start, g->log, g->size, wrk, g->psync);
    for (size_t e = 0; e <= ne; e++) {
        int want = e < ne ? 0 : SENTINEL;
        for (int j = 0; e < ne && j < g->size; j++)
            want += val(round, j, e);
        CHECK(dst[e] == want, "%s sum round %d (%zu ints), element %zu: %d, want %d",
              g->team ? "team" : "active-set", round, ne, e, dst[e], want);
    }
    if (g->team)
        shmem_int_max_reduce(g->team, src, src, ne);
    else
        shmem_int_max_to_all(src, src, (int)ne, g->start, g->log, g->size, wrk, g->psync);
    for (size_t e = 0; e < ne; e++) {
        int want = val(round, 0, e);
        for (int j = 1; j < g->size; j++)
            want = val(round, j, e) > want ? val(round, j, e) : want;
        CHECK(src[e] == want, "%s in-place max round %d (%zu ints), element %zu: %d, "
              "want %d", g->team ? "team" : "active-set", round, ne, e, src[e], want);
    }
}

/* Inclusive and exclusive sums: each member needs only those before it. */
static void scans(const struct group *g, int round, size_t ne)
{
    fill(round, g->me, ne);
    shmem_int_sum_inscan(g->team, dst, src, ne);
    for (size_t e = 0; e < ne; e++) {
        int want = 0;
        for (int j = 0; j <= g->me; j++)
            want += val(round, j, e);
        CHECK(dst[e] == want, "inscan round %d (%zu ints), element %zu: %d, want %d",
              round, ne, e, dst[e], want);
    }
    shmem_int_sum_exscan(g->team, dst, src, ne);
    for (size_t e = 0; e < ne; e++) {
        int want = 0;
        for (int j = 0; j < g->me; j++)
            want += val(round, j, e);
        CHECK(dst[e] == want, "exscan round %d (%zu ints), element %zu: %d, want %d",
              round, ne, e, dst[e], want);
    }
}

static void round_on(const struct group *g, int round)
{
    size_t ne = sizes[(size_t)round % NSIZES];
    broadcast(g, round, ne);
    fcollect(g, round, ne);
    reduce(g, round, ne);
    if (g->team)
        scans(g, round, ne);
}

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    src = shmem_malloc(MAX_NE * sizeof(int));
    dst = shmem_malloc(((size_t)n * MAX_NE + 1) * sizeof(int));
    wrk = shmem_malloc((MAX_NE / 2 + 1 + SHMEM_REDUCE_MIN_WRKDATA_SIZE) * sizeof(int));
    psync_world = shmem_malloc(SHMEM_SYNC_SIZE * sizeof(long));
    psync_parity = shmem_malloc(SHMEM_SYNC_SIZE * sizeof(long));
    CHECK(src && dst && wrk && psync_world && psync_parity, "allocation");
    for (int i = 0; i < SHMEM_SYNC_SIZE; i++)
        psync_world[i] = psync_parity[i] = SHMEM_SYNC_VALUE;
    int parity_size = (n - me % 2 + 1) / 2;
    shmem_team_t even, odd = SHMEM_TEAM_INVALID;
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, (n + 1) / 2, NULL, 0, &even) == 0,
          "even split");
    if (n > 1)
        CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 1, 2, n / 2, NULL, 0, &odd) == 0,
              "odd split");
    shmem_team_t mine = me % 2 ? odd : even;

    struct group groups[] = {
        {SHMEM_TEAM_WORLD, 0, 0, n, me, NULL},
        {mine, me % 2, 1, parity_size, me / 2, NULL},
        {NULL, 0, 0, n, me, psync_world},
        {NULL, me % 2, 1, parity_size, me / 2, psync_parity},
    };
    for (int round = 0; round < ROUNDS; round++)
        for (size_t g = 0; g < sizeof groups / sizeof *groups; g++)
            round_on(&groups[g], round);

    shmem_barrier_all();
    for (int i = 0; i < SHMEM_SYNC_SIZE; i++)
        CHECK(psync_world[i] == SHMEM_SYNC_VALUE && psync_parity[i] == SHMEM_SYNC_VALUE,
              "pSync[%d] is %ld and %ld at the end", i, psync_world[i], psync_parity[i]);
    if (even != SHMEM_TEAM_INVALID)
        shmem_team_destroy(even);
    if (odd != SHMEM_TEAM_INVALID)
        shmem_team_destroy(odd);
    shmem_free(psync_parity);
    shmem_free(psync_world);
    shmem_free(wrk);
    shmem_free(dst);
    shmem_free(src);
    shmem_finalize();
    return 0;
}
