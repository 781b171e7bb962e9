/* A Unix stream socket between every two PEs of a node: heap handles travel
 * over them, and a closed one tells that a peer is gone. The sockets live in
 * the abstract namespace, so there is no file to leak when a PE dies. */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "../init/config.h"
#include "../init/error.h"
#include "heap.h"

static socklen_t link_address(struct sockaddr_un *a, int pe)
{
    memset(a, 0, sizeof *a);
    a->sun_family = AF_UNIX;
    int n = snprintf(a->sun_path + 1, sizeof a->sun_path - 1, "shmem-%s-%d",
                     shmemi_state.boot.job_id, pe);
    return (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 + (size_t)n);
}

static void write_all(int s, const void *p, size_t n, int pe)
{
    if (send(s, p, n, MSG_NOSIGNAL) != (ssize_t)n)
        shmemi_fatal("shmem_init", "cannot talk to PE %d over its local socket: %s",
                     pe, strerror(errno));
}

static int connect_to(int local)
{
    int pe = shmemi_state.local_pes[local];
    struct sockaddr_un a;
    socklen_t len = link_address(&a, pe);
    int s = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (s < 0 || connect(s, (struct sockaddr *)&a, len) != 0)
        shmemi_fatal("shmem_init",
                     "cannot connect to PE %d on this node: %s; the PEs of a "
                     "node must share a network namespace",
                     pe, strerror(errno));
    write_all(s, &shmemi_state.my_local, sizeof(int), pe);
    return s;
}

static void report_missing(void)
{
    char list[512] = "";
    size_t used = 0;
    for (int i = shmemi_state.my_local + 1; i < shmemi_state.n_local; i++)
        if (shmemi_heap.links[i] < 0 && used < sizeof list - 16)
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

static void accept_from(int listener, time_t deadline)
{
    for (;;) {
        int s = shmemi_accept_until(listener, deadline);
        if (s < 0)
            report_missing();
        struct ucred cred;
        socklen_t cl = sizeof cred;
        int idx = -1;
        if (getsockopt(s, SOL_SOCKET, SO_PEERCRED, &cred, &cl) != 0 ||
            cred.uid != getuid() ||
            recv(s, &idx, sizeof idx, MSG_WAITALL) != (ssize_t)sizeof idx ||
            idx <= shmemi_state.my_local || idx >= shmemi_state.n_local ||
            shmemi_heap.links[idx] >= 0) {
            /* Not one of ours (another user, or garbage): ignore it. */
            close(s);
            continue;
        }
        shmemi_heap.links[idx] = s;
        return;
    }
}

void shmemi_links_open(void)
{
    int n = shmemi_state.n_local, me = shmemi_state.my_local;
    shmemi_heap.links = malloc(sizeof(int) * (size_t)n);
    for (int i = 0; i < n; i++)
        shmemi_heap.links[i] = -1;
    int listener = -1;
    if (n > 1) {
        struct sockaddr_un a;
        socklen_t len = link_address(&a, shmemi_state.my_pe);
        listener = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
        if (listener < 0 || bind(listener, (struct sockaddr *)&a, len) != 0 ||
            listen(listener, SOMAXCONN) != 0)
            shmemi_fatal("shmem_init", "cannot open the local socket @%s: %s",
                         a.sun_path + 1, strerror(errno));
    }
    /* Everyone listens before anyone connects. The barrier is over the
     * whole job, so a PE alone on its node takes part too. */
    if (shmemi_state.boot.barrier() != 0)
        shmemi_fatal("shmem_init", "bootstrap barrier failed");
    if (n == 1)
        return;

    for (int i = 0; i < me; i++)
        shmemi_heap.links[i] = connect_to(i);
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
        if (i != me && shmemi_fd_send(shmemi_heap.links[i], fd, &me, sizeof me) != 0)
            shmemi_fatal(call, "cannot send a heap handle to PE %d: it has died",
                         shmemi_state.local_pes[i]);
    fds[me] = fd;
    for (int i = 0; i < n; i++) {
        if (i == me)
            continue;
        int from = -1;
        if (shmemi_fd_recv(shmemi_heap.links[i], &fds[i], &from, sizeof from) != 0 ||
            from != i)
            shmemi_fatal(call, "did not receive the heap handle of PE %d: it died "
                         "or is not in the same call",
                         shmemi_state.local_pes[i]);
    }
}

void shmemi_links_close(void)
{
    for (int i = 0; shmemi_heap.links && i < shmemi_state.n_local; i++)
        if (shmemi_heap.links[i] >= 0)
            close(shmemi_heap.links[i]);
    free(shmemi_heap.links);
    shmemi_heap.links = NULL;
}
