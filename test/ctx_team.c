/* Contexts: many created and destroyed, every option, SHMEM_CTX_INVALID
 * where the specification allows it, contexts of teams whose PE numbers
 * are team-relative (put, get, p and g of every RMA type), fence, quiet and
 * per-PE quiet on contexts (fence and quiet of SHMEM_CTX_INVALID too),
 * sessions, and contexts reserved by a team's num_contexts. */
#include "team_util.h"

static int me, n;

/* Small integers, exact in every RMA type. */
#define VALUE(T, pe, k) ((T)((pe) * 8 + (k) + 1))

/* Through a context of `team` (every PE a member): each member puts and p's
 * its marks into slot [its team index] on every member, then gets and g's
 * each member's own mark, which only that member holds. */
#define TEAM_RMA(T, N)                                                        \
    static void rma_##N(shmem_ctx_t ctx, shmem_team_t team)                   \
    {                                                                         \
        int idx = shmem_team_my_pe(team), size = shmem_team_n_pes(team);      \
        T *a = shmem_calloc(24, sizeof(T));                                   \
        CHECK(a, #N ": allocation");                                          \
        a[16] = VALUE(T, me, 2);                                              \
        a[17] = VALUE(T, me, 3);                                              \
        T mark = VALUE(T, me, 0);                                             \
        for (int i = 0; i < size; i++) {                                      \
            shmem_ctx_##N##_put(ctx, &a[idx], &mark, 1, i);                   \
            shmem_ctx_##N##_p(ctx, &a[8 + idx], VALUE(T, me, 1), i);          \
        }                                                                     \
        shmem_ctx_quiet(ctx);                                                 \
        shmem_team_sync(team);                                                \
        for (int j = 0; j < size; j++) {                                      \
            int w = tu_world(team, j);                                        \
            CHECK(a[j] == VALUE(T, w, 0), #N ": put from team PE %d", j);      \
            CHECK(a[8 + j] == VALUE(T, w, 1), #N ": p from team PE %d", j);    \
            T got = 0;                                                        \
            shmem_ctx_##N##_get(ctx, &got, &a[16], 1, j);                     \
            CHECK(got == VALUE(T, w, 2), #N ": get from team PE %d", j);       \
            CHECK(shmem_ctx_##N##_g(ctx, &a[17], j) == VALUE(T, w, 3),         \
                  #N ": g from team PE %d", j);                               \
        }                                                                     \
        shmem_team_sync(team);                                                \
        shmem_free(a);                                                        \
    }
SHMEMI_RMA_TYPES(TEAM_RMA)

static void many_contexts(void)
{
    for (int i = 0; i < 10000; i++) {
        shmem_ctx_t c = SHMEM_CTX_INVALID;
        CHECK(shmem_ctx_create(i % 2 ? SHMEM_CTX_PRIVATE : 0, &c) == 0 &&
              c != SHMEM_CTX_INVALID, "create %d", i);
        shmem_ctx_destroy(c);
    }
    /* Many alive at once, destroyed out of order. */
    enum { ALIVE = 300 };
    static shmem_ctx_t live[ALIVE];
    for (int i = 0; i < ALIVE; i++)
        CHECK(shmem_ctx_create(0, &live[i]) == 0, "create live %d", i);
    for (int i = 0; i < ALIVE; i += 2)
        shmem_ctx_destroy(live[i]);
    for (int i = ALIVE - 1; i > 0; i -= 2)
        shmem_ctx_destroy(live[i]);
}

static void options_and_invalid(long *flag)
{
    long opts[] = {0, SHMEM_CTX_SERIALIZED, SHMEM_CTX_PRIVATE, SHMEM_CTX_NOSTORE,
                   SHMEM_CTX_SERIALIZED | SHMEM_CTX_PRIVATE | SHMEM_CTX_NOSTORE};
    for (size_t k = 0; k < sizeof opts / sizeof *opts; k++) {
        shmem_ctx_t c;
        CHECK(shmem_ctx_create(opts[k], &c) == 0, "options %#lx", opts[k]);
        shmem_team_t t = SHMEM_TEAM_INVALID;
        CHECK(shmem_ctx_get_team(c, &t) == 0 && t == SHMEM_TEAM_WORLD, "team of a ctx");
        shmem_ctx_long_p(c, &flag[me], (long)k + 1, (me + 1) % n);
        shmem_ctx_fence(c);
        shmem_ctx_quiet(c);
        shmem_ctx_destroy(c);
        shmem_barrier_all();
        int from = (me + n - 1) % n;
        CHECK(flag[from] == (long)k + 1, "options %#lx: put not delivered", opts[k]);
        shmem_barrier_all();
    }
    shmem_ctx_t c = SHMEM_CTX_DEFAULT;
    CHECK(shmem_ctx_create(1L << 20, &c) != 0 && c == SHMEM_CTX_INVALID,
          "an unknown option was accepted");
    c = SHMEM_CTX_DEFAULT;
    CHECK(shmem_team_create_ctx(SHMEM_TEAM_INVALID, 0, &c) != 0 && c == SHMEM_CTX_INVALID,
          "a context of SHMEM_TEAM_INVALID");
    shmem_ctx_destroy(SHMEM_CTX_INVALID);
    shmem_team_t t = SHMEM_TEAM_WORLD;
    CHECK(shmem_ctx_get_team(SHMEM_CTX_INVALID, &t) != 0 && t == SHMEM_TEAM_INVALID,
          "team of SHMEM_CTX_INVALID");
    CHECK(shmem_ctx_get_team(SHMEM_CTX_DEFAULT, &t) == 0 && t == SHMEM_TEAM_WORLD,
          "team of the default context");
    shmem_ctx_fence(SHMEM_CTX_INVALID);
    shmem_ctx_quiet(SHMEM_CTX_INVALID);
    shmem_ctx_session_start(SHMEM_CTX_INVALID, SHMEM_CTX_SESSION_BATCH, NULL, 0);
    shmem_ctx_session_stop(SHMEM_CTX_INVALID);
}

/* Ordering on a team context: data, fence, flag to the next team PE; the
 * receiver waits for the flag and must then see the data. */
static void ordering(shmem_ctx_t ctx, shmem_team_t team, long *data, long *flag)
{
    int idx = shmem_team_my_pe(team), size = shmem_team_n_pes(team);
    int next = (idx + 1) % size;
    shmem_ctx_session_start(ctx, SHMEM_CTX_SESSION_BATCH, NULL, 0);
    for (int round = 1; round <= 3; round++) {
        long v[4];
        for (int k = 0; k < 4; k++)
            v[k] = round * 100 + idx + 1 + k;
        shmem_ctx_long_put_nbi(ctx, data, v, 4, next);
        if (round == 2)
            shmem_ctx_quiet(ctx);
        else
            shmem_ctx_fence(ctx);
        shmem_ctx_long_p(ctx, flag, round, next);
        int from = (idx + size - 1) % size;
        shmem_long_wait_until(flag, SHMEM_CMP_EQ, round);
        for (int k = 0; k < 4; k++)
            CHECK(data[k] == round * 100 + from + 1 + k, "round %d: data[%d] = %ld",
                  round, k, data[k]);
        shmem_team_sync(team);
    }
    shmem_ctx_session_stop(ctx);
    shmem_ctx_session_stop(ctx);
    /* Per-PE quiet with team-relative numbers, and with none. */
    int targets[8];
    for (int i = 0; i < size; i++)
        targets[i] = i;
    shmem_ctx_pe_quiet(ctx, targets, (size_t)size);
    shmem_ctx_pe_quiet(ctx, NULL, 0);
    shmem_pe_quiet(&me, 1);
    shmem_ctx_session_config_t cfg = {.total_ops = 100};
    shmem_ctx_session_start(ctx, SHMEM_CTX_SESSION_BATCH, &cfg, SHMEM_CTX_SESSION_TOTAL_OPS);
    shmem_ctx_session_start(ctx, 0, &cfg, 0);
    shmem_ctx_session_stop(ctx);
    shmem_team_sync(team);
}

/* A team that reserves contexts: those and more can be made; a team that
 * goes away takes its shareable contexts with it. */
static void reserved(void)
{
    shmem_team_config_t conf = {.num_contexts = 4};
    shmem_team_t t;
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, n, &conf,
                                   SHMEM_TEAM_NUM_CONTEXTS, &t) == 0, "split");
    shmem_ctx_t c[6];
    for (int round = 0; round < 3; round++) {
        for (int i = 0; i < 6; i++)
            CHECK(shmem_team_create_ctx(t, 0, &c[i]) == 0, "context %d of 6", i);
        for (int i = 0; i < 6; i++) {
            shmem_team_t got;
            CHECK(shmem_ctx_get_team(c[i], &got) == 0 && got == t, "team of context %d", i);
        }
        for (int i = 5; i >= 0; i -= 2)
            shmem_ctx_destroy(c[i]);
        for (int i = 0; i < 6; i += 2)
            shmem_ctx_destroy(c[i]);
    }
    CHECK(shmem_team_create_ctx(t, 0, &c[0]) == 0 && shmem_team_create_ctx(t, 0, &c[1]) == 0,
          "contexts left to the team");
    shmem_team_destroy(t);
}

int main(void)
{
    shmem_init();
    me = shmem_my_pe();
    n = shmem_n_pes();
    CHECK(n <= 8, "the test needs at most 8 PEs");
    long *flag = shmem_calloc(16, sizeof(long));
    long *data = shmem_calloc(4, sizeof(long));

    many_contexts();
    options_and_invalid(flag);

    /* The reversed world: team PE i is world PE n - 1 - i. */
    shmem_team_t rev;
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, n - 1, -1, n, NULL, 0, &rev) == 0,
          "reversed team");
    shmem_ctx_t rctx;
    CHECK(shmem_team_create_ctx(rev, SHMEM_CTX_PRIVATE, &rctx) == 0, "context of rev");
    shmem_team_t got;
    CHECK(shmem_ctx_get_team(rctx, &got) == 0 && got == rev, "team of rev's context");
#define RUN(T, N) rma_##N(rctx, rev);
    SHMEMI_RMA_TYPES(RUN)
#undef RUN
    shmem_ctx_long_p(rctx, flag, 0, shmem_team_my_pe(rev));
    shmem_team_sync(rev);
    ordering(rctx, rev, data, flag);
    shmem_ctx_destroy(rctx);

    /* The odd PEs (none at 1 PE): team PE i is world PE 2i + 1; the even
     * PEs get no team and no context. */
    shmem_team_t odd = SHMEM_TEAM_INVALID;
    if (n > 1)
        CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 1, 2, n / 2, NULL, 0, &odd) == 0,
              "odd team");
    shmem_ctx_t octx = SHMEM_CTX_DEFAULT;
    int rc = shmem_team_create_ctx(odd, 0, &octx);
    if (odd == SHMEM_TEAM_INVALID) {
        CHECK(rc != 0 && octx == SHMEM_CTX_INVALID, "context of no team");
    } else {
        CHECK(rc == 0, "context of the odd team");
        int idx = shmem_team_my_pe(odd), size = shmem_team_n_pes(odd);
        CHECK(me == 2 * idx + 1, "odd numbering");
        for (int i = 0; i < size; i++)
            shmem_ctx_long_p(octx, &flag[8 + idx], 1000 + me, i);
        shmem_ctx_quiet(octx);
        shmem_team_sync(odd);
        for (int i = 0; i < size; i++) {
            CHECK(flag[8 + i] == 1000 + 2 * i + 1, "odd slot %d: %ld", i, flag[8 + i]);
            CHECK(shmem_ctx_long_g(octx, &flag[8 + idx], i) == 1000 + me, "odd g from %d", i);
        }
        shmem_team_sync(odd);
        shmem_ctx_long_p(octx, flag, 0, idx);
        shmem_team_sync(odd);
        ordering(octx, odd, data, flag);
    }
    /* As programs do whether or not they got a context: the even PEs hold
     * SHMEM_CTX_INVALID, on which all three do nothing. */
    shmem_ctx_fence(octx);
    shmem_ctx_quiet(octx);
    shmem_ctx_destroy(octx);
    shmem_team_destroy(odd);
    shmem_team_destroy(rev);
    shmem_barrier_all();

    reserved();

    shmem_free(data);
    shmem_free(flag);
    shmem_finalize();
    return 0;
}
