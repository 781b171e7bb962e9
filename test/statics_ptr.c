/* shmem_ptr, shmem_team_ptr and shmem_addr_accessible on the program's
 * global and static variables (docs/statics.md).
 *
 * For every PE of this node shmem_ptr of a global is a pointer that loads
 * and stores reach the owner's copy through (the first and the last element
 * of an array alike, an array the program initialised, .data, and a large
 * .bss one its owner never touched); stores through it are what the owner
 * sees, an atomic store through it ends the owner's shmem_wait_until, and
 * shmem_team_ptr of the world and of SHMEM_TEAM_SHARED gives the same
 * pointer. For a PE of another node (under SHMEM_VIRTUAL_NODES) shmem_ptr
 * is NULL and the same data goes by shmem_p. shmem_addr_accessible is 1 for
 * globals on every PE, and 0 for a thread-local variable, the stack and
 * malloc memory, whose shmem_ptr is NULL. */
#include "check.h"
#include "nodes.h"

#define MAXP 64
#define BIG ((size_t)1 << 20)

static int me, npes;
int board[MAXP];                  /* global, .bss: element i is PE i's */
long seeded[4] = {7, 8, 9, 10};   /* global, .data */
static int mailbox[MAXP];         /* static: PE i's atomic store lands in [i] */
static unsigned char big[BIG];    /* static, .bss, untouched by its owner */
static _Thread_local int per_thread; /* not symmetric */

static int value(int writer, int owner) { return 1000 * writer + owner + 1; }

int main(void)
{
    shmem_init();
    me = shmem_my_pe();
    npes = shmem_n_pes();
    CHECK(npes <= MAXP, "at most %d PEs", MAXP);

    /* The initialised global as every PE of the node loads it, before its
     * owner writes it. */
    for (int pe = 0; pe < npes; pe++) {
        const long *q = shmem_ptr(seeded, pe);
        if (!nodes_same(pe, me)) {
            CHECK(q == NULL, "shmem_ptr of global seeded on PE %d, on another node, is %p",
                  pe, (const void *)q);
            continue;
        }
        CHECK(q != NULL, "shmem_ptr of global seeded on PE %d, on this node, is NULL", pe);
        CHECK(pe != me || q == seeded, "shmem_ptr of global seeded on this PE is %p, not "
              "its address %p", (const void *)q, (void *)seeded);
        for (int i = 0; i < 4; i++)
            CHECK(q[i] == 7 + i, "load through shmem_ptr of PE %d's initialised global "
                  "seeded[%d]: %ld, want %d", pe, i, q[i], 7 + i);
    }
    shmem_barrier_all();

    /* Each PE stores into its own element of every PE's board. */
    for (int pe = 0; pe < npes; pe++) {
        int *p = shmem_ptr(board, pe);
        CHECK(shmem_team_ptr(SHMEM_TEAM_WORLD, board, pe) == p,
              "shmem_team_ptr(SHMEM_TEAM_WORLD) of global board on PE %d is not "
              "shmem_ptr's %p", pe, (void *)p);
        if (!nodes_same(pe, me)) {
            CHECK(p == NULL, "shmem_ptr of global board on PE %d, on another node, is %p",
                  pe, (void *)p);
            shmem_int_p(&board[me], value(me, pe), pe);
            continue;
        }
        CHECK(p != NULL, "shmem_ptr of global board on PE %d, on this node, is NULL", pe);
        int *last = shmem_ptr(&board[MAXP - 1], pe);
        CHECK(last == p + MAXP - 1, "shmem_ptr of the global board's last element on PE "
              "%d is %p, want %p", pe, (void *)last, (void *)(p + MAXP - 1));
        p[me] = value(me, pe);
        unsigned char *b = shmem_ptr(&big[BIG - 1 - me], pe);
        CHECK(b != NULL, "shmem_ptr of static big[%zu] on PE %d is NULL", BIG - 1 - me, pe);
        *b = (unsigned char)(me + 1);
    }
    shmem_barrier_all();
    for (int pe = 0; pe < npes; pe++) {
        CHECK(board[pe] == value(pe, me), "PE %d's store into global board[%d] (through "
              "shmem_ptr or shmem_int_p) shows %d, want %d", pe, pe, board[pe],
              value(pe, me));
        if (!nodes_same(pe, me))
            continue;
        const int *p = shmem_ptr(board, pe);
        CHECK(p[me] == value(me, pe), "load through shmem_ptr of PE %d's global board[%d]: "
              "%d, want %d", pe, me, p[me], value(me, pe));
        CHECK(big[BIG - 1 - pe] == pe + 1, "PE %d's store through shmem_ptr into static "
              "big[%zu] shows %d, want %d", pe, BIG - 1 - pe, big[BIG - 1 - pe], pe + 1);
    }
    shmem_barrier_all();

    /* The owner writes its initialised global; the node's PEs load it. */
    for (int i = 0; i < 4; i++)
        seeded[i] = 100 * me + i;
    shmem_barrier_all();
    for (int pe = 0; pe < npes; pe++) {
        if (!nodes_same(pe, me))
            continue;
        const long *q = shmem_ptr(seeded, pe);
        for (int i = 0; i < 4; i++)
            CHECK(q[i] == 100 * pe + i, "load through shmem_ptr of PE %d's global "
                  "seeded[%d] after its owner wrote it: %ld, want %d", pe, i, q[i],
                  100 * pe + i);
    }

    /* SHMEM_TEAM_SHARED: the node's PEs, each reachable through
     * shmem_team_ptr as through shmem_ptr. */
    int shared = shmem_team_n_pes(SHMEM_TEAM_SHARED), mine[MAXP];
    CHECK(shared == nodes_mine(mine), "SHMEM_TEAM_SHARED has %d PEs, want %d", shared,
          nodes_mine(mine));
    for (int i = 0; i < shared; i++) {
        int pe = shmem_team_translate_pe(SHMEM_TEAM_SHARED, i, SHMEM_TEAM_WORLD);
        void *t = shmem_team_ptr(SHMEM_TEAM_SHARED, mailbox, i);
        CHECK(pe == mine[i] && t != NULL && t == shmem_ptr(mailbox, pe),
              "shmem_team_ptr(SHMEM_TEAM_SHARED, static mailbox, %d) is %p for world PE "
              "%d (want PE %d, %p)", i, t, pe, mine[i], shmem_ptr(mailbox, pe));
    }
    shmem_barrier_all();

    /* An atomic store through the pointer ends the owner's wait; PEs of
     * other nodes signal with shmem_int_atomic_set. */
    for (int pe = 0; pe < npes; pe++) {
        int *m = shmem_ptr(&mailbox[me], pe);
        if (m)
            __atomic_store_n(m, value(me, pe), __ATOMIC_RELEASE);
        else
            shmem_int_atomic_set(&mailbox[me], value(me, pe), pe);
    }
    for (int pe = 0; pe < npes; pe++) {
        shmem_int_wait_until(&mailbox[pe], SHMEM_CMP_EQ, value(pe, me));
        CHECK(mailbox[pe] == value(pe, me), "static mailbox[%d] after the wait: %d", pe,
              mailbox[pe]);
    }
    shmem_barrier_all();

    /* Every global is accessible on every PE; private memory on none. */
    int on_stack = 0;
    int *on_heap = malloc(sizeof *on_heap);
    CHECK(on_heap != NULL, "malloc");
    for (int pe = 0; pe < npes; pe++) {
        CHECK(shmem_addr_accessible(board, pe) == 1 &&
                  shmem_addr_accessible(&board[MAXP - 1], pe) == 1 &&
                  shmem_addr_accessible(&seeded[3], pe) == 1 &&
                  shmem_addr_accessible(&big[BIG - 1], pe) == 1 &&
                  shmem_addr_accessible(&me, pe) == 1,
              "shmem_addr_accessible of a global or static variable on PE %d is not 1", pe);
        CHECK(shmem_addr_accessible(&per_thread, pe) == 0,
              "shmem_addr_accessible of a thread-local variable on PE %d is not 0", pe);
        CHECK(shmem_addr_accessible(&on_stack, pe) == 0,
              "shmem_addr_accessible of a stack address on PE %d is not 0", pe);
        CHECK(shmem_addr_accessible(on_heap, pe) == 0,
              "shmem_addr_accessible of malloc memory on PE %d is not 0", pe);
        CHECK(shmem_ptr(&per_thread, pe) == NULL && shmem_ptr(&on_stack, pe) == NULL &&
                  shmem_ptr(on_heap, pe) == NULL,
              "shmem_ptr of a thread-local, stack or malloc address on PE %d is not NULL", pe);
    }
    free(on_heap);

    shmem_finalize();
    return 0;
}
