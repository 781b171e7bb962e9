/* A program that starts with start_pes and returns from main without
 * shmem_finalize is finalized at exit (OpenSHMEM says so for start_pes),
 * not reported as a PE that died. Scenarios (argv[1]):
 *   return:   RMA and a barrier, then return from main;
 *   finalize: the program finalizes itself, and exit must not again;
 *   fork:     a child of fork() calls exit(), which must leave the
 *             parent's runtime alone, before the parent returns. */
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"

static pid_t parent;

/* Runs after the runtime's exit handler (it is registered before
 * start_pes): the child of fork ends there, before the check for leaks of
 * sanitized builds, which would report the parent's allocations that the
 * child holds without the threads that own them. */
static void child_ends(void)
{
    if (getpid() != parent)
        _exit(0);
}

int main(int argc, char **argv)
{
    CHECK(argc == 2, "usage: start_pes_exit return|finalize|fork");
    parent = getpid();
    if (!strcmp(argv[1], "fork"))
        CHECK(atexit(child_ends) == 0, "atexit");
    start_pes(0);
    int me = _my_pe(), n = _num_pes();
    long *from_left = shmalloc(sizeof(long));
    CHECK(from_left, "shmalloc");
    shmem_long_p(from_left, 100 + me, (me + 1) % n);
    shmem_barrier_all();
    CHECK(*from_left == 100 + (me + n - 1) % n, "received %ld", *from_left);
    if (!strcmp(argv[1], "fork")) {
        pid_t child = fork();
        CHECK(child >= 0, "fork");
        if (child == 0)
            exit(0);
        int status;
        CHECK(waitpid(child, &status, 0) == child && WIFEXITED(status) &&
                  WEXITSTATUS(status) == 0,
              "the child of fork ended with status %#x", status);
        shmem_barrier_all();
    } else if (!strcmp(argv[1], "finalize")) {
        shmem_finalize();
    } else {
        CHECK(!strcmp(argv[1], "return"), "unknown scenario %s", argv[1]);
    }
    printf("PE %d returns from main\n", me);
    return 0;
}
