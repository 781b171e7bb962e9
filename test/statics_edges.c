/* The edges of symmetric global variables, one scenario per run (argv[1]):
 *   fork      a child of fork() gets private copies of the globals as they
 *             were at the fork; the parent's stay symmetric
 *   sparse    a 256 MiB zeroed static array costs no memory until touched
 *             (LeakSanitizer reads all of it at exit, which allocates it:
 *             a read of a shared memory page does)
 *   end       a transfer that runs past the end of the globals (an error)
 *   shlib     a shared library's global as the remote side (an error)
 *   tls       a thread-local variable as the remote side (an error)
 *   rodata    a const global, read-only data of the program, as the remote
 *             side (an error)
 *   plain     a put to a global, for runs with SHMEM_SYMMETRIC_STATICS=0
 *             (an error) and for PEs of two executables (statics_other)
 *   mpmd      PE 0 runs this program, the others statics_other: heap
 *             memory is shared, then a put to a global of PE 1 (an error)
 * A scenario that must end in an error prints "unreachable" if it does not. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "check.h"

int *lib_counter_addr(void);

int counter = 7;                  /* .data */
static long flags[16];            /* .bss */
static char huge[256L << 20];     /* .bss, never touched whole */
static _Thread_local int per_thread;
const int read_only = 5;          /* .rodata */

/* Pages of huge in memory (mincore: of shared memory, those allocated). */
static size_t huge_resident(void)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE), n = sizeof huge / page;
    static unsigned char vec[sizeof huge / 4096 + 1];
    char *start = (char *)((uintptr_t)huge & ~(uintptr_t)(page - 1));
    CHECK(mincore(start, n * page, vec) == 0, "mincore failed");
    size_t r = 0;
    for (size_t i = 0; i < n; i++)
        r += vec[i] & 1;
    return r;
}

static void sleep_ms(long ms)
{
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

static void fork_scenario(int me, int n)
{
    counter = 100 + me;
    flags[3] = 5;
    shmem_barrier_all();
    pid_t child = fork();
    CHECK(child >= 0, "fork failed");
    if (child == 0) {
        /* The parent writes its globals at once; the child must not see it. */
        sleep_ms(100);
        int ok = counter == 100 + me && flags[3] == 5;
        counter = -1;
        flags[3] = -1;
        huge[12345] = 1;
        _exit(ok ? 0 : 3);
    }
    counter = 200 + me;
    int status;
    CHECK(waitpid(child, &status, 0) == child, "waitpid failed");
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0,
          "the child saw the parent's globals change after the fork (status %#x)", status);
    CHECK(counter == 200 + me && flags[3] == 5 && huge[12345] == 0,
          "the child's writes reached the parent: counter %d, flags[3] %ld, huge %d", counter,
          flags[3], huge[12345]);
    /* The parent's globals are still symmetric. */
    shmem_barrier_all();
    int right = (me + 1) % n;
    CHECK(shmem_int_g(&counter, right) == 200 + right, "get after the fork");
    shmem_long_atomic_add(&flags[3], 1, 0);
    shmem_barrier_all();
    if (me == 0)
        CHECK(flags[3] == 5 + n, "atomic adds after the fork: %ld, want %d", flags[3], 5 + n);
}

static void sparse_scenario(int me, int n)
{
    size_t pages = huge_resident();
    CHECK(pages < 64, "%zu pages of a 256 MiB static array are in memory after shmem_init: "
          "untouched pages must cost nothing", pages);
    size_t at = ((size_t)me << 26) + 4096 * 3;
    shmem_char_p(&huge[at], (char)(me + 1), (me + 1) % n);
    shmem_barrier_all();
    int left = (me + n - 1) % n;
    CHECK(huge[((size_t)left << 26) + 4096 * 3] == left + 1, "byte from PE %d", left);
    pages = huge_resident();
    CHECK(pages < 64, "%zu pages of the array are in memory after %d puts", pages, n);
}

static void mpmd_scenario(int me, int n)
{
    int *shared = shmem_malloc(sizeof(int));
    *shared = me;
    shmem_barrier_all();
    CHECK(shmem_int_g(shared, n - 1) == n - 1, "heap memory between two executables");
    shmem_barrier_all();
    if (me == 0)
        shmem_int_p(&counter, 1, 1);
    shmem_barrier_all();
}

int main(int argc, char **argv)
{
    const char *s = argc > 1 ? argv[1] : "";
    setvbuf(stdout, NULL, _IONBF, 0);
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    if (!strcmp(s, "fork")) {
        fork_scenario(me, n);
    } else if (!strcmp(s, "sparse")) {
        sparse_scenario(me, n);
    } else if (!strcmp(s, "end")) {
        shmem_putmem(&huge[sizeof huge - 8], &counter, 4096 * 4, (me + 1) % n);
        puts("unreachable");
    } else if (!strcmp(s, "shlib")) {
        shmem_int_p(lib_counter_addr(), 1, (me + 1) % n);
        puts("unreachable");
    } else if (!strcmp(s, "tls")) {
        shmem_int_p(&per_thread, 1, (me + 1) % n);
        puts("unreachable");
    } else if (!strcmp(s, "rodata")) {
        int got = shmem_int_g(&read_only, (me + 1) % n);
        printf("unreachable: %d\n", got);
    } else if (!strcmp(s, "plain")) {
        shmem_int_p(&counter, 1, (me + 1) % n);
        shmem_barrier_all();
    } else if (!strcmp(s, "mpmd")) {
        mpmd_scenario(me, n);
        puts("unreachable");
    } else {
        CHECK(0, "unknown scenario '%s'", s);
    }
    shmem_finalize();
    return 0;
}
