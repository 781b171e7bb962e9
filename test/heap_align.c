/* shmem_align up to the largest alignment the heap grants (64 MiB: every
 * PE's heap starts on a multiple of it, README "Status"): each block is
 * aligned on every PE (each PE's address, sent to all, is checked) and
 * usable by a put from another PE. Beyond it: NULL on every PE. The heap
 * starts small and grows to make room (SHMEM_SYMMETRIC_SIZE_MAX). */
#include <string.h>

#include "check.h"
#include "ring.h"

#define MAX_ALIGN ((size_t)64 << 20)
#define BYTES 4096

static void aligned(size_t a, uint64_t *addrs)
{
    unsigned char *p = shmem_align(a, BYTES);
    CHECK(p != NULL, "shmem_align(%zu, %d) returned NULL", a, BYTES);
    for (int pe = 0; pe < npes; pe++)
        shmem_uint64_p(&addrs[me], (uint64_t)(uintptr_t)p, pe);
    unsigned char mine[BYTES];
    memset(mine, (int)(me + a / (1 << 20)) & 0xff, BYTES);
    shmem_putmem(p, mine, BYTES, right);
    shmem_barrier_all();
    for (int pe = 0; pe < npes; pe++)
        CHECK(addrs[pe] % a == 0, "shmem_align(%zu) gave PE %d the address %#llx", a, pe,
              (unsigned long long)addrs[pe]);
    unsigned char want = (unsigned char)(left + a / (1 << 20));
    for (int i = 0; i < BYTES; i++)
        CHECK(p[i] == want, "shmem_align(%zu): byte %d from PE %d is %d, want %d", a, i,
              left, p[i], want);
    shmem_barrier_all();
    shmem_free(p);
}

int main(void)
{
    ring_start();
    uint64_t *addrs = shmem_calloc((size_t)npes, sizeof(uint64_t));
    CHECK(addrs, "shmem_calloc");
    for (size_t a = (size_t)4 << 20; a <= MAX_ALIGN; a *= 2)
        aligned(a, addrs);
    /* An offset already aligned to the largest alignment: the allocator
     * must still find the next one after the other blocks. */
    void *low = shmem_align(MAX_ALIGN, 64);
    aligned(MAX_ALIGN, addrs);
    shmem_free(low);
    CHECK(shmem_align(2 * MAX_ALIGN, BYTES) == NULL, "shmem_align(%zu) is above the largest",
          2 * MAX_ALIGN);
    shmem_free(addrs);
    shmem_finalize();
    return 0;
}
