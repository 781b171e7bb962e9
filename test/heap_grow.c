/* The heap grows past SHMEM_SYMMETRIC_SIZE on demand, collectively: blocks
 * allocated after a growth are symmetric and reachable on every PE, the
 * earlier ones keep their data, and the cap stops growth with NULL. Run with
 * a small SHMEM_SYMMETRIC_SIZE and a larger SHMEM_SYMMETRIC_SIZE_MAX. */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "nodes.h"

#define BLOCKS 24
#define BLOCK ((size_t)3 << 20)

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    int right = (me + 1) % n, left = (me + n - 1) % n;

    for (int round = 0; round < 3; round++) {
        uint64_t *b[BLOCKS];
        for (int i = 0; i < BLOCKS; i++) {
            b[i] = shmem_malloc(BLOCK);
            CHECK(b[i] != NULL, "round %d block %d", round, i);
            /* Each block sits at the same offset from the first on every
             * PE: the neighbour's copy is reachable, through shmem_ptr when
             * it shares this PE's node. */
            CHECK(shmem_addr_accessible(b[i], right), "block %d not accessible", i);
            CHECK((shmem_ptr(b[i], right) != NULL) == nodes_same(me, right),
                  "shmem_ptr of block %d on PE %d", i, right);
            uint64_t v = ((uint64_t)me << 32) | (uint64_t)(round * 100 + i);
            shmem_uint64_p(&b[i][BLOCK / 8 - 1], v, right);
            shmem_uint64_p(&b[i][0], v, right);
        }
        shmem_barrier_all();
        for (int i = 0; i < BLOCKS; i++) {
            uint64_t want = ((uint64_t)left << 32) | (uint64_t)(round * 100 + i);
            CHECK(b[i][0] == want && b[i][BLOCK / 8 - 1] == want,
                  "round %d block %d holds %llx, want %llx", round, i,
                  (unsigned long long)b[i][0], (unsigned long long)want);
        }
        for (int i = BLOCKS - 1; i >= 0; i--)
            shmem_free(b[i]);
    }

    /* Past the cap: NULL on every PE, and the heap still works after. */
    void *huge = shmem_malloc((size_t)1 << 40);
    CHECK(huge == NULL, "a 1 TiB block past the cap was granted");
    int *x = shmem_calloc(1, sizeof(int));
    CHECK(x != NULL, "calloc after a refused growth");
    shmem_int_p(x, me + 1, right);
    shmem_barrier_all();
    CHECK(*x == left + 1, "after refusal: %d", *x);
    shmem_free(x);
    shmem_finalize();
    return 0;
}
