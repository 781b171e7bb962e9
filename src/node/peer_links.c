/* A Unix stream socket between every two PEs of a node: heap handles travel
 * over them, and a closed one tells that a peer is gone. Each PE listens on
 * an abstract name (no file to leak when a PE dies) of 128 random bits,
 * which it tells its peers through the bootstrap: no other user can
 * predict the name, so none can take it first. Anyone can still read it
 * in /proc/net/unix and connect, so both ends check who the other is
 * (peercred.h) before either trusts a byte: a PE's memory goes only to the
 * process that the bootstrap named as that peer. */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "init/config.h"
#include "init/error.h"
#include "init/peercred.h"
#include "init/runtime.h"
#include "node.h"

/* What every PE tells in the allgather: the abstract name it listens on,
 * "" for a node's last PE, which only connects. */
struct link_name {
    char name[40];
};

/* Fresh names tried when one is taken, before giving up. */
#define NAME_TRIES 4

int *shmemi_links;

void shmemi_random_bytes(const char *call, const char *what, void *buf, size_t len)
{
    unsigned char *p = buf;
    while (len > 0) {
        ssize_t got = getrandom(p, len, 0);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            shmemi_fatal(call, "getrandom failed (%s), so this PE cannot make %s that "
                         "no one else can guess; Linux 3.17 or later is needed",
                         got < 0 ? strerror(errno) : "no bytes", what);
        p += got;
        len -= (size_t)got;
    }
}

static void random_name(struct link_name *n)
{
    unsigned char r[16];
    shmemi_random_bytes("shmem_init", "a name for its local socket", r, sizeof r);
    int used = snprintf(n->name, sizeof n->name, "shmem-");
    for (size_t i = 0; i < sizeof r; i++)
        used += snprintf(n->name + used, sizeof n->name - (size_t)used, "%02x", r[i]);
}

static socklen_t link_address(struct sockaddr_un *a, const struct link_name *n)
{
    memset(a, 0, sizeof *a);
    a->sun_family = AF_UNIX;
    size_t len = strnlen(n->name, sizeof n->name);
    memcpy(a->sun_path + 1, n->name, len);
    return (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 + len);
}

/* A listener on a name of its own; a name someone else holds is reported
 * with its holder and replaced. */
static int listen_on(struct link_name *n)
{
    for (int attempt = 1;; attempt++) {
        random_name(n);
        struct sockaddr_un a;
        socklen_t len = link_address(&a, n);
        int s = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
        if (s < 0)
            shmemi_fatal("shmem_init", "cannot make a Unix socket for the links to this "
                         "node's PEs: %s; raise the limit of open files (ulimit -n) if "
                         "it is reached", strerror(errno));
        if (bind(s, (struct sockaddr *)&a, len) == 0) {
            if (listen(s, SOMAXCONN) != 0)
                shmemi_fatal("shmem_init", "cannot listen on the local socket @%s: %s",
                             n->name, strerror(errno));
            return s;
        }
        int err = errno;
        close(s);
        if (err != EADDRINUSE)
            shmemi_fatal("shmem_init", "cannot bind the local socket @%s: %s", n->name,
                         strerror(err));
        char who[192];
        shmemi_holder_describe(&a, len, who, sizeof who);
        if (attempt == NAME_TRIES)
            shmemi_fatal("shmem_init", "%d random names for this PE's local socket were "
                         "taken, the last (@%s) by %s: a process on this machine takes "
                         "names as they appear; ask its administrator to stop it",
                         NAME_TRIES, n->name, who);
        shmemi_warn("shmem_init", "the random name @%s for this PE's local socket is "
                    "taken, by %s; trying another", n->name, who);
    }
}

static void write_all(int s, const void *p, size_t n, int pe)
{
    if (send(s, p, n, MSG_NOSIGNAL) != (ssize_t)n)
        shmemi_fatal("shmem_init", "cannot talk to PE %d over its local socket: %s",
                     pe, strerror(errno));
}

static int connect_to(int local, const struct link_name *n)
{
    int pe = shmemi_state.local_pes[local];
    struct sockaddr_un a;
    socklen_t len = link_address(&a, n);
    int s = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (s < 0 || connect(s, (struct sockaddr *)&a, len) != 0)
        shmemi_fatal("shmem_init",
                     "cannot connect to PE %d's socket @%s on this node: %s; the PEs "
                     "of a node must share a network namespace",
                     pe, n->name, strerror(errno));
    struct ucred c;
    if (shmemi_cred_check(s, shmemi_state.pids[pe], &c) != 0) {
        char who[192];
        shmemi_fatal("shmem_init",
                     "the socket @%s, which PE %d (pid %d) named as its own, is held "
                     "by %s: this PE sends it nothing, as a node peer's socket gets "
                     "this PE's memory; %s",
                     n->name, pe, shmemi_state.pids[pe],
                     shmemi_cred_describe(&c, who, sizeof who),
                     c.uid == geteuid() ? "another process of this user took its "
                                          "place, or the PEs of this node run in "
                                          "different PID namespaces, which they must not"
                                        : "another user's process is in the way: ask "
                                          "the administrator to stop it");
    }
    write_all(s, &shmemi_state.my_local, sizeof(int), pe);
    return s;
}

static void report_missing(void)
{
    char list[512] = "";
    size_t used = 0;
    for (int i = shmemi_state.my_local + 1; i < shmemi_state.n_local; i++)
        if (shmemi_links[i] < 0 && used < sizeof list - 16)
            used += (size_t)snprintf(list + used, sizeof list - used, " %d",
                                     shmemi_state.local_pes[i]);
    shmemi_fatal("shmem_init",
                 "PEs%s of this node did not connect within %zu s "
                 "(SHMEM_PEER_TIMEOUT); did they crash during shmem_init?",
                 list, shmemi_config.peer_timeout);
}

int shmemi_accept_until(int listener, time_t deadline)
{
    for (;;) {
        int left = (int)(deadline - time(NULL));
        struct pollfd p = {.fd = listener, .events = POLLIN};
        int r = poll(&p, 1, left > 0 ? left * 1000 : 0);
        if (r < 0 && errno == EINTR)
            continue;
        if (r == 0)
            return -1;
        int s = accept4(listener, NULL, NULL, SOCK_CLOEXEC);
        if (s >= 0)
            return s;
    }
}

static void refuse(int s, const struct ucred *c)
{
    if (shmemi_config.debug) {
        char who[192];
        shmemi_warn("shmem_init", "refused a connection to this PE's local socket from "
                    "%s: not a PE of this node", shmemi_cred_describe(c, who, sizeof who));
    }
    close(s);
}

static void accept_from(int listener, time_t deadline)
{
    for (;;) {
        int s = shmemi_accept_until(listener, deadline);
        if (s < 0)
            report_missing();
        struct ucred c;
        /* Another user's process is turned away before a byte of it is
         * read; one of ours must then be the peer it says it is. */
        if (shmemi_cred_check(s, 0, &c) != 0) {
            refuse(s, &c);
            continue;
        }
        int idx = -1;
        if (recv(s, &idx, sizeof idx, MSG_WAITALL) != (ssize_t)sizeof idx ||
            idx <= shmemi_state.my_local || idx >= shmemi_state.n_local ||
            shmemi_links[idx] >= 0 ||
            c.pid != shmemi_state.pids[shmemi_state.local_pes[idx]]) {
            refuse(s, &c);
            continue;
        }
        shmemi_links[idx] = s;
        return;
    }
}

void shmemi_links_open(void)
{
    int n = shmemi_state.n_local, me = shmemi_state.my_local;
    shmemi_links = malloc(sizeof(int) * (size_t)n);
    struct link_name mine = {""}, *all = calloc((size_t)shmemi_state.n_pes, sizeof *all);
    if (!shmemi_links || !all)
        shmemi_fatal("shmem_init", "out of memory for the links to this node's PEs");
    for (int i = 0; i < n; i++)
        shmemi_links[i] = -1;
    int listener = me < n - 1 ? listen_on(&mine) : -1;
    /* Everyone listens before anyone connects. The allgather is over the
     * whole job, so a PE alone on its node takes part too. */
    if (shmemi_state.boot.allgather(&mine, all, sizeof mine) != 0)
        shmemi_fatal("shmem_init", "the exchange of the node peers' socket names failed");
    for (int i = 0; i < me; i++)
        shmemi_links[i] = connect_to(i, &all[shmemi_state.local_pes[i]]);
    free(all);
    if (listener < 0)
        return;
    time_t deadline = time(NULL) + (time_t)shmemi_config.peer_timeout;
    for (int i = me + 1; i < n; i++)
        accept_from(listener, deadline);
    close(listener);
}

void shmemi_links_exchange_fd(const char *call, int fd, int *fds)
{
    int n = shmemi_state.n_local, me = shmemi_state.my_local;
    /* Sends never block (one small message per link), so everyone sends
     * first and then receives. */
    for (int i = 0; i < n; i++)
        if (i != me && shmemi_fd_send(shmemi_links[i], fd, &me, sizeof me) != 0)
            shmemi_fatal(call, "cannot send a heap handle to PE %d: it has died",
                         shmemi_state.local_pes[i]);
    fds[me] = fd;
    for (int i = 0; i < n; i++) {
        if (i == me)
            continue;
        int from = -1;
        if (shmemi_fd_recv(shmemi_links[i], &fds[i], &from, sizeof from) != 0 ||
            from != i)
            shmemi_fatal(call, "did not receive the heap handle of PE %d: it died "
                         "or is not in the same call",
                         shmemi_state.local_pes[i]);
    }
}

void shmemi_links_close(void)
{
    for (int i = 0; shmemi_links && i < shmemi_state.n_local; i++)
        if (shmemi_links[i] >= 0)
            close(shmemi_links[i]);
    free(shmemi_links);
    shmemi_links = NULL;
}
