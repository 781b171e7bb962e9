/* shmem_team_split_strided: triplets of every shape (all, even, odd,
 * reversed, stride 0, odd sizes), invalid triplets and configurations
 * (which must fail on every PE of the parent at once), splits of splits,
 * translation between teams, get_config, and the predefined teams. */
#include <shmemx.h>

#include "team_util.h"

static int me, n;
static long *box;

/* Splits parent (whose world PEs are ppes) by the triplet and checks the
 * result; a valid triplet must succeed, an invalid one fail, on every PE. */
static shmem_team_t split(shmem_team_t parent, const int *ppes, int start, int stride,
                          int size, int valid)
{
    shmem_team_t t = SHMEM_TEAM_WORLD;
    int rc = shmem_team_split_strided(parent, start, stride, size, NULL, 0, &t);
    if (!valid) {
        CHECK(rc != 0 && t == SHMEM_TEAM_INVALID, "(%d, %d, %d) accepted", start,
              stride, size);
        return t;
    }
    CHECK(rc == 0, "(%d, %d, %d) failed", start, stride, size);
    int pes[8] = {0};
    for (int i = 0; i < size; i++)
        pes[i] = ppes[start + i * stride];
    tu_check_members(t, pes, size);
    if (t != SHMEM_TEAM_INVALID)
        for (int i = 0; i < size; i++)
            CHECK(shmem_team_translate_pe(t, i, parent) == start + i * stride,
                  "index %d in the parent", i);
    return t;
}

static void check_config(void)
{
    shmem_team_config_t conf = {.num_contexts = 3}, got = {.num_contexts = -7};
    shmem_team_t t;
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, n, &conf,
                                   SHMEM_TEAM_NUM_CONTEXTS, &t) == 0, "config split");
    CHECK(shmem_team_get_config(t, SHMEM_TEAM_NUM_CONTEXTS, &got) == 0 &&
          got.num_contexts == 3, "num_contexts %d", got.num_contexts);
    got.num_contexts = -7;
    CHECK(shmem_team_get_config(t, 0, &got) == 0 && got.num_contexts == -7,
          "an empty mask wrote the structure");
    shmem_team_destroy(t);
    /* Unmasked fields are ignored, so is a NULL config with no mask. */
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, n, &conf, 0, &t) == 0,
          "unmasked config");
    CHECK(shmem_team_get_config(t, SHMEM_TEAM_NUM_CONTEXTS, &got) == 0 &&
          got.num_contexts == 0, "default num_contexts %d", got.num_contexts);
    shmem_team_destroy(t);
    CHECK(shmem_team_get_config(SHMEM_TEAM_WORLD, SHMEM_TEAM_NUM_CONTEXTS, &got) == 0 &&
          got.num_contexts == 0, "world config");
    CHECK(shmem_team_get_config(SHMEM_TEAM_INVALID, SHMEM_TEAM_NUM_CONTEXTS, &got) != 0,
          "config of SHMEM_TEAM_INVALID");

    /* A bad configuration on the members fails the split everywhere, the
     * non-members included; a non-member's configuration does not count. */
    shmem_team_config_t bad = {.num_contexts = -1};
    int member = me % 2 == 0;
    int rc = shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, (n + 1) / 2,
                                      member ? &bad : &conf, SHMEM_TEAM_NUM_CONTEXTS, &t);
    CHECK(rc != 0 && t == SHMEM_TEAM_INVALID, "negative num_contexts accepted");
    rc = shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, (n + 1) / 2, &conf,
                                  member ? 1L << 5 : 0, &t);
    CHECK(rc != 0 && t == SHMEM_TEAM_INVALID, "unknown mask bit accepted");
    rc = shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, (n + 1) / 2,
                                  member ? &conf : NULL, SHMEM_TEAM_NUM_CONTEXTS, &t);
    CHECK(rc == 0, "a non-member's NULL config failed the split");
    int evens[4] = {0, 2};
    tu_check_members(t, evens, (n + 1) / 2);
    shmem_team_destroy(t);
}

int main(void)
{
    shmem_init();
    me = shmem_my_pe();
    n = shmem_n_pes();
    CHECK(n <= 8, "the test needs at most 8 PEs");
    box = shmem_calloc(8, sizeof(long));
    int world[8] = {0};
    for (int i = 0; i < n; i++)
        world[i] = i;

    /* The predefined teams: the shared team is this PE's node (the world
     * unless SHMEM_VIRTUAL_NODES splits the host). */
    int node[8] = {0}, n_node = nodes_mine(node);
    tu_check_members(SHMEM_TEAM_WORLD, world, n);
    tu_check_members(SHMEM_TEAM_SHARED, node, n_node);
    CHECK(SHMEMX_TEAM_NODE == SHMEM_TEAM_SHARED, "the node team is the shared team");
    tu_exchange(SHMEM_TEAM_SHARED, box, 1);
    CHECK(shmem_team_my_pe(SHMEM_TEAM_INVALID) == -1, "my_pe of INVALID");
    CHECK(shmem_team_n_pes(SHMEM_TEAM_INVALID) == -1, "n_pes of INVALID");
    CHECK(shmem_team_translate_pe(SHMEM_TEAM_INVALID, 0, SHMEM_TEAM_WORLD) == -1 &&
          shmem_team_translate_pe(SHMEM_TEAM_WORLD, 0, SHMEM_TEAM_INVALID) == -1,
          "translate with INVALID");
    CHECK(shmem_team_ptr(SHMEM_TEAM_INVALID, box, 0) == NULL, "team_ptr of INVALID");
    CHECK(shmem_team_sync(SHMEM_TEAM_INVALID) != 0, "sync of INVALID");
    CHECK(shmem_team_sync(SHMEM_TEAM_WORLD) == 0, "sync of the world");
    shmem_team_destroy(SHMEM_TEAM_INVALID);

    /* Valid triplets: {start, stride, size}. */
    int valid[][3] = {
        {0, 1, n},                 /* everyone */
        {0, 2, (n + 1) / 2},       /* even PEs */
        {1, 2, n / 2},             /* odd PEs (none at 1 PE: invalid) */
        {n - 1, -1, n},            /* everyone, reversed */
        {n - 1, -2, (n + 1) / 2},  /* every other one from the top */
        {1, 1, n - 1},             /* all but PE 0: 0 to 3 PEs */
        {n / 2, 0, 1},             /* stride 0 with size 1 */
        {n - 1, 5, 1},             /* any stride with size 1 */
    };
    long tag = 10;
    for (size_t k = 0; k < sizeof valid / sizeof *valid; k++) {
        int *v = valid[k];
        int ok = v[2] >= 1;
        shmem_team_t t = split(SHMEM_TEAM_WORLD, world, v[0], v[1], v[2], ok);
        tu_exchange(t, box, tag++);
        shmem_team_destroy(t);
    }

    /* Invalid triplets fail on every PE, and leave the runtime usable. */
    int invalid[][3] = {
        {0, 1, 0}, {0, 1, n + 1}, {-1, 1, 1}, {n, 1, 1}, {0, 0, 2},
        {n - 1, 1, 2},    /* would wrap around past the last PE */
        {0, -1, 2},       /* would run below PE 0 */
        {0, n, 2},
    };
    for (size_t k = 0; k < sizeof invalid / sizeof *invalid; k++)
        split(SHMEM_TEAM_WORLD, world, invalid[k][0], invalid[k][1], invalid[k][2], 0);
    shmem_team_t t = SHMEM_TEAM_WORLD;
    CHECK(shmem_team_split_strided(SHMEM_TEAM_INVALID, 0, 1, 1, NULL, 0, &t) != 0 &&
          t == SHMEM_TEAM_INVALID, "split of INVALID");

    /* Splits of splits: reversed world, every other one of that, reversed
     * again; each level numbered in its parent and in the world. */
    shmem_team_t rev = split(SHMEM_TEAM_WORLD, world, n - 1, -1, n, 1);
    int revpes[8] = {0};
    for (int i = 0; i < n; i++)
        revpes[i] = n - 1 - i;
    int s2 = (n + 1) / 2;
    shmem_team_t half = split(rev, revpes, 0, 2, s2, 1);
    int halfpes[8] = {0};
    for (int i = 0; i < s2; i++)
        halfpes[i] = revpes[2 * i];
    shmem_team_t back = SHMEM_TEAM_INVALID;
    if (half != SHMEM_TEAM_INVALID)
        back = split(half, halfpes, s2 - 1, -1, s2, 1);
    int backpes[8] = {0};
    for (int i = 0; i < s2; i++)
        backpes[i] = halfpes[s2 - 1 - i];
    tu_check_members(back, backpes, s2);
    if (back != SHMEM_TEAM_INVALID)
        for (int i = 0; i < s2; i++)
            CHECK(shmem_team_translate_pe(back, i, rev) == n - 1 - backpes[i],
                  "index %d of the grandchild in the grandparent", i);
    /* Parent and children stay usable together, and a split of a split
     * that a PE is not in leaves it out. */
    tu_exchange(rev, box, tag++);
    tu_exchange(half, box, tag++);
    tu_exchange(back, box, tag++);
    shmem_team_t one = SHMEM_TEAM_INVALID;
    if (half != SHMEM_TEAM_INVALID)
        one = split(half, halfpes, s2 - 1, 1, 1, 1);
    tu_exchange(one, box, tag++);
    shmem_team_destroy(one);
    shmem_team_destroy(back);
    shmem_team_destroy(half);
    shmem_team_destroy(rev);

    check_config();

    shmem_free(box);
    shmem_finalize();
    return 0;
}
