/* Preloaded into shmemrun by shmemrun_taken.sh: the first 8-byte
 * getrandom (the random part of the bootstrap socket's name) returns 0x5a
 * bytes, so that the test can take that name before shmemrun does; every
 * one does with FIXED_RANDOM_ALL=1. It leaves LD_PRELOAD, so that the PEs
 * that shmemrun starts draw their own. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

static int fixed_all;

__attribute__((constructor)) static void not_for_children(void)
{
    fixed_all = getenv("FIXED_RANDOM_ALL") != NULL;
    unsetenv("LD_PRELOAD");
}

ssize_t getrandom(void *buf, size_t len, unsigned flags)
{
    static int fixed_done;
    if ((!fixed_done || fixed_all) && len == 8) {
        fixed_done = 1;
        memset(buf, 0x5a, len);
        return (ssize_t)len;
    }
    ssize_t (*real)(void *, size_t, unsigned) =
        (ssize_t(*)(void *, size_t, unsigned))dlsym(RTLD_NEXT, "getrandom");
    return real(buf, len, flags);
}
