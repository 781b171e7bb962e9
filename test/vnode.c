/* The inter-node path, run with SHMEM_VIRTUAL_NODES so that PEs of one
 * machine sit on different nodes: what the other suites do not cover.
 *  - paths: every PE is accessible, shmem_ptr is NULL exactly for PEs of
 *    other nodes, and SHMEM_TEAM_SHARED is this PE's virtual node;
 *  - a block that spans two heap chunks (allocated across a growth, with a
 *    small SHMEM_SYMMETRIC_SIZE) is put and got whole, and one in the new
 *    chunk alone too: each chunk's registration and key are used;
 *  - strided and blocked transfers (one UCX operation per row);
 *  - fence orders puts to a PE of another node: a reader that sees the
 *    second sees the first. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

static int me, npes;

static long per_node(void)
{
    const char *v = getenv("SHMEM_VIRTUAL_NODES");
    CHECK(v && atol(v) > 0, "run with SHMEM_VIRTUAL_NODES set");
    return atol(v);
}

static void paths(void)
{
    long k = per_node();
    int *x = shmem_malloc(sizeof *x);
    for (int pe = 0; pe < npes; pe++) {
        int same = pe / k == me / k;
        CHECK(shmem_pe_accessible(pe), "PE %d not accessible", pe);
        CHECK(shmem_addr_accessible(x, pe), "x not accessible on PE %d", pe);
        CHECK((shmem_ptr(x, pe) != NULL) == same, "shmem_ptr(x, %d) is %p", pe,
              shmem_ptr(x, pe));
    }
    long first = me / k * k, last = first + k - 1 < npes - 1 ? first + k - 1 : npes - 1;
    CHECK(shmem_team_n_pes(SHMEM_TEAM_SHARED) == last - first + 1,
          "SHMEM_TEAM_SHARED has %d PEs, want %ld", shmem_team_n_pes(SHMEM_TEAM_SHARED),
          last - first + 1);
    shmem_free(x);
}

static unsigned char pattern(int pe, size_t i) { return (unsigned char)(pe * 31 + i * 7 + 1); }

static void fill_check(const unsigned char *b, size_t n, int pe, const char *what)
{
    CHECK_EACH(b, i, n, pattern(pe, i), "%s (from PE %d)", what, pe);
}

/* Run with SHMEM_SYMMETRIC_SIZE=1M: `a` leaves part of the first chunk
 * free, so `span` starts there and ends in the chunk the growth adds. */
static void across_chunks(void)
{
    int right = (me + 1) % npes, left = (me + npes - 1) % npes;
    size_t small = 512 << 10, big = 3 << 20;
    unsigned char *a = shmem_malloc(small);
    unsigned char *span = shmem_malloc(big);
    unsigned char *fresh = shmem_malloc(big);
    CHECK(a && span && fresh, "allocation failed");
    unsigned char *mine = malloc(big), *got = malloc(big);
    for (size_t i = 0; i < big; i++)
        mine[i] = pattern(me, i);
    memset(span, 0, big);
    memset(fresh, 0, big);
    shmem_barrier_all();
    shmem_putmem(span, mine, big, right);
    shmem_putmem(fresh, mine, big, right);
    shmem_barrier_all();
    fill_check(span, big, left, "span after put");
    fill_check(fresh, big, left, "fresh after put");
    memset(got, 0, big);
    shmem_getmem(got, span, big, right);
    fill_check(got, big, me, "span got back");
    shmem_barrier_all();
    free(mine);
    free(got);
    shmem_free(fresh);
    shmem_free(span);
    shmem_free(a);
}

static void strided(void)
{
    enum { N = 600 }; /* more rows than the transport keeps in flight */
    int right = (me + 1) % npes, left = (me + npes - 1) % npes;
    long *dst = shmem_calloc(3 * N, sizeof(long));
    long src[2 * N], back[N];
    for (int i = 0; i < 2 * N; i++)
        src[i] = me * 100000L + i;
    shmem_barrier_all();
    shmem_long_iput(dst, src, 3, 2, N, right);
    shmem_barrier_all();
    for (int i = 0; i < N; i++)
        CHECK(dst[3 * i] == left * 100000L + 2 * i, "iput element %d is %ld", i, dst[3 * i]);
    shmem_long_iget(back, dst, 1, 3, N, right);
    for (int i = 0; i < N; i++)
        CHECK(back[i] == me * 100000L + 2 * i, "iget element %d is %ld", i, back[i]);
    long blocks[4 * 3];
    shmem_long_ibget(blocks, dst, 4, 6, 2, 3, right);
    /* The right PE's dst holds what this PE put: element 3i is PE me's
     * src[2i], the others are 0. */
    for (int b = 0; b < 3; b++)
        for (int j = 0; j < 2; j++) {
            int k = 6 * b + j;
            long want = k % 3 ? 0 : me * 100000L + 2 * (k / 3);
            CHECK(blocks[4 * b + j] == want, "ibget block %d element %d is %ld, want %ld", b,
                  j, blocks[4 * b + j], want);
        }
    shmem_barrier_all();
    shmem_free(dst);
}

/* PE 0 writes data then a flag to the last PE with a fence between; the
 * last PE waits for each new flag (wait_until progresses UCX, which a
 * loop of local loads would not), then reads the flag and the data. */
static void fence_order(void)
{
    enum { ROUNDS = 200 };
    long *data = shmem_calloc(2, sizeof(long));
    shmem_barrier_all();
    if (me == 0) {
        for (long r = 1; r <= ROUNDS; r++) {
            shmem_long_p(&data[0], r, npes - 1);
            shmem_fence();
            shmem_long_p(&data[1], r, npes - 1);
        }
    } else if (me == npes - 1) {
        long seen = 0;
        while (seen < ROUNDS) {
            shmem_long_wait_until(&data[1], SHMEM_CMP_GT, seen);
            long flag = shmem_long_atomic_fetch(&data[1], me);
            long d = shmem_long_atomic_fetch(&data[0], me);
            CHECK(d >= flag, "data %ld is behind flag %ld", d, flag);
            seen = flag;
        }
    }
    shmem_barrier_all();
    shmem_free(data);
}

int main(void)
{
    shmem_init();
    me = shmem_my_pe();
    npes = shmem_n_pes();
    paths();
    across_chunks();
    strided();
    fence_order();
    shmem_finalize();
    return 0;
}
