/* A TCP connection from each node's first PE to the next node's first PE,
 * a ring over the nodes, so that PEs of other nodes learn that a node's
 * PEs are gone. The launcher usually ends the job first (mpirun does), but
 * not always: under mpirun --enable-recovery a PE waiting in a barrier for
 * a killed PE of another node waited for ever, as nothing of the node's
 * own watch (liveness.c, over peer_links.c) reaches across nodes. A node
 * that ends the job (liveness.c: a death on it, a fatal error,
 * shmem_global_exit) sends its status and reason over its links first; a
 * link that closes without them, or before the node's finalize notice,
 * means that the node's PEs are gone. Either way each neighbour ends its
 * own node's PEs with that status and passes the reason on, round the
 * ring. Two links per node whatever the job's size, so the end takes a hop
 * per node to go round (each hop a watcher's wake-up and a send).
 *
 * A link that cannot be made (a host name that does not resolve, a
 * firewall) is reported and left out: a death on that side is then the
 * launcher's to notice, as before. */
#define _GNU_SOURCE
#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "../init/config.h"
#include "../init/error.h"
#include "heap.h"

/* What every PE tells in the allgather: a node's first PE where it
 * listens, the others nothing (port 0). */
struct link_card {
    char host[256];
    uint16_t port;
};

/* What a connecting PE sends first, so that a stray connection to the
 * port (another job, a scanner) is not taken for the ring's neighbour. */
struct link_hello {
    char job_id[32];
    int32_t pe;
};

static int links[2] = {-1, -1};
static int link_pe[2] = {-1, -1};

int shmemi_node_link_fd(int which) { return links[which]; }
int shmemi_node_link_pe(int which) { return link_pe[which]; }

/* The one message a link carries, once: the node finalized, or it ends
 * the job (how: a neighbour passes it on, so every node ends with the
 * status and the reason of the first). */
struct link_msg {
    char tag; /* 'F': finalized; 'E': ends the job, as end says */
    struct shmemi_node_end end;
};

static int listen_any(uint16_t *port)
{
    int s = socket(AF_INET6, SOCK_STREAM | SOCK_CLOEXEC, 0);
    struct sockaddr_storage a = {0};
    socklen_t len;
    if (s >= 0) {
        int off = 0; /* IPv4 peers too, as mapped addresses */
        setsockopt(s, IPPROTO_IPV6, IPV6_V6ONLY, &off, sizeof off);
        struct sockaddr_in6 *a6 = (struct sockaddr_in6 *)&a;
        a6->sin6_family = AF_INET6;
        a6->sin6_addr = in6addr_any;
        len = sizeof *a6;
    } else {
        s = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        struct sockaddr_in *a4 = (struct sockaddr_in *)&a;
        a4->sin_family = AF_INET;
        a4->sin_addr.s_addr = htonl(INADDR_ANY);
        len = sizeof *a4;
    }
    if (s < 0 || bind(s, (struct sockaddr *)&a, len) != 0 || listen(s, SOMAXCONN) != 0 ||
        getsockname(s, (struct sockaddr *)&a, &len) != 0)
        shmemi_fatal("shmem_init", "cannot open a TCP socket for the link to the next "
                     "node's first PE: %s; set SHMEM_NODE_LINKS=0 on every PE to go "
                     "without these links", strerror(errno));
    *port = ntohs(a.ss_family == AF_INET6 ? ((struct sockaddr_in6 *)&a)->sin6_port
                                          : ((struct sockaddr_in *)&a)->sin_port);
    return s;
}

static int say_hello(int s)
{
    struct link_hello h;
    memset(&h, 0, sizeof h);
    memcpy(h.job_id, shmemi_state.boot.job_id, sizeof h.job_id);
    h.pe = shmemi_state.my_pe;
    return send(s, &h, sizeof h, MSG_NOSIGNAL) == (ssize_t)sizeof h;
}

static void report(int pe, const char *host, const char *what, const char *err)
{
    shmemi_warn("shmem_init", "no liveness link with PE %d (first PE of its node, host %s): "
                "%s%s%s; if that node's PEs die, the launcher alone can end the job "
                "(SHMEM_NODE_LINKS=0 on every PE goes without these links)",
                pe, host, what, err ? ": " : "", err ? err : "");
}

/* Whether pe runs on this machine (a virtual node of it). */
static int on_this_host(int pe)
{
    for (int i = 0; i < shmemi_state.n_host; i++)
        if (shmemi_state.host_pes[i] == pe)
            return 1;
    return 0;
}

/* Connects to pe's listener, retrying until deadline; -1 after a report.
 * A virtual node of this machine is reached over loopback, which needs no
 * name service (the host name of a container need not resolve). */
static int connect_to(int pe, const struct link_card *c, time_t deadline)
{
    char port[8];
    snprintf(port, sizeof port, "%u", (unsigned)c->port);
    struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM}, *ai;
    int rc = getaddrinfo(on_this_host(pe) ? "127.0.0.1" : c->host, port, &hints, &ai);
    if (rc != 0) {
        report(pe, c->host, "its host name does not resolve", gai_strerror(rc));
        return -1;
    }
    int s = -1, err = 0;
    do {
        for (struct addrinfo *p = ai; p && s < 0; p = p->ai_next) {
            s = socket(p->ai_family, p->ai_socktype | SOCK_CLOEXEC, p->ai_protocol);
            if (s >= 0 && connect(s, p->ai_addr, p->ai_addrlen) != 0) {
                err = errno;
                close(s);
                s = -1;
            }
        }
        if (s < 0)
            usleep(10000);
    } while (s < 0 && time(NULL) < deadline);
    freeaddrinfo(ai);
    if (s < 0) {
        report(pe, c->host, "cannot connect", strerror(err));
        return -1;
    }
    if (!say_hello(s)) {
        report(pe, c->host, "cannot send to it", strerror(errno));
        close(s);
        return -1;
    }
    return s;
}

/* Whether the PE at the other end of s, within deadline, says it is pe of
 * this job. */
static int hears_hello(int s, int pe, time_t deadline)
{
    int left = (int)(deadline - time(NULL));
    struct timeval tv = {.tv_sec = left > 0 ? left : 1};
    setsockopt(s, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    struct link_hello h;
    return recv(s, &h, sizeof h, MSG_WAITALL) == (ssize_t)sizeof h && h.pe == pe &&
           memcmp(h.job_id, shmemi_state.boot.job_id, sizeof h.job_id) == 0;
}

/* Accepts pe's connection on listener until deadline; -1 after a report. */
static int accept_from(int listener, int pe, const char *host, time_t deadline)
{
    for (;;) {
        int s = shmemi_accept_until(listener, deadline);
        if (s < 0) {
            report(pe, host, "it did not connect within SHMEM_PEER_TIMEOUT seconds", NULL);
            return -1;
        }
        if (hears_hello(s, pe, deadline) && say_hello(s))
            return s;
        close(s); /* not the neighbour */
    }
}

void shmemi_node_links_open(void)
{
    int n = shmemi_state.n_pes, nodes = 0, me = -1;
    for (int pe = 0; pe < n; pe++)
        if (shmemi_state.node_first[pe] == pe)
            nodes++;
    if (nodes < 2 || !shmemi_config.node_links)
        return;
    int first = shmemi_state.node_first[shmemi_state.my_pe] == shmemi_state.my_pe;
    struct link_card mine = {.port = 0}, *all = calloc((size_t)n, sizeof *all);
    int listener = -1;
    if (first) {
        listener = listen_any(&mine.port);
        gethostname(mine.host, sizeof mine.host - 1);
    }
    if (!all || shmemi_state.boot.allgather(&mine, all, sizeof mine) != 0)
        shmemi_fatal("shmem_init", "the exchange of the nodes' link addresses failed");
    if (first) {
        /* The nodes' first PEs in PE order; this one is leaders[me]. */
        int *leaders = malloc(sizeof(int) * (size_t)nodes), k = 0;
        if (!leaders)
            shmemi_fatal("shmem_init", "out of memory for the list of %d nodes", nodes);
        for (int pe = 0; pe < n; pe++)
            if (shmemi_state.node_first[pe] == pe) {
                if (pe == shmemi_state.my_pe)
                    me = k;
                leaders[k++] = pe;
            }
        int next = leaders[(me + 1) % nodes], prev = leaders[(me + nodes - 1) % nodes];
        time_t deadline = time(NULL) + (time_t)shmemi_config.peer_timeout;
        /* Two nodes need one link: the first connects, the second accepts. */
        if (nodes > 2 || me == 0) {
            link_pe[1] = next;
            links[1] = connect_to(next, &all[next], deadline);
        }
        if (nodes > 2 || me == 1) {
            link_pe[0] = prev;
            links[0] = accept_from(listener, prev, all[prev].host, deadline);
        }
        /* The answer to this PE's hello comes once the next PE has
         * accepted it, after its own connect: every PE connects, then
         * accepts, then hears the answer, so none waits on a circle. */
        if (links[1] >= 0 && !hears_hello(links[1], next, deadline)) {
            report(next, all[next].host, "it did not answer as that PE of this job", NULL);
            close(links[1]);
            links[1] = -1;
        }
        /* A message comes whole or not at all (the sender died in it): the
         * watch must not wait on a broken one for long. */
        struct timeval tv = {.tv_sec = 1};
        for (int i = 0; i < 2; i++)
            if (links[i] >= 0)
                setsockopt(links[i], SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
        if (shmemi_config.debug) {
            char list[32] = "";
            for (int i = 0, used = 0; i < 2; i++)
                if (links[i] >= 0)
                    used += snprintf(list + used, sizeof list - (size_t)used, " %d", link_pe[i]);
            shmemi_warn("shmem_init", "liveness links to the first PEs of other nodes:%s",
                        list[0] ? list : " none");
        }
        free(leaders);
        close(listener);
    }
    free(all);
}

static void tell(const char *call, const struct link_msg *m)
{
    for (int i = 0; i < 2; i++)
        if (links[i] >= 0 &&
            send(links[i], m, sizeof *m, MSG_NOSIGNAL) != (ssize_t)sizeof *m)
            shmemi_warn(call, "could not tell PE %d (first PE of its node) that this node "
                        "%s: %s", link_pe[i],
                        m->tag == 'F' ? "finalized" : "ends the job", strerror(errno));
}

void shmemi_node_links_notice(void)
{
    struct link_msg m;
    memset(&m, 0, sizeof m);
    m.tag = 'F';
    tell("shmem_finalize", &m);
}

void shmemi_node_links_tell_end(const struct shmemi_node_end *e)
{
    struct link_msg m;
    memset(&m, 0, sizeof m);
    m.tag = 'E';
    m.end = *e;
    tell("liveness", &m);
}

int shmemi_node_link_state(int fd, struct shmemi_node_end *e)
{
    struct link_msg m;
    ssize_t r = recv(fd, &m, sizeof m, MSG_WAITALL);
    if (r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR))
        return -1;
    int whole = r == (ssize_t)sizeof m;
    if (whole && m.tag == 'F')
        return 0;
    memset(e, 0, sizeof *e);
    e->status = 1;
    if (whole && m.tag == 'E') {
        *e = m.end;
        e->why[sizeof e->why - 1] = '\0';
    }
    return 1;
}

void shmemi_node_links_close(void)
{
    for (int i = 0; i < 2; i++) {
        if (links[i] >= 0)
            close(links[i]);
        links[i] = link_pe[i] = -1;
    }
}
