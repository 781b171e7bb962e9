/* Someone else on the machine, for the tests of what a job trusts
 * (test/cmake/security.cmake, docs/security.md): it runs
 * beside a job, as another user (started as root, it takes that user's
 * identity from INTRUDER_USER) or as the job's own, and tries what must
 * not work. Every line it prints starts with "intruder: "; a line "intruder:
 * got ..." means it got something that it must not (test/intrusion.sh
 * fails the test on one).
 *
 * It goes only for jobs started under INTRUDER_SCOPE (a pid), as it
 * would stop other jobs that run the runtime of before the fixes.
 *
 *   intruder squat SECONDS
 *       binds the local socket names of the jobs that it can predict (Open
 *       MPI's jobs named theirs after a hash of mpirun's pid and the host
 *       name), tries to bind every name of a job that it sees in
 *       /proc/net/unix, connects to them all, and takes whatever comes;
 *   intruder listen NAME SECONDS
 *       listens on the abstract name @NAME and takes whatever comes;
 *   intruder tcp PROGRAM SECONDS
 *       connects to every TCP port that a process named PROGRAM listens on,
 *       says the hello of a node's first PE with what it can learn of the
 *       job (the job id that stood for the secret before there was one:
 *       its SHMEMRUN_JOBID, or a hash of its PMIx namespace) and, if
 *       answered, tells it to end the job with status 99. */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <netinet/in.h>
#include <poll.h>
#include <pwd.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#define MAX_SOCKS 4096

static int socks[MAX_SOCKS];
static char sock_name[MAX_SOCKS][112];
static int listening[MAX_SOCKS];
static int n_socks;

static char seen[MAX_SOCKS][300];
static int n_seen;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void become_user(void)
{
    const char *user = getenv("INTRUDER_USER");
    if (!user || !*user)
        return;
    struct passwd *pw = getpwnam(user);
    if (!pw || setgroups(0, NULL) != 0 || setgid(pw->pw_gid) != 0 ||
        setuid(pw->pw_uid) != 0) {
        printf("intruder: cannot become user %s: %s\n", user, strerror(errno));
        exit(2);
    }
}

static socklen_t abstract(struct sockaddr_un *a, const char *name)
{
    memset(a, 0, sizeof *a);
    a->sun_family = AF_UNIX;
    size_t n = strnlen(name, sizeof a->sun_path - 2);
    memcpy(a->sun_path + 1, name, n);
    return (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 + n);
}

static void keep(int s, const char *name, int is_listener)
{
    if (n_socks == MAX_SOCKS) {
        close(s);
        return;
    }
    fcntl(s, F_SETFL, O_NONBLOCK);
    socks[n_socks] = s;
    listening[n_socks] = is_listener;
    snprintf(sock_name[n_socks], sizeof sock_name[0], "%s", name);
    n_socks++;
}

static int take_name(const char *name)
{
    struct sockaddr_un a;
    socklen_t len = abstract(&a, name);
    int s = socket(AF_UNIX, SOCK_STREAM, 0);
    if (s < 0)
        return -1;
    if (bind(s, (struct sockaddr *)&a, len) != 0 || listen(s, 64) != 0) {
        close(s);
        return -1;
    }
    keep(s, name, 1);
    return 0;
}

/* Reads what a connection brings, and says so. */
static void take_from(int i)
{
    char buf[4096];
    union {
        char b[CMSG_SPACE(sizeof(int) * 8)];
        struct cmsghdr align;
    } ctl;
    struct iovec iov = {buf, sizeof buf};
    struct msghdr m = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = ctl.b,
                       .msg_controllen = sizeof ctl.b};
    ssize_t n = recvmsg(socks[i], &m, MSG_DONTWAIT);
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
        return;
    if (n <= 0) {
        close(socks[i]);
        socks[i] = -1;
        return;
    }
    for (struct cmsghdr *c = CMSG_FIRSTHDR(&m); c; c = CMSG_NXTHDR(&m, c))
        if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS)
            printf("intruder: got a file descriptor on @%s\n", sock_name[i]);
    printf("intruder: got %zd bytes on @%s\n", n, sock_name[i]);
}

/* Accepts on the listeners and reads the connections, for up to ms. */
static void serve(int ms)
{
    struct pollfd p[MAX_SOCKS];
    for (int i = 0; i < n_socks; i++)
        p[i] = (struct pollfd){.fd = socks[i], .events = POLLIN};
    if (poll(p, (nfds_t)n_socks, ms) <= 0)
        return;
    for (int i = 0; i < n_socks; i++) {
        if (socks[i] < 0 || !p[i].revents)
            continue;
        if (listening[i]) {
            int s = accept(socks[i], NULL, NULL);
            if (s >= 0)
                keep(s, sock_name[i], 0);
        } else {
            take_from(i);
        }
    }
}

static uint32_t one_at_a_time(const char *s)
{
    uint32_t h = 0;
    for (; *s; s++) {
        h += (unsigned char)*s;
        h += h << 10;
        h ^= h >> 6;
    }
    h += h << 3;
    h ^= h >> 11;
    h += h << 15;
    return h;
}

/* The job id of the runtime before the fix, from PMIx's namespace. */
static uint64_t fnv(const char *s)
{
    uint64_t h = 14695981039346656037ULL;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ULL;
    return h;
}

/* The names that the job of a new mpirun gave its local sockets before
 * they were random: Open MPI 4 numbers the job after the host name and
 * mpirun's pid (plm_base_jobid.c), the runtime hashed that number. */
static void predict_mpirun(pid_t pid)
{
    char host[256] = "";
    gethostname(host, sizeof host - 1);
    uint32_t h = one_at_a_time(host) ^ (uint32_t)pid;
    uint32_t family = ((h >> 16) & 0xffff) ^ (h & 0xffff);
    char nspace[32];
    snprintf(nspace, sizeof nspace, "%u", (family << 16) + 1);
    uint64_t f = fnv(nspace);
    int taken = 0;
    for (int pe = 0; pe < 16; pe++) {
        char name[64];
        snprintf(name, sizeof name, "shmem-%016llx-%d", (unsigned long long)f, pe);
        taken += take_name(name) == 0;
    }
    printf("intruder: took %d names predicted for mpirun pid %d\n", taken, (int)pid);
}

static int is_seen(const char *name)
{
    for (int i = 0; i < n_seen; i++)
        if (strcmp(seen[i], name) == 0)
            return 1;
    if (n_seen < MAX_SOCKS)
        snprintf(seen[n_seen++], sizeof seen[0], "%s", name);
    return 0;
}

/* Whether pid descends from INTRUDER_SCOPE (intrusion.sh): other jobs on
 * the machine, other people's tests among them, are left alone. */
static int in_scope(pid_t pid)
{
    const char *scope = getenv("INTRUDER_SCOPE");
    pid_t top = scope ? (pid_t)atoi(scope) : 0;
    for (int depth = 0; pid > 1 && depth < 64; depth++) {
        if (pid == top)
            return 1;
        char path[64], stat[512];
        snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
        FILE *f = fopen(path, "r");
        if (!f)
            return 0;
        char *got = fgets(stat, sizeof stat, f);
        fclose(f);
        char *paren = got ? strrchr(stat, ')') : NULL;
        int ppid;
        if (!paren || sscanf(paren + 1, " %*c %d", &ppid) != 1)
            return 0;
        pid = (pid_t)ppid;
    }
    return 0;
}

/* Whether the process of /proc entry `name` runs `program` (the kernel
 * keeps 15 characters of a program's name) and belongs to this test. */
static int runs(const char *name, const char *program)
{
    char path[300], comm[32] = "";
    snprintf(path, sizeof path, "/proc/%s/comm", name);
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    int match = fgets(comm, sizeof comm, f) &&
                strncmp(comm, program, strcspn(comm, "\n")) == 0 &&
                strcspn(comm, "\n") == strnlen(program, 15);
    fclose(f);
    return match && in_scope(atoi(name));
}

static void watch_mpiruns(void)
{
    DIR *d = opendir("/proc");
    struct dirent *e;
    while (d && (e = readdir(d))) {
        char key[300];
        snprintf(key, sizeof key, "pid %s", e->d_name);
        if (runs(e->d_name, "mpirun") && !is_seen(key))
            predict_mpirun(atoi(e->d_name));
    }
    if (d)
        closedir(d);
}

/* Every abstract name of a job in /proc/net/unix: bind it if it is free,
 * connect to it if it is not. */
static void watch_names(void)
{
    FILE *f = fopen("/proc/net/unix", "r");
    char line[512];
    while (f && fgets(line, sizeof line, f)) {
        char *at = strchr(line, '@');
        if (!at || strncmp(at + 1, "shmem", 5) != 0)
            continue;
        at[strcspn(at, "\n")] = '\0';
        const char *name = at + 1;
        if (is_seen(name))
            continue;
        if (take_name(name) == 0) {
            printf("intruder: took @%s\n", name);
            continue;
        }
        struct sockaddr_un a;
        socklen_t len = abstract(&a, name);
        int s = socket(AF_UNIX, SOCK_STREAM, 0);
        if (s >= 0 && connect(s, (struct sockaddr *)&a, len) == 0)
            keep(s, name, 0);
        else if (s >= 0)
            close(s);
    }
    if (f)
        fclose(f);
}

static int squat(double seconds)
{
    printf("intruder: ready\n");
    fflush(stdout);
    for (double end = now() + seconds; now() < end;) {
        watch_mpiruns();
        watch_names();
        serve(5);
        fflush(stdout);
    }
    return 0;
}

static int listen_at(const char *name, double seconds)
{
    if (take_name(name) != 0) {
        printf("intruder: cannot listen on @%s: %s\n", name, strerror(errno));
        return 2;
    }
    printf("intruder: ready\n");
    fflush(stdout);
    for (double end = now() + seconds; now() < end;) {
        serve(10);
        fflush(stdout);
    }
    return 0;
}

/* What node_links.c's PEs said first before the secret: the job id, then
 * the PE; and the message that ends the job. */
struct old_hello {
    char job_id[32];
    int32_t pe;
};
struct old_end {
    char tag;
    int status, quiet;
    char why[200];
};

static int tcp_ports_of(pid_t pid, int *ports, int cap)
{
    /* The listening sockets' inodes, then their ports. */
    char path[64];
    unsigned long inodes[64];
    int n_inodes = 0, n = 0;
    snprintf(path, sizeof path, "/proc/%d/fd", (int)pid);
    DIR *d = opendir(path);
    struct dirent *e;
    while (d && (e = readdir(d)) && n_inodes < 64) {
        char link[600], target[64] = "";
        snprintf(link, sizeof link, "%s/%s", path, e->d_name);
        ssize_t l = readlink(link, target, sizeof target - 1);
        if (l > 0 && sscanf(target, "socket:[%lu]", &inodes[n_inodes]) == 1)
            n_inodes++;
    }
    if (d)
        closedir(d);
    for (int v6 = 0; v6 < 2; v6++) {
        snprintf(path, sizeof path, "/proc/%d/net/tcp%s", (int)pid, v6 ? "6" : "");
        FILE *f = fopen(path, "r");
        char line[512];
        while (f && fgets(line, sizeof line, f)) {
            char local[64];
            unsigned st;
            unsigned long inode;
            if (sscanf(line, " %*d: %63s %*s %x %*s %*s %*s %*d %*d %lu", local, &st,
                       &inode) != 3 || st != 0x0A)
                continue;
            for (int i = 0; i < n_inodes && n < cap; i++)
                if (inodes[i] == inode)
                    ports[n++] = (int)strtol(strrchr(local, ':') + 1, NULL, 16);
        }
        if (f)
            fclose(f);
    }
    return n;
}

static void env_of(pid_t pid, const char *var, char *out, size_t cap)
{
    char path[64], buf[65536];
    snprintf(path, sizeof path, "/proc/%d/environ", (int)pid);
    out[0] = '\0';
    int fd = open(path, O_RDONLY);
    ssize_t n = fd >= 0 ? read(fd, buf, sizeof buf - 1) : -1;
    if (fd >= 0)
        close(fd);
    size_t vl = strlen(var);
    for (ssize_t i = 0; i < n; i += (ssize_t)strlen(buf + i) + 1)
        if (strncmp(buf + i, var, vl) == 0 && buf[i + vl] == '=')
            snprintf(out, cap, "%s", buf + i + vl + 1);
}

/* A try at pid's port as each PE number that could be its neighbour, all
 * at once: the listener takes them in turn, while its neighbour is kept
 * waiting. */
static void try_port(pid_t pid, int port)
{
    char job[64], nspace[256];
    env_of(pid, "SHMEMRUN_JOBID", job, sizeof job);
    env_of(pid, "PMIX_NAMESPACE", nspace, sizeof nspace);
    if (!job[0] && nspace[0])
        snprintf(job, sizeof job, "%016llx", (unsigned long long)fnv(nspace));
    enum { TRIES = 4 };
    struct pollfd p[TRIES];
    for (int pe = 0; pe < TRIES; pe++) {
        p[pe] = (struct pollfd){.fd = socket(AF_INET, SOCK_STREAM, 0), .events = POLLIN};
        struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port),
                                .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
        struct old_hello h;
        memset(&h, 0, sizeof h);
        snprintf(h.job_id, sizeof h.job_id, "%.31s", job);
        h.pe = pe;
        if (p[pe].fd < 0 || connect(p[pe].fd, (struct sockaddr *)&a, sizeof a) != 0 ||
            send(p[pe].fd, &h, sizeof h, MSG_NOSIGNAL) != (ssize_t)sizeof h) {
            if (p[pe].fd >= 0)
                close(p[pe].fd);
            p[pe].fd = -1;
        }
    }
    for (double end = now() + 1; now() < end;) {
        if (poll(p, TRIES, 10) <= 0)
            continue;
        for (int pe = 0; pe < TRIES; pe++) {
            if (p[pe].fd < 0 || !p[pe].revents)
                continue;
            struct old_hello answer;
            if (recv(p[pe].fd, &answer, sizeof answer, MSG_WAITALL) == (ssize_t)sizeof answer) {
                printf("intruder: got into the ring of pid %d (port %d) as PE %d\n",
                       (int)pid, port, pe);
                struct old_end m;
                memset(&m, 0, sizeof m);
                m.tag = 'E';
                m.status = 99;
                snprintf(m.why, sizeof m.why, "the intruder says so");
                ssize_t w = send(p[pe].fd, &m, sizeof m, MSG_NOSIGNAL);
                (void)w;
            } else {
                printf("intruder: refused by pid %d (port %d) as PE %d\n", (int)pid, port,
                       pe);
            }
            close(p[pe].fd);
            p[pe].fd = -1;
        }
    }
    for (int pe = 0; pe < TRIES; pe++)
        if (p[pe].fd >= 0)
            close(p[pe].fd);
}

static int tcp(const char *program, double seconds)
{
    printf("intruder: ready\n");
    fflush(stdout);
    for (double end = now() + seconds; now() < end;) {
        DIR *d = opendir("/proc");
        struct dirent *e;
        while (d && (e = readdir(d))) {
            if (!runs(e->d_name, program))
                continue;
            int ports[16];
            int n = tcp_ports_of(atoi(e->d_name), ports, 16);
            for (int i = 0; i < n; i++) {
                char key[300];
                snprintf(key, sizeof key, "%s:%d", e->d_name, ports[i]);
                if (!is_seen(key))
                    try_port(atoi(e->d_name), ports[i]);
            }
        }
        if (d)
            closedir(d);
        fflush(stdout);
        usleep(5000);
    }
    return 0;
}

int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (argc == 3 && strcmp(argv[1], "squat") == 0) {
        become_user();
        return squat(atof(argv[2]));
    }
    if (argc == 4 && strcmp(argv[1], "listen") == 0) {
        become_user();
        return listen_at(argv[2], atof(argv[3]));
    }
    if (argc == 4 && strcmp(argv[1], "tcp") == 0) {
        become_user();
        return tcp(argv[2], atof(argv[3]));
    }
    fprintf(stderr, "usage: intruder squat SECONDS | listen NAME SECONDS | "
                    "tcp PROGRAM SECONDS\n");
    return 2;
}
