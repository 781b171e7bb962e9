/* Faults of the GPU heap, one scenario per run (test/cmake/gpu.cmake says
 * how each must end):
 *   init_oom     SHMEM_SYMMETRIC_SIZE larger than the GPU: shmem_init ends
 *                the job naming the PE, cuMemCreate and the variable.
 *   grow_oom     a shmem_malloc larger than the GPU returns NULL on every
 *                PE and gives back what any PE made; so does one that only
 *                PEs sharing a GPU cannot all get (one PE per GPU gets it);
 *                the heap works after, and the job ends with status 0.
 *   grow_exit    the last PE exits without shmem_finalize while the others
 *                grow the heap: they end, naming it, instead of waiting in
 *                the handle exchange.
 *   grow_sigkill the same with SIGKILL. */
#include <cuda.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../check.h"

#define CU(x)                                                                 \
    do {                                                                      \
        CUresult r_ = (x);                                                    \
        CHECK(r_ == CUDA_SUCCESS, "%s -> %d", #x, (int)r_);                   \
    } while (0)

/* Room for the driver's own allocations between two readings. */
#define SLACK ((size_t)64 << 20)

static size_t free_bytes(size_t *total)
{
    size_t f = 0, t = 0;
    CU(cuMemGetInfo(&f, &t));
    if (total)
        *total = t;
    return f;
}

/* Whether another PE drives this PE's GPU (PCI domain, bus and device
 * compared through a collective on the heap). */
static int gpu_shared(void)
{
    int me = shmem_my_pe(), n = shmem_n_pes();
    CUdevice dev;
    CU(cuCtxGetDevice(&dev));
    int dom = 0, bus = 0, slot = 0;
    CU(cuDeviceGetAttribute(&dom, CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID, dev));
    CU(cuDeviceGetAttribute(&bus, CU_DEVICE_ATTRIBUTE_PCI_BUS_ID, dev));
    CU(cuDeviceGetAttribute(&slot, CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID, dev));
    long mine = ((long)dom << 16) | (bus << 8) | slot;
    long *src = shmem_malloc(sizeof(long)), *all = shmem_malloc(sizeof(long) * (size_t)n);
    CHECK(src && all, "shmem_malloc of the bus ids");
    shmem_long_p(src, mine, me);
    shmem_barrier_all();
    CHECK(shmem_long_fcollect(SHMEM_TEAM_WORLD, all, src, 1) == 0, "fcollect of the bus ids");
    int shared = 0;
    for (int pe = 0; pe < n; pe++)
        shared |= pe != me && shmem_long_g(&all[pe], me) == mine;
    shmem_free(all);
    shmem_free(src);
    return shared;
}

/* The least of every PE's v: sizes passed to shmem_malloc must be the
 * same on all PEs, and each PE reads its own GPU's memory. */
static size_t least(size_t v)
{
    long *src = shmem_malloc(sizeof(long)), *dst = shmem_malloc(sizeof(long));
    CHECK(src && dst, "shmem_malloc of the reduction's words");
    shmem_long_p(src, (long)v, shmem_my_pe());
    shmem_barrier_all();
    CHECK(shmem_long_min_reduce(SHMEM_TEAM_WORLD, dst, src, 1) == 0, "min_reduce");
    long m = shmem_long_g(dst, shmem_my_pe());
    shmem_free(dst);
    shmem_free(src);
    return (size_t)m;
}

/* Each PE puts its number into its right neighbour's x; checks what it got. */
static void ring(void)
{
    int me = shmem_my_pe(), n = shmem_n_pes();
    int *x = shmem_malloc(sizeof(int));
    CHECK(x, "shmem_malloc of 4 bytes after a failed growth");
    shmem_int_p(x, me + 1, (me + 1) % n);
    shmem_barrier_all();
    int got = shmem_int_g(x, me);
    CHECK(got == (me + n - 1) % n + 1, "put after a failed growth: %d", got);
    shmem_free(x);
}

static void grow_oom(void)
{
    int me = shmem_my_pe();
    size_t total;
    free_bytes(&total);
    size_t big = least(total / 2 * 3);
    size_t before = free_bytes(NULL);
    CHECK(shmem_malloc(big) == NULL, "shmem_malloc of %zu bytes, 1.5 times the GPU's "
          "memory, did not return NULL", big);
    size_t after = free_bytes(NULL);
    CHECK(after + SLACK >= before, "the failed growth kept GPU memory: %zu bytes free "
          "before, %zu after", before, after);

    /* 3/5 of the free memory: one PE per GPU gets it, PEs sharing a GPU
     * cannot all; whoever made a chunk gives it back. */
    int shared = gpu_shared();
    size_t part = least(free_bytes(NULL) / 5 * 3);
    before = free_bytes(NULL);
    void *p = shmem_malloc(part);
    after = free_bytes(NULL);
    if (shared) {
        CHECK(p == NULL, "shmem_malloc of %zu bytes (3/5 of the free memory) on a GPU "
              "shared by PEs did not return NULL", part);
        CHECK(after + SLACK >= before, "the growth that a PE could not make kept GPU "
              "memory on PE %d: %zu bytes free before, %zu after", me, before, after);
    } else {
        CHECK(p != NULL, "shmem_malloc of %zu bytes (3/5 of the free memory) on a GPU "
              "of its own returned NULL", part);
        shmem_free(p);
    }
    ring();
}

/* Larger than the heap left after shmem_init: the call must grow it. */
#define GROWTH ((size_t)256 << 20)

static void grow_peer_dies(int sig)
{
    int me = shmem_my_pe(), n = shmem_n_pes();
    CHECK(n > 1, "this scenario needs 2 PEs or more");
    shmem_barrier_all();
    if (me == n - 1) {
        /* The others are in the growth's handle exchange by now. */
        sleep(1);
        if (sig)
            raise(sig);
        _exit(0);
    }
    void *p = shmem_malloc(GROWTH);
    CHECK(0, "shmem_malloc returned %p although PE %d died in it", p, n - 1);
}

int main(int argc, char **argv)
{
    CHECK(argc == 2, "usage: %s init_oom|grow_oom|grow_exit|grow_sigkill", argv[0]);
    CU(cuInit(0));
    shmem_init();
    if (strcmp(argv[1], "init_oom") == 0)
        CHECK(0, "shmem_init returned with SHMEM_SYMMETRIC_SIZE=%s",
              getenv("SHMEM_SYMMETRIC_SIZE"));
    else if (strcmp(argv[1], "grow_oom") == 0)
        grow_oom();
    else if (strcmp(argv[1], "grow_exit") == 0)
        grow_peer_dies(0);
    else if (strcmp(argv[1], "grow_sigkill") == 0)
        grow_peer_dies(SIGKILL);
    else
        CHECK(0, "unknown scenario %s", argv[1]);
    shmem_finalize();
    return 0;
}
