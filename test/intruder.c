/* Someone else on the machine, for the tests of what a job trusts
 * (test/cmake/security.cmake, the README's Security section): it runs
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
 *       listens on the abstract name @NAME and takes whatever comes. */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
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

static void watch_mpiruns(void)
{
    DIR *d = opendir("/proc");
    struct dirent *e;
    while (d && (e = readdir(d))) {
        char path[300], comm[32] = "";
        snprintf(path, sizeof path, "/proc/%s/comm", e->d_name);
        FILE *f = fopen(path, "r");
        if (!f)
            continue;
        if (fgets(comm, sizeof comm, f) && strcmp(comm, "mpirun\n") == 0 &&
            in_scope(atoi(e->d_name))) {
            char key[300];
            snprintf(key, sizeof key, "pid %s", e->d_name);
            if (!is_seen(key))
                predict_mpirun(atoi(e->d_name));
        }
        fclose(f);
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
    fprintf(stderr, "usage: intruder squat SECONDS | listen NAME SECONDS\n");
    return 2;
}
