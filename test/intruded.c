/* A job that someone else on the machine tries to get into (intruder.c,
 * test/cmake/security.cmake). It passes values round the ring of PEs and
 * checks them. Hooks of its own (it defines connect and getrandom, which
 * the library then calls) give the intruder its chance, where the
 * environment asks:
 *   INTRUDED_UNIX_TO=NAME    a PE's connects to its node peers' sockets
 *                            reach @NAME instead, an intruder's listener,
 *                            as if the intruder had taken the peer's place;
 *   INTRUDED_TCP_DELAY_MS=N  connects over TCP (the nodes' links) wait N ms
 *                            first, so that the intruder reaches a listener
 *                            before the neighbour does;
 *   INTRUDED_FIXED_NAME=1    the first 16 random bytes (a local socket's
 *                            name) are 0x5a: @shmem-5a5a...5a, which the
 *                            intruder took first. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stddef.h>
#include <string.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "check.h"

int connect(int s, const struct sockaddr *a, socklen_t len)
{
    static int (*real)(int, const struct sockaddr *, socklen_t);
    if (!real)
        real = (int (*)(int, const struct sockaddr *, socklen_t))dlsym(RTLD_NEXT, "connect");
    const char *to = getenv("INTRUDED_UNIX_TO");
    const char *delay = getenv("INTRUDED_TCP_DELAY_MS");
    const struct sockaddr_un *u = (const struct sockaddr_un *)a;
    if (to && a->sa_family == AF_UNIX && u->sun_path[0] == '\0' &&
        strncmp(u->sun_path + 1, "shmem-", 6) == 0) {
        struct sockaddr_un other = {.sun_family = AF_UNIX};
        size_t n = strnlen(to, sizeof other.sun_path - 2);
        memcpy(other.sun_path + 1, to, n);
        return real(s, (struct sockaddr *)&other,
                    (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 + n));
    }
    if (delay && (a->sa_family == AF_INET || a->sa_family == AF_INET6))
        usleep((useconds_t)atoi(delay) * 1000);
    return real(s, a, len);
}

ssize_t getrandom(void *buf, size_t len, unsigned flags)
{
    static ssize_t (*real)(void *, size_t, unsigned);
    static int fixed_done;
    if (!real)
        real = (ssize_t(*)(void *, size_t, unsigned))dlsym(RTLD_NEXT, "getrandom");
    if (getenv("INTRUDED_FIXED_NAME") && !fixed_done && len == 16) {
        fixed_done = 1;
        memset(buf, 0x5a, len);
        return (ssize_t)len;
    }
    return real(buf, len, flags);
}

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    static int from_left;
    shmem_int_p(&from_left, me + 100, (me + 1) % n);
    shmem_barrier_all();
    CHECK(from_left == (me + n - 1) % n + 100, "got %d from the left", from_left);
    shmem_finalize();
    printf("intruded: PE %d ran\n", me);
    return 0;
}
