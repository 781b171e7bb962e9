/* Who is at the other end of a local socket, as the kernel tells it
 * (SO_PEERCRED): a job trusts nothing that a Unix socket carries, file
 * descriptors above all, until the other end is shown to run as this
 * user and to be the process the bootstrap named (docs/security.md).
 * Static functions in a header, because shmemrun is built
 * without the library. */
#ifndef SHMEMI_PEERCRED_H
#define SHMEMI_PEERCRED_H

#ifndef _GNU_SOURCE
#error "struct ucred needs _GNU_SOURCE before the first system header"
#endif

#include <pwd.h>
#include <stdio.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/un.h>
#include <unistd.h>

/* "user NAME (uid U), pid P": enough for an administrator to find the
 * process. */
static inline const char *shmemi_cred_describe(const struct ucred *c, char *buf, size_t cap)
{
    struct passwd pw, *found = NULL;
    char names[1024];
    if (getpwuid_r(c->uid, &pw, names, sizeof names, &found) == 0 && found)
        snprintf(buf, cap, "user %s (uid %u), pid %d", found->pw_name, (unsigned)c->uid,
                 (int)c->pid);
    else
        snprintf(buf, cap, "uid %u, pid %d", (unsigned)c->uid, (int)c->pid);
    return buf;
}

/* 0 when the process at the other end of s runs as this process's
 * effective user and, where pid > 0, is process pid; otherwise -1, with
 * what the kernel told in *c (uid -1 and pid 0 when it told nothing). */
static inline int shmemi_cred_check(int s, pid_t pid, struct ucred *c)
{
    socklen_t len = sizeof *c;
    if (getsockopt(s, SOL_SOCKET, SO_PEERCRED, c, &len) != 0) {
        c->uid = (uid_t)-1;
        c->gid = (gid_t)-1;
        c->pid = 0;
        return -1;
    }
    return c->uid == geteuid() && (pid <= 0 || c->pid == pid) ? 0 : -1;
}

/* Who holds the abstract address a, which bind() found taken: whoever
 * listens there tells its credentials to anyone who connects. */
static inline const char *shmemi_holder_describe(const struct sockaddr_un *a, socklen_t len,
                                                 char *buf, size_t cap)
{
    int s = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    struct ucred c;
    socklen_t cl = sizeof c;
    if (s >= 0 && connect(s, (const struct sockaddr *)a, len) == 0 &&
        getsockopt(s, SOL_SOCKET, SO_PEERCRED, &c, &cl) == 0)
        shmemi_cred_describe(&c, buf, cap);
    else
        snprintf(buf, cap, "a process that does not accept connections there "
                 "(as root, 'ss -xap' names it)");
    if (s >= 0)
        close(s);
    return buf;
}

#endif
