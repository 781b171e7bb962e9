/* shmem_ptr, shmem_pe_accessible and shmem_addr_accessible. Every PE of
 * this node is reachable by load/store; a PE of another node (under
 * SHMEM_VIRTUAL_NODES) is accessible, but only through RMA: shmem_ptr is
 * NULL for it. */
#include <stdint.h>

#include "check.h"
#include "nodes.h"

static int me, npes;

static int value(int writer, int owner) { return 1000 * writer + owner + 1; }

int main(void)
{
    shmem_init();
    me = shmem_my_pe();
    npes = shmem_n_pes();
    int *slot = shmem_calloc((size_t)npes, sizeof(int));
    CHECK(slot != NULL, "calloc");

    /* Each PE stores into its own element of every PE's array. */
    for (int pe = 0; pe < npes; pe++) {
        int *p = shmem_ptr(slot, pe);
        if (!nodes_same(pe, me)) {
            CHECK(p == NULL, "shmem_ptr to PE %d, on another node, is %p", pe, (void *)p);
            shmem_int_p(&slot[me], value(me, pe), pe);
            continue;
        }
        CHECK(p != NULL, "shmem_ptr to PE %d on the same node", pe);
        CHECK(pe != me || p == slot, "shmem_ptr to myself is not the address itself");
        int *last = shmem_ptr(slot + npes - 1, pe);
        CHECK(last == p + npes - 1, "shmem_ptr of the last element of PE %d", pe);
        p[me] = value(me, pe);
    }
    shmem_barrier_all();
    for (int pe = 0; pe < npes; pe++) {
        CHECK(slot[pe] == value(pe, me), "PE %d's store through shmem_ptr shows %d",
              pe, slot[pe]);
        /* Loads through the pointer see the owner's memory too. */
        const int *p = shmem_ptr(slot, pe);
        CHECK(!nodes_same(pe, me) || p[me] == value(me, pe),
              "load through shmem_ptr from PE %d", pe);
    }

    /* Private memory has no remote counterpart. */
    int on_stack = 0;
    int *on_heap = malloc(sizeof *on_heap);
    CHECK(on_heap != NULL, "malloc");
    for (int pe = 0; pe < npes; pe++) {
        CHECK(shmem_ptr(&on_stack, pe) == NULL, "shmem_ptr of a stack address, PE %d", pe);
        CHECK(shmem_ptr(on_heap, pe) == NULL, "shmem_ptr of a malloc address, PE %d", pe);
        CHECK(shmem_pe_accessible(pe) == 1, "PE %d not accessible", pe);
        CHECK(shmem_addr_accessible(slot, pe) == 1, "symmetric address on PE %d", pe);
        CHECK(shmem_addr_accessible(slot + npes - 1, pe) == 1,
              "the last element on PE %d", pe);
        CHECK(shmem_addr_accessible(&on_stack, pe) == 0, "stack address on PE %d", pe);
        CHECK(shmem_addr_accessible(on_heap, pe) == 0, "malloc address on PE %d", pe);
    }
    free(on_heap);
    CHECK(shmem_pe_accessible(-1) == 0, "PE -1 accessible");
    CHECK(shmem_pe_accessible(npes) == 0, "PE %d (n_pes) accessible", npes);
    CHECK(shmem_pe_accessible(INT32_MAX) == 0, "PE INT32_MAX accessible");

    shmem_free(slot);
    shmem_finalize();
    return 0;
}
