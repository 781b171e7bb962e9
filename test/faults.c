/* Programs that misuse the library or fail on purpose, one scenario per
 * run, named by argv[1]. tests.cmake runs them through expect.sh, which
 * checks the status, the message and that the job ended in time. Where one
 * PE misbehaves, it is the last one and the others wait in a barrier, so
 * the test also shows that nobody is left waiting for it. */
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "check.h"

static int me, npes;

static int *sym_int(void)
{
    int *x = shmem_calloc(4, sizeof(int));
    CHECK(x != NULL, "calloc");
    return x;
}

static int culprit(void) { return me == npes - 1; }

static void pe_too_big(void)
{
    int *x = sym_int();
    if (culprit())
        shmem_int_p(x, 1, npes);
    shmem_barrier_all();
}

static void pe_negative(void)
{
    int *x = sym_int(), v = 1;
    if (culprit())
        shmem_int_put(x, &v, 1, -1);
    shmem_barrier_all();
}

static void stack_target(void)
{
    int on_stack = 0, v = 1;
    if (culprit())
        shmem_int_put(&on_stack, &v, 1, (me + 1) % npes);
    shmem_barrier_all();
}

static void double_free(void)
{
    int *x = sym_int();
    shmem_free(x);
    shmem_free(x);
}

static void free_private(void)
{
    shmem_free(malloc(16));
}

static void no_finalize(void)
{
    if (culprit())
        exit(0); /* as a return from main would */
    shmem_barrier_all();
}

static void sigkill(void)
{
    if (culprit())
        raise(SIGKILL);
    shmem_barrier_all();
}

/* A fault of the program's own, as a bad pointer makes one: a store to a
 * page it may not write (not NULL, which UBSan would catch first). */
static void segv(void)
{
    if (culprit()) {
        volatile int *page = mmap(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        CHECK(page != MAP_FAILED, "mmap");
        *page = 1;
    }
    shmem_barrier_all();
}

/* The culprit dies while the others read its heap over and over: across
 * nodes with a served heap, each read waits for the culprit's answer,
 * which never comes, and that wait must not hang them. */
static void sigkill_get(void)
{
    int *x = sym_int();
    shmem_barrier_all();
    if (culprit())
        raise(SIGKILL);
    for (;;)
        (void)shmem_int_g(x, npes - 1);
}

/* The culprit leaves while the others are in a heap growth (in the
 * exchange of the new chunk's handles), and they must not wait for it. */
static void grow_no_finalize(void)
{
    shmem_barrier_all();
    if (culprit()) {
        sleep(1);
        exit(0);
    }
    shmem_malloc((size_t)256 << 20);
    CHECK(0, "shmem_malloc returned although PE %d left in it", npes - 1);
}

static void global_exit(void)
{
    if (me == 1)
        shmem_global_exit(7);
    shmem_barrier_all();
}

/* A failed allocation is reported, returns NULL everywhere, and the job
 * goes on. */
static void exhaust(void)
{
    CHECK(shmem_malloc((size_t)1 << 40) == NULL, "malloc of 1 TiB");
    int *x = sym_int();
    shmem_int_p(x, me + 1, (me + 1) % npes);
    shmem_barrier_all();
    CHECK(*x == (me + npes - 1) % npes + 1, "put after exhaustion: %d", *x);
    shmem_free(x);
}

/* Bytes of symmetric heap this process maps (its own and its node peers'). */
static size_t heap_mapped(void)
{
    FILE *f = fopen("/proc/self/maps", "r");
    CHECK(f != NULL, "cannot read /proc/self/maps");
    char line[512];
    size_t total = 0;
    while (fgets(line, sizeof line, f)) {
        unsigned long lo, hi;
        if (strstr(line, "memfd:shmem-heap") && sscanf(line, "%lx-%lx", &lo, &hi) == 2)
            total += hi - lo;
    }
    fclose(f);
    return total;
}

/* Sizes that no heap can hold, whether it is fixed or may grow: the size
 * itself, or one that rounding, an alignment or a count would carry past
 * SIZE_MAX, or one past the heap's limit (2 GiB: run with a 64 MiB fixed
 * heap or SHMEM_SYMMETRIC_SIZE_MAX=1G). Each call returns NULL on every PE
 * and leaves the heap as it was: no block handed out, no growth. */
static void huge_sizes(void)
{
    int *keep = sym_int();
    keep[0] = 42 + me;
    size_t before = heap_mapped();
    static const size_t sizes[] = {SIZE_MAX,         SIZE_MAX - 1,     SIZE_MAX - 63,
                                   SIZE_MAX - 64,    SIZE_MAX / 2 + 1, (size_t)1 << 50,
                                   (size_t)2 << 30};
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        size_t s = sizes[i];
        CHECK(shmem_malloc(s) == NULL, "shmem_malloc(%zu)", s);
        CHECK(shmem_malloc_with_hints(s, SHMEM_MALLOC_ATOMICS_REMOTE) == NULL,
              "shmem_malloc_with_hints(%zu)", s);
        CHECK(shmem_calloc(1, s) == NULL, "shmem_calloc(1, %zu)", s);
        CHECK(shmem_align(4096, s) == NULL, "shmem_align(4096, %zu)", s);
        CHECK(shmem_realloc(keep, s) == NULL, "shmem_realloc(keep, %zu)", s);
    }
    CHECK(shmem_calloc(SIZE_MAX / 2, 4) == NULL, "shmem_calloc(SIZE_MAX / 2, 4)");
    CHECK(heap_mapped() == before, "the heap's mappings went from %zu to %zu bytes",
          before, heap_mapped());
    CHECK(keep[0] == 42 + me, "a failed shmem_realloc changed the block: %d", keep[0]);
    char *a = shmem_malloc(4096), *b = shmem_malloc(4096);
    CHECK(a && b && (b >= a + 4096 || a >= b + 4096), "later blocks %p and %p overlap",
          (void *)a, (void *)b);
    memset(a, 1, 4096);
    memset(b, 2, 4096);
    shmem_barrier_all();
    shmem_putmem(a, b, 4096, (me + 1) % npes);
    shmem_barrier_all();
    CHECK(a[0] == 2 && a[4095] == 2 && b[0] == 2, "put after the failed calls");
    shmem_free(a);
    shmem_free(b);
    shmem_free(keep);
}

/* A fatal error must not lose what the program printed before it: under
 * shmemrun stdout is expect.sh's file, fully buffered (mpirun gives its
 * PEs a terminal, which is line-buffered). */
static void fatal_flush(void)
{
    int *x = sym_int();
    printf("PE %d: the last line before the error\n", me);
    if (culprit())
        shmem_int_p(x, 1, npes);
    shmem_barrier_all();
}

/* Only SHMEM_DEBUG compares the arguments of a collective allocation. */
static void different_sizes(void)
{
    shmem_free(shmem_malloc(64 + 64 * (size_t)me));
}

static void bad_cmp(void)
{
    int *x = sym_int();
    if (culprit())
        shmem_int_wait_until(x, 99, 0);
    shmem_barrier_all();
}

/* For the environment checks: start, synchronize, end. */
static void plain(void)
{
    shmem_barrier_all();
}

static const struct {
    const char *name;
    void (*run)(void);
} scenarios[] = {
    {"pe_too_big", pe_too_big},
    {"pe_negative", pe_negative},
    {"stack_target", stack_target},
    {"double_free", double_free},
    {"free_private", free_private},
    {"no_finalize", no_finalize},
    {"sigkill", sigkill},
    {"segv", segv},
    {"sigkill_get", sigkill_get},
    {"grow_no_finalize", grow_no_finalize},
    {"global_exit", global_exit},
    {"exhaust", exhaust},
    {"huge_sizes", huge_sizes},
    {"fatal_flush", fatal_flush},
    {"different_sizes", different_sizes},
    {"bad_cmp", bad_cmp},
    {"plain", plain},
};

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s SCENARIO\n", argv[0]);
        return 2;
    }
    /* A call before shmem_init must be reported, not crash. */
    if (strcmp(argv[1], "before_init") == 0) {
        (void)shmem_my_pe();
        return 0;
    }
    for (size_t i = 0; i < sizeof scenarios / sizeof *scenarios; i++)
        if (strcmp(argv[1], scenarios[i].name) == 0) {
            shmem_init();
            me = shmem_my_pe();
            npes = shmem_n_pes();
            scenarios[i].run();
            shmem_finalize();
            return 0;
        }
    fprintf(stderr, "%s: unknown scenario %s\n", argv[0], argv[1]);
    return 2;
}
