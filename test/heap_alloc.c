/* Symmetric heap management: every allocation routine, the symmetry of the
 * offsets across PEs, reuse without drift, and exhaustion. */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "ring.h"

#define SLOTS 32
#define STEPS 2000

static size_t heap_size;
/* Far more than the heap, whatever room the runtime adds for itself. */
static size_t too_big;
/* The first allocation: every other one is compared by its distance from it. */
static char *anchor;
/* Where the left neighbour deposits its offsets for comparison. */
static size_t *inbox;

/* The suite runs with SHMEM_SYMMETRIC_SIZE=64M; read it rather than assume. */
static size_t env_heap_size(void)
{
    const char *v = getenv("SHMEM_SYMMETRIC_SIZE");
    CHECK(v != NULL, "the suite sets SHMEM_SYMMETRIC_SIZE");
    char *end;
    size_t n = strtoull(v, &end, 10);
    switch (*end) {
    case 'K': n <<= 10; break;
    case 'M': n <<= 20; break;
    case 'G': n <<= 30; break;
    default: break;
    }
    return n;
}

static size_t offset_of(const void *p)
{
    return p ? (size_t)((const char *)p - anchor) : SIZE_MAX;
}

/* Each PE sends its offsets to its right neighbour, which must have the same
 * ones: with a ring, every PE is compared with every other by transitivity. */
static void check_symmetric(const size_t *offs, int count, int line)
{
    shmem_putmem(inbox, offs, (size_t)count * sizeof *offs, right);
    shmem_barrier_all();
    for (int i = 0; i < count; i++)
        CHECK(inbox[i] == offs[i], "line %d: allocation %d is at offset %zu on PE %d "
              "but %zu here", line, i, inbox[i], left, offs[i]);
    /* The inbox is reused by the next check. */
    shmem_barrier_all();
}

static void check_one(const void *p, int line)
{
    size_t off = offset_of(p);
    check_symmetric(&off, 1, line);
}

static unsigned char pattern(int seed, size_t i)
{
    return (unsigned char)(seed * 131 + i * 7 + (i >> 8));
}

static void fill(void *p, size_t n, int seed)
{
    unsigned char *c = p;
    for (size_t i = 0; i < n; i++)
        c[i] = pattern(seed, i);
}

/* n bytes at p as fill left them, or all zero. */
#define CHECK_FILLED(p, n, seed, ...)                                         \
    CHECK_EACH((const unsigned char *)(p), b_, n, pattern(seed, b_), __VA_ARGS__)
#define CHECK_ZERO(p, n, ...) CHECK_EACH((const unsigned char *)(p), b_, n, 0, __VA_ARGS__)

/* The block is usable by the others at its full size: the left neighbour's
 * bytes arrive through a put to the same object. */
static void check_remote_use(void *p, size_t n, int seed)
{
    unsigned char *mine = calloc(n, 1);
    CHECK(mine != NULL, "calloc");
    fill(mine, n, seed + me);
    shmem_putmem(p, mine, n, right);
    shmem_barrier_all();
    CHECK_FILLED(p, n, seed + left, "%zu bytes from PE %d", n, left);
    shmem_barrier_all();
    free(mine);
}

static void zero_sizes(void)
{
    CHECK(shmem_malloc(0) == NULL, "malloc(0)");
    CHECK(shmem_calloc(0, 8) == NULL, "calloc(0, 8)");
    CHECK(shmem_calloc(8, 0) == NULL, "calloc(8, 0)");
    CHECK(shmem_align(64, 0) == NULL, "align(64, 0)");
    CHECK(shmem_malloc_with_hints(0, 0) == NULL, "malloc_with_hints(0)");
    shmem_free(NULL);

    /* realloc(NULL, n) allocates; realloc(p, 0) frees (the final whole-heap
     * allocation fails if it leaked). */
    char *p = shmem_realloc(NULL, 100);
    CHECK(p != NULL, "realloc(NULL, 100)");
    check_one(p, __LINE__);
    check_remote_use(p, 100, 1);
    CHECK(shmem_realloc(p, 0) == NULL, "realloc(p, 0)");
}

static void basic_and_calloc(void)
{
    static const size_t sizes[] = {1, 8, 63, 64, 65, 1000, 4096, 100000, 1 << 20};
    enum { N = sizeof sizes / sizeof *sizes };
    void *p[N];
    size_t offs[N];
    for (int i = 0; i < N; i++) {
        p[i] = shmem_malloc(sizes[i]);
        CHECK(p[i] != NULL, "malloc(%zu)", sizes[i]);
        CHECK(shmem_addr_accessible(p[i], me), "malloc(%zu) outside the heap", sizes[i]);
        offs[i] = offset_of(p[i]);
    }
    check_symmetric(offs, N, __LINE__);
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            CHECK(i == j || offs[i] + sizes[i] <= offs[j] || offs[j] + sizes[j] <= offs[i],
                  "blocks %d and %d overlap", i, j);
    for (int i = 0; i < N; i++)
        check_remote_use(p[i], sizes[i], i);

    /* Freed blocks hold old data; calloc must clear the block it reuses,
     * and before any other PE can read it. */
    for (int i = 0; i < N; i++) {
        memset(p[i], 0xff, sizes[i]);
        shmem_free(p[i]);
    }
    for (int i = N - 1; i >= 0; i--) {
        p[i] = shmem_calloc(sizes[i], 1);
        CHECK(p[i] != NULL, "calloc(%zu, 1)", sizes[i]);
        CHECK_ZERO(p[i], sizes[i], "calloc(%zu) not zeroed", sizes[i]);
        offs[i] = offset_of(p[i]);
    }
    check_symmetric(offs, N, __LINE__);
    unsigned char *copy = malloc(sizes[N - 1]);
    CHECK(copy != NULL, "malloc");
    for (int i = 0; i < N; i++) {
        shmem_getmem(copy, p[i], sizes[i], right);
        CHECK_ZERO(copy, sizes[i], "calloc(%zu) not zeroed on PE %d", sizes[i], right);
    }
    free(copy);
    for (int i = 0; i < N; i++)
        shmem_free(p[i]);

    long *arr = shmem_calloc(1000, sizeof(long));
    CHECK(arr != NULL, "calloc(1000, sizeof(long))");
    CHECK_ZERO(arr, 1000 * sizeof(long), "calloc not zeroed");
    check_one(arr, __LINE__);
    shmem_free(arr);
}

static void aligned(void)
{
    /* Up to 2 MiB, the alignment a large page would want. */
    enum { N = 22 };
    void *p[N];
    size_t offs[N];
    for (int i = 0; i < N; i++) {
        size_t a = (size_t)1 << i;
        p[i] = shmem_align(a, 100 + (size_t)i);
        CHECK(p[i] != NULL, "align(%zu)", a);
        CHECK((uintptr_t)p[i] % a == 0, "align(%zu) returned %p", a, p[i]);
        offs[i] = offset_of(p[i]);
    }
    check_symmetric(offs, N, __LINE__);
    for (int i = 0; i < N; i++)
        check_remote_use(p[i], 100 + (size_t)i, i);
    for (int i = 0; i < N; i++)
        shmem_free(p[i]);

    /* Larger ones may find no room in this test's heap of fixed size
     * (heap_align has a growing one): NULL, but never a misaligned block. */
    for (int s = 22; s <= 24; s++) {
        size_t a = (size_t)1 << s;
        void *q = shmem_align(a, 100);
        CHECK(q == NULL || (uintptr_t)q % a == 0, "align(%zu) returned %p", a, q);
        check_one(q, __LINE__);
        shmem_free(q);
    }
}

static void reallocs(void)
{
    char *p = shmem_malloc(1000);
    CHECK(p != NULL, "malloc(1000)");
    fill(p, 1000, me);

    /* Everything before is freed and the allocator is first-fit, so p is
     * the last block and grows where it is. */
    char *q = shmem_realloc(p, 5000);
    CHECK(q == p, "realloc into free space moved the block (%p -> %p)", (void *)p, (void *)q);
    CHECK_FILLED(q, 1000, me, "realloc in place lost data");
    check_one(q, __LINE__);
    check_remote_use(q, 5000, 10);
    fill(q, 5000, me + 20);

    /* A block after it forces a move; the contents come along. */
    char *blocker = shmem_malloc(64);
    CHECK(blocker != NULL, "malloc(64)");
    char *r = shmem_realloc(q, 300000);
    CHECK(r != NULL, "realloc(300000)");
    CHECK(r != q, "realloc grew over the block after it");
    CHECK_FILLED(r, 5000, me + 20, "realloc by moving lost data");
    size_t offs[2] = {offset_of(r), offset_of(blocker)};
    check_symmetric(offs, 2, __LINE__);
    check_remote_use(r, 300000, 30);
    fill(r, 300000, me + 40);

    char *s = shmem_realloc(r, 200);
    CHECK(s == r, "shrinking moved the block");
    CHECK_FILLED(s, 200, me + 40, "shrinking lost data");
    check_one(s, __LINE__);
    check_remote_use(s, 200, 50);
    fill(s, 200, me + 60);

    /* A realloc that cannot be satisfied leaves the block as it was. */
    CHECK(shmem_realloc(s, too_big) == NULL, "realloc beyond the heap");
    CHECK_FILLED(s, 200, me + 60, "a failed realloc changed the block");
    /* The left neighbour writes into s next. */
    shmem_barrier_all();
    check_remote_use(s, 200, 70);

    shmem_free(s);
    shmem_free(blocker);
}

static void hints(void)
{
    static const long h[] = {0, SHMEM_MALLOC_ATOMICS_REMOTE, SHMEM_MALLOC_SIGNAL_REMOTE,
                             SHMEM_MALLOC_ATOMICS_REMOTE | SHMEM_MALLOC_SIGNAL_REMOTE};
    enum { N = sizeof h / sizeof *h };
    void *p[N];
    size_t offs[N];
    for (int i = 0; i < N; i++) {
        p[i] = shmem_malloc_with_hints(256 * (size_t)(i + 1), h[i]);
        CHECK(p[i] != NULL, "malloc_with_hints(%ld)", h[i]);
        offs[i] = offset_of(p[i]);
    }
    check_symmetric(offs, N, __LINE__);
    for (int i = 0; i < N; i++) {
        check_remote_use(p[i], 256 * (size_t)(i + 1), i);
        shmem_free(p[i]);
    }
}

static uint64_t rng = 0x9e3779b97f4a7c15ULL;

/* The same sequence on every PE, as collective allocation requires. */
static unsigned next_rand(void)
{
    rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(rng >> 33);
}

/* Thousands of mixed calls: blocks never overlap (each keeps its contents
 * while others come and go) and stay symmetric. */
static void churn(void)
{
    unsigned char *blk[SLOTS] = {0};
    size_t len[SLOTS] = {0};
    int tag[SLOTS] = {0};
    for (int step = 0; step < STEPS; step++) {
        if (step % 200 == 0) {
            size_t offs[SLOTS];
            for (int k = 0; k < SLOTS; k++)
                offs[k] = offset_of(blk[k]);
            check_symmetric(offs, SLOTS, __LINE__);
        }
        int i = (int)(next_rand() % SLOTS);
        unsigned r = next_rand();
        size_t size = 1 + next_rand() % ((size_t)1 << (r % 17));
        if (blk[i]) {
            CHECK_FILLED(blk[i], len[i], tag[i], "step %d: block %d was overwritten", step, i);
            if (r % 4 == 0) {
                blk[i] = shmem_realloc(blk[i], size);
                CHECK(blk[i] != NULL, "step %d: realloc(%zu)", step, size);
                CHECK_FILLED(blk[i], len[i] < size ? len[i] : size, tag[i],
                             "step %d: realloc lost data", step);
            } else {
                shmem_free(blk[i]);
                blk[i] = NULL;
                continue;
            }
        } else {
            switch (r % 3) {
            case 0:
                blk[i] = shmem_malloc(size);
                break;
            case 1:
                blk[i] = shmem_calloc(size, 1);
                if (blk[i])
                    CHECK_ZERO(blk[i], size, "step %d: calloc dirty", step);
                break;
            default:
                blk[i] = shmem_align((size_t)64 << (r % 7), size);
                break;
            }
            CHECK(blk[i] != NULL, "step %d: allocating %zu bytes", step, size);
        }
        len[i] = size;
        tag[i] = step + me;
        fill(blk[i], size, tag[i]);
    }
    for (int i = 0; i < SLOTS; i++) {
        if (blk[i])
            CHECK_FILLED(blk[i], len[i], tag[i], "block %d was overwritten", i);
        shmem_free(blk[i]);
    }
}

static void exhaustion(void)
{
    CHECK(shmem_malloc(too_big) == NULL, "malloc beyond the heap");
    CHECK(shmem_calloc(too_big, 1) == NULL, "calloc beyond the heap");
    CHECK(shmem_align(4096, too_big) == NULL, "align beyond the heap");
    CHECK(shmem_malloc_with_hints(too_big, 0) == NULL, "hints beyond the heap");
    /* The runtime goes on working. */
    int *p = shmem_malloc(64 * sizeof(int));
    CHECK(p != NULL, "malloc after exhaustion");
    check_one(p, __LINE__);
    check_remote_use(p, 64 * sizeof(int), 5);
    shmem_free(p);
}

/* After everything above is freed the heap is whole again: one allocation of
 * all of SHMEM_SYMMETRIC_SIZE succeeds and is usable to its last byte. */
static void whole_heap(void)
{
    char *p = shmem_malloc(heap_size);
    CHECK(p != NULL, "malloc(%zu) of the whole heap after freeing everything", heap_size);
    char *mark = p + heap_size - 1;
    shmem_char_p(mark, (char)('a' + me), right);
    shmem_char_p(p, (char)('A' + me), right);
    shmem_barrier_all();
    CHECK(*mark == (char)('a' + left) && *p == (char)('A' + left), "ends of the whole heap");
    shmem_free(p);
}

int main(void)
{
    ring_start();
    heap_size = env_heap_size();
    too_big = 16 * heap_size;

    anchor = shmem_malloc(1);
    CHECK(anchor != NULL, "first malloc");
    inbox = shmem_malloc(SLOTS * sizeof(size_t));
    CHECK(inbox != NULL, "malloc(inbox)");

    zero_sizes();
    basic_and_calloc();
    aligned();
    reallocs();
    hints();
    churn();
    exhaustion();

    shmem_free(inbox);
    shmem_free(anchor);
    whole_heap();
    shmem_finalize();
    return 0;
}
