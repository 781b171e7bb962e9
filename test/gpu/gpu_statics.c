/* Host-initiated calls on global and static variables beside a heap in
 * GPU memory (or pinned, as the run's SHMEM_HEAP says): the globals stay
 * host memory, reached by the CPU whatever the heap is, and a transfer
 * between a global and GPU heap memory goes through the copy engine. */
#include <stdint.h>
#include <string.h>

#include "../check.h"

#define N 1024

static long counter;                     /* .bss */
static long lock;
long pSync[SHMEM_BCAST_SYNC_SIZE];
static int result = -1;                  /* .data */
static long src[N], dst[N * 8]; /* dst: 5 * N for the transfers, n * N for fcollect */
static long flag;

int main(void)
{
    for (int i = 0; i < SHMEM_BCAST_SYNC_SIZE; i++)
        pSync[i] = SHMEM_SYNC_VALUE;
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    int right = (me + 1) % n, left = (me + n - 1) % n;
    CHECK(n <= 8, "at most 8 PEs");

    shmem_long_atomic_inc(&counter, 0);
    result = me * 10;
    shmem_barrier_all();
    if (me == 0)
        CHECK(counter == n, "counter %ld, want %d", counter, n);
    CHECK(shmem_int_g(&result, right) == right * 10, "g of a static");

    /* A static array to and from GPU heap memory of a peer. */
    long *heap = shmem_malloc(N * sizeof(long));
    for (int i = 0; i < N; i++)
        src[i] = (long)me * 100000 + i;
    shmem_long_put(heap, src, N, right);      /* static -> peer's GPU memory */
    shmem_barrier_all();
    shmem_long_get(dst, heap, N, me);          /* own GPU memory -> static */
    for (int i = 0; i < N; i++)
        CHECK(dst[i] == (long)left * 100000 + i, "heap [%d] = %ld", i, dst[i]);
    shmem_long_get(dst, src, N, right);        /* peer's static -> static */
    for (int i = 0; i < N; i++)
        CHECK(dst[i] == (long)right * 100000 + i, "static [%d] = %ld", i, dst[i]);
    shmem_barrier_all();
    /* Non-blocking and strided forms into and out of a peer's static. */
    shmem_long_put_nbi(&dst[N], src, N, right);
    shmem_long_get_nbi(&dst[2 * N], src, N, right);
    shmem_quiet();
    for (int i = 0; i < N; i++)
        CHECK(dst[2 * N + i] == (long)right * 100000 + i, "get_nbi [%d] = %ld", i,
              dst[2 * N + i]);
    shmem_long_iput(&dst[3 * N], src, 4, 2, N / 4, right);
    shmem_barrier_all();
    for (int i = 0; i < N; i++)
        CHECK(dst[N + i] == (long)left * 100000 + i, "put_nbi [%d] = %ld", i, dst[N + i]);
    for (int i = 0; i < N / 4; i++)
        CHECK(dst[3 * N + 4 * i] == (long)left * 100000 + 2 * i, "iput [%d] = %ld", i,
              dst[3 * N + 4 * i]);
    shmem_long_iget(&dst[4 * N], &src[1], 1, 3, N / 4, right);
    for (int i = 0; i < N / 4; i++)
        CHECK(dst[4 * N + i] == (long)right * 100000 + 1 + 3 * i, "iget [%d] = %ld", i,
              dst[4 * N + i]);
    shmem_barrier_all();

    /* A lock and a read-modify-write of PE 0's global under it. */
    for (int k = 0; k < 10; k++) {
        shmem_set_lock(&lock);
        long c = shmem_long_g(&counter, 0);
        shmem_long_p(&counter, c + 1, 0);
        shmem_quiet();
        shmem_clear_lock(&lock);
    }
    shmem_barrier_all();
    if (me == 0)
        CHECK(counter == 11L * n, "counter %ld under the lock, want %d", counter, 11 * n);

    /* A wait on a static flag set by a peer's put. */
    shmem_long_p(&flag, me + 1, right);
    shmem_long_wait_until(&flag, SHMEM_CMP_EQ, left + 1);

    /* Collectives with static source, dest and pSync. */
    shmem_barrier_all();
    CHECK(shmem_long_fcollect(SHMEM_TEAM_WORLD, dst, src, N) == 0, "fcollect");
    for (int p = 0; p < n; p++)
        CHECK(dst[p * N + 5] == (long)p * 100000 + 5, "fcollect from PE %d", p);
    shmem_barrier_all();
    shmem_broadcast64(dst, src, N, 0, 0, 0, n, pSync);
    if (me != 0)
        CHECK(dst[7] == 7, "broadcast64 with a static pSync: %ld", dst[7]);

    CHECK(shmem_ptr(&counter, me) == &counter, "shmem_ptr of a global on its own PE");
    CHECK(shmem_addr_accessible(&counter, left), "a global on PE %d", left);
    shmem_barrier_all();
    shmem_free(heap);
    shmem_finalize();
    return 0;
}
