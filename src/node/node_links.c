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
 * A first PE listens only where its neighbour reaches it (loopback for
 * virtual nodes of one machine), and a link is made only with a PE that
 * shows the job's secret (a random number that only the job's PEs learn,
 * through the bootstrap), both ways: anyone may find the port, but only
 * the neighbour can end the job through it.
 *
 * A link that cannot be made (no address to listen on, a firewall) is
 * reported and left out: a death on that side is then the launcher's to
 * notice, as before. */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netdb.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "init/config.h"
#include "init/error.h"
#include "init/runtime.h"
#include "node.h"

/* The job's secret: 256 bits that PE 0 draws from the kernel and the
 * bootstrap hands to the job's PEs alone. */
#define SECRET_BYTES 32
static unsigned char secret[SECRET_BYTES];

/* What every PE tells in the allgather: a node's first PE where it
 * listens (the numeric address, and its host's name for messages), the
 * others nothing (port 0); PE 0 also the secret. */
struct link_card {
    char host[256];
    char addr[INET6_ADDRSTRLEN];
    uint16_t port;
    unsigned char secret[SECRET_BYTES];
};

/* What a connecting PE sends first, and the listener answers: the secret
 * shows that the sender is a PE of this job, so that nobody else who
 * finds the port (another user, another job, a scanner) is taken for the
 * ring's neighbour, and the PE number that it is the neighbour. */
struct link_hello {
    unsigned char secret[SECRET_BYTES];
    int32_t pe;
};

/* How long a connection to the listener may take to say its hello: the
 * neighbour sends it right after its connect, and a stranger that sends
 * nothing must not keep the neighbour waiting behind it. */
#define HELLO_WAIT_S 2

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

/* host: pe's, where this PE knows it. */
static void report(int pe, const char *host, const char *what, const char *err)
{
    shmemi_warn("shmem_init", "no liveness link with PE %d (first PE of its node%s%s): "
                "%s%s%s; if that node's PEs die, the launcher alone can end the job "
                "(SHMEM_NODE_LINKS=0 on every PE goes without these links)",
                pe, host ? ", host " : "", host ? host : "", what, err ? ": " : "",
                err ? err : "");
}

static int is_loopback(const struct sockaddr *a)
{
    if (a->sa_family == AF_INET)
        return (ntohl(((const struct sockaddr_in *)a)->sin_addr.s_addr) >> 24) == 127;
    return a->sa_family == AF_INET6 &&
           IN6_IS_ADDR_LOOPBACK(&((const struct sockaddr_in6 *)a)->sin6_addr);
}

/* A listener on a (port 0: any free port), and its numeric address in
 * card; -1 with errno set. */
static int listen_at(const struct sockaddr *a, socklen_t len, struct link_card *card)
{
    int s = socket(a->sa_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
    struct sockaddr_storage bound;
    socklen_t blen = sizeof bound;
    if (s < 0 || bind(s, a, len) != 0 || listen(s, SOMAXCONN) != 0 ||
        getsockname(s, (struct sockaddr *)&bound, &blen) != 0) {
        int err = errno;
        if (s >= 0)
            close(s);
        errno = err;
        return -1;
    }
    char port[8];
    getnameinfo((struct sockaddr *)&bound, blen, card->addr, sizeof card->addr, port,
                sizeof port, NI_NUMERICHOST | NI_NUMERICSERV);
    card->port = (uint16_t)atoi(port);
    return s;
}

/* Listens where the neighbour reaches this PE, and nowhere else: on
 * loopback where the whole job runs on this machine (virtual nodes),
 * otherwise on the address of this host's name, which is what the other
 * nodes know it by, or, where that name means loopback here (Debian's
 * 127.0.1.1), on the first other address of an interface that is up.
 * -1 after a report. */
static int listen_on(struct link_card *card, int prev)
{
    int s = -1, err = EADDRNOTAVAIL;
    if (shmemi_state.n_host == shmemi_state.n_pes) {
        struct sockaddr_in lo = {.sin_family = AF_INET,
                                 .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
        struct sockaddr_in6 lo6 = {.sin6_family = AF_INET6, .sin6_addr = IN6ADDR_LOOPBACK_INIT};
        s = listen_at((struct sockaddr *)&lo, sizeof lo, card);
        if (s < 0)
            s = listen_at((struct sockaddr *)&lo6, sizeof lo6, card);
        if (s < 0)
            err = errno;
    } else {
        struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM,
                                 .ai_flags = AI_ADDRCONFIG},
                        *ai = NULL;
        if (getaddrinfo(card->host, NULL, &hints, &ai) == 0) {
            for (struct addrinfo *p = ai; p && s < 0; p = p->ai_next)
                if (!is_loopback(p->ai_addr) && (s = listen_at(p->ai_addr, p->ai_addrlen, card)) < 0)
                    err = errno;
            freeaddrinfo(ai);
        }
        struct ifaddrs *ifs = NULL;
        if (s < 0 && getifaddrs(&ifs) == 0) {
            for (struct ifaddrs *i = ifs; i && s < 0; i = i->ifa_next) {
                if (!i->ifa_addr || !(i->ifa_flags & IFF_UP) || is_loopback(i->ifa_addr) ||
                    (i->ifa_addr->sa_family != AF_INET &&
                     (i->ifa_addr->sa_family != AF_INET6 ||
                      IN6_IS_ADDR_LINKLOCAL(&((struct sockaddr_in6 *)i->ifa_addr)->sin6_addr))))
                    continue;
                socklen_t len = i->ifa_addr->sa_family == AF_INET ? sizeof(struct sockaddr_in)
                                                                  : sizeof(struct sockaddr_in6);
                struct sockaddr_storage a;
                memcpy(&a, i->ifa_addr, len);
                if ((s = listen_at((struct sockaddr *)&a, len, card)) < 0)
                    err = errno;
            }
            freeifaddrs(ifs);
        }
    }
    if (s < 0)
        report(prev, NULL, "this PE has no address to listen on for it", strerror(err));
    else if (shmemi_config.debug)
        shmemi_warn("shmem_init", "listening for the liveness link from PE %d on %s port %u",
                    prev, card->addr, (unsigned)card->port);
    return s;
}

static int say_hello(int s)
{
    struct link_hello h;
    memset(&h, 0, sizeof h);
    memcpy(h.secret, secret, sizeof secret);
    h.pe = shmemi_state.my_pe;
    return send(s, &h, sizeof h, MSG_NOSIGNAL) == (ssize_t)sizeof h;
}

/* Connects to pe's listener, retrying until deadline; -1 after a report.
 * The card names the address numerically: no name service is needed. */
static int connect_to(int pe, const struct link_card *c, time_t deadline)
{
    if (c->port == 0) {
        report(pe, c->host, "it has no listener (see its message)", NULL);
        return -1;
    }
    char port[8];
    snprintf(port, sizeof port, "%u", (unsigned)c->port);
    struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM,
                             .ai_flags = AI_NUMERICHOST | AI_NUMERICSERV},
                    *ai;
    int rc = getaddrinfo(c->addr, port, &hints, &ai);
    if (rc != 0) {
        report(pe, c->host, "its address does not parse", gai_strerror(rc));
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

static int same_secret(const unsigned char *s)
{
    unsigned char diff = 0;
    for (size_t i = 0; i < sizeof secret; i++)
        diff |= (unsigned char)(s[i] ^ secret[i]);
    return diff == 0;
}

/* Whether the PE at the other end of s, within wait_s seconds, shows the
 * job's secret and says it is pe; why not in *why. */
static int hears_hello(int s, int pe, int wait_s, const char **why)
{
    struct timeval tv = {.tv_sec = wait_s > 0 ? wait_s : 1};
    setsockopt(s, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    struct link_hello h;
    if (recv(s, &h, sizeof h, MSG_WAITALL) != (ssize_t)sizeof h)
        *why = "it sent no hello";
    else if (!same_secret(h.secret))
        *why = "it does not know the job's secret";
    else if (h.pe != pe)
        *why = "it is another PE of this job";
    else
        return 1;
    return 0;
}

static int seconds_left(time_t deadline)
{
    return (int)(deadline - time(NULL));
}

/* Accepts pe's connection on listener until deadline; -1 after a report.
 * Whoever else connects is dropped, which only SHMEM_DEBUG tells. */
static int accept_from(int listener, int pe, const char *host, time_t deadline)
{
    for (;;) {
        int s = shmemi_accept_until(listener, deadline);
        if (s < 0) {
            report(pe, host, "it did not connect within SHMEM_PEER_TIMEOUT seconds", NULL);
            return -1;
        }
        int wait = seconds_left(deadline);
        const char *why;
        if (hears_hello(s, pe, wait < HELLO_WAIT_S ? wait : HELLO_WAIT_S, &why) &&
            say_hello(s))
            return s;
        if (shmemi_config.debug) {
            struct sockaddr_storage a;
            socklen_t len = sizeof a;
            char addr[INET6_ADDRSTRLEN] = "?", port[8] = "?";
            if (getpeername(s, (struct sockaddr *)&a, &len) == 0)
                getnameinfo((struct sockaddr *)&a, len, addr, sizeof addr, port,
                            sizeof port, NI_NUMERICHOST | NI_NUMERICSERV);
            shmemi_warn("shmem_init", "dropped a connection from %s port %s to the port "
                        "of the liveness link from PE %d: %s", addr, port, pe, why);
        }
        close(s);
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
    /* The nodes' first PEs in PE order; this one (if it is one) is
     * leaders[me]. */
    int *leaders = malloc(sizeof(int) * (size_t)nodes), k = 0;
    struct link_card mine, *all = calloc((size_t)n, sizeof *all);
    if (!leaders || !all)
        shmemi_fatal("shmem_init", "out of memory for the links of %d nodes", nodes);
    for (int pe = 0; pe < n; pe++)
        if (shmemi_state.node_first[pe] == pe) {
            if (pe == shmemi_state.my_pe)
                me = k;
            leaders[k++] = pe;
        }
    int next = me < 0 ? -1 : leaders[(me + 1) % nodes];
    int prev = me < 0 ? -1 : leaders[(me + nodes - 1) % nodes];
    /* Two nodes need one link: the first connects, the second accepts. */
    int connects = me >= 0 && (nodes > 2 || me == 0);
    int accepts = me >= 0 && (nodes > 2 || me == 1);
    memset(&mine, 0, sizeof mine);
    if (shmemi_state.my_pe == 0)
        shmemi_random_bytes("shmem_init", "the secret of the nodes' links", mine.secret,
                            sizeof mine.secret);
    gethostname(mine.host, sizeof mine.host - 1);
    int listener = accepts ? listen_on(&mine, prev) : -1;
    if (shmemi_state.boot.allgather(&mine, all, sizeof mine) != 0)
        shmemi_fatal("shmem_init", "the exchange of the nodes' link addresses failed");
    memcpy(secret, all[0].secret, sizeof secret);
    time_t deadline = time(NULL) + (time_t)shmemi_config.peer_timeout;
    if (connects) {
        link_pe[1] = next;
        links[1] = connect_to(next, &all[next], deadline);
    }
    if (listener >= 0) {
        link_pe[0] = prev;
        links[0] = accept_from(listener, prev, all[prev].host, deadline);
        close(listener);
    }
    /* The answer to this PE's hello comes once the next PE has accepted
     * it, after its own connect: every PE connects, then accepts, then
     * hears the answer, so none waits on a circle. */
    const char *why;
    if (links[1] >= 0 && !hears_hello(links[1], next, seconds_left(deadline), &why)) {
        report(next, all[next].host, "it did not answer as that PE of this job", why);
        close(links[1]);
        links[1] = -1;
    }
    /* A message comes whole or not at all (the sender died in it): the
     * watch must not wait on a broken one for long. */
    struct timeval tv = {.tv_sec = 1};
    for (int i = 0; i < 2; i++)
        if (links[i] >= 0)
            setsockopt(links[i], SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    if (me >= 0 && shmemi_config.debug) {
        char list[32] = "";
        for (int i = 0, used = 0; i < 2; i++)
            if (links[i] >= 0)
                used += snprintf(list + used, sizeof list - (size_t)used, " %d", link_pe[i]);
        shmemi_warn("shmem_init", "liveness links to the first PEs of other nodes:%s",
                    list[0] ? list : " none");
    }
    free(leaders);
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

/* The linked node's word, bounded: it comes from another process. */
static void take_end(struct shmemi_node_end *e, const struct link_msg *m)
{
    *e = m->end;
    e->why[sizeof e->why - 1] = '\0';
    if (e->cause >= shmemi_state.n_pes)
        e->cause = -1;
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
    e->cause = -1;
    if (whole && m.tag == 'E')
        take_end(e, &m);
    return 1;
}

int shmemi_node_link_peek_end(int fd, struct shmemi_node_end *e)
{
    struct link_msg m;
    if (recv(fd, &m, sizeof m, MSG_PEEK | MSG_DONTWAIT) != (ssize_t)sizeof m || m.tag != 'E')
        return 0;
    take_end(e, &m);
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
