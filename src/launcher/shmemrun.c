/* shmemrun: starts the PEs of a one-node job and serves the socket
 * bootstrap they use to find each other (shmemrun_proto.h). It is also the
 * job's supervisor: when one PE fails, it takes the others down within a few
 * seconds, so that nobody waits forever for a dead peer.
 *
 * The launcher is single-threaded: one poll() loop watches the listening
 * socket, every PE connection and a signalfd. Sockets are non-blocking and
 * every connection keeps its own read and write progress, so a PE that
 * stops reading can never stall the others or the supervision. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdnoreturn.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/random.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "init/peercred.h"
#include "shmemrun_proto.h"

#define MAX_PES 65536
/* How long PEs get to act on SIGTERM before SIGKILL. */
#define KILL_GRACE_MS 2000
/* How long to wait for PEs to be reaped after SIGKILL; only a process stuck
 * in the kernel outlives it, and then we stop waiting rather than hang. */
#define REAP_GRACE_MS 1000
/* A PE's own children are not ours to wait for, so whether they are gone is
 * polled at this interval. */
#define GROUP_POLL_MS 50

struct reply {
    size_t refs;
    size_t size;
    unsigned char bytes[];
};

struct conn {
    int fd;
    int rank; /* -1 until HELLO */
    pid_t pid; /* the process at the other end, as the kernel says */
    struct shmemrun_hdr hdr;
    size_t hdr_got;
    bool in_payload;
    unsigned char *dest;
    size_t want, got;
    size_t skip; /* payload bytes to discard after dest is full */
    union { /* the payload of a HELLO or an ABORT */
        struct shmemrun_hello hello;
        struct shmemrun_abort abort;
    } small;
    struct reply *out;
    size_t out_off;
};

struct pe {
    pid_t pid; /* also its process group */
    pid_t hello_pid;
    bool running;
    int wait_status; /* once it is no longer running */
    bool connected;
    bool finalized;
    bool contributed; /* to the allgather in progress */
    struct conn *conn;
};

struct pid_rank {
    pid_t pid;
    int rank;
};

static int npes;
static struct pe *pes;
static struct pid_rank *by_pid;
static int nlaunched;
static int nrunning;

static struct conn **conns;
static size_t nconns, conns_cap;

static int listen_fd = -1;
static int signal_fd = -1;
static sigset_t orig_mask;
static pid_t self;
static char addr[64];

/* The allgather in progress: contributions land directly in the reply. */
static struct reply *round_buf;
static uint32_t round_len;
static int round_first;
static int round_count;

static bool terminating;
static bool killed;
static int exit_code;
/* A PE that another named as the cause of the job's end before it could be
 * reaped (its node peers see its sockets close first): it is spared the
 * SIGTERM, and its own status, once reaped, is the job's. -1: none. */
static int awaited = -1;
static int awaited_code;
/* The PEs in the order they were reaped ([npes]), and how many of them
 * have been judged. */
static int *exited;
static int n_exited, n_judged;
static int exit_signal;
static int64_t kill_at, give_up_at;
static int64_t timeout_at = -1;
static double timeout_s;

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void vsay(const char *fmt, va_list ap)
{
    fputs("shmemrun: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
}

static noreturn void die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsay(fmt, ap);
    va_end(ap);
    exit(1);
}

static void print_usage(FILE *f)
{
    fputs("usage: shmemrun -n N [--timeout SEC] [--] PROGRAM [ARGS...]\n", f);
}

static noreturn void usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsay(fmt, ap);
    va_end(ap);
    print_usage(stderr);
    fputs("(shmemrun --help explains the options)\n", stderr);
    exit(2);
}

static noreturn void help(void)
{
    print_usage(stdout);
    fputs("Starts N copies of PROGRAM on this node as the PEs of one OpenSHMEM job.\n"
          "  -n, -np, --np N   the number of PEs (at least 1)\n"
          "  --timeout SEC     end the job after SEC seconds with status 124\n"
          "                    (default: $SHMEMRUN_TIMEOUT; 0 means never)\n"
          "  -h, --help        print this help\n"
          "PE 0 reads shmemrun's standard input; the others read /dev/null.\n"
          "If a PE fails, the others are terminated and shmemrun exits with the\n"
          "failed PE's status (128+N for signal N).\n",
          stdout);
    exit(0);
}

/* Matches "NAME VALUE" and "NAME=VALUE" at argv[*i]. */
static const char *option_value(int argc, char **argv, int *i, const char *name)
{
    const char *a = argv[*i];
    size_t n = strlen(name);
    if (strncmp(a, name, n) != 0)
        return NULL;
    if (a[n] == '=')
        return a + n + 1;
    if (a[n] != '\0')
        return NULL;
    if (*i + 1 >= argc)
        usage_error("option %s needs a value", name);
    return argv[++*i];
}

static bool parse_timeout(const char *s, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || end == s || *end || !isfinite(v) || v < 0 || v > 1e9)
        return false;
    *out = v;
    return true;
}

static int parse_args(int argc, char **argv)
{
    const char *env = getenv("SHMEMRUN_TIMEOUT");
    if (env && *env && !parse_timeout(env, &timeout_s))
        usage_error("SHMEMRUN_TIMEOUT='%s' is not a number of seconds", env);
    int i = 1;
    for (; i < argc; i++) {
        const char *a = argv[i], *v;
        if (strcmp(a, "--") == 0) {
            i++;
            break;
        }
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0)
            help();
        if ((v = option_value(argc, argv, &i, "-n")) ||
            (v = option_value(argc, argv, &i, "-np")) ||
            (v = option_value(argc, argv, &i, "--np"))) {
            char *end;
            errno = 0;
            long n = strtol(v, &end, 10);
            if (errno || end == v || *end || v[0] < '0' || v[0] > '9' || n < 1 ||
                n > MAX_PES)
                usage_error("the number of PEs must be an integer from 1 to %d, "
                            "not '%s'", MAX_PES, v);
            npes = (int)n;
        } else if ((v = option_value(argc, argv, &i, "--timeout"))) {
            if (!parse_timeout(v, &timeout_s))
                usage_error("--timeout needs a number of seconds, not '%s'", v);
        } else if (a[0] == '-') {
            usage_error("unknown option '%s'", a);
        } else {
            break;
        }
    }
    if (npes == 0)
        usage_error("the number of PEs is missing (-n N)");
    if (i >= argc)
        usage_error("no program to run");
    return i;
}

/* Names tried when one is taken, before giving up. */
#define NAME_TRIES 4

static uint64_t random64(void)
{
    uint64_t v;
    ssize_t got;
    do
        got = getrandom(&v, sizeof v, 0);
    while (got < 0 && errno == EINTR);
    if (got != (ssize_t)sizeof v)
        die("getrandom failed (%s), so shmemrun cannot make a socket name that no "
            "one else can guess; Linux 3.17 or later is needed",
            got < 0 ? strerror(errno) : "too few bytes");
    return v;
}

/* An abstract socket has no file, so nothing is left behind when we are
 * killed; the random part keeps other users from taking the name first.
 * They can still find it in /proc/net/unix and connect: accept_all and
 * on_hello turn them away. */
static void open_listener(void)
{
    for (int attempt = 1;; attempt++) {
        snprintf(addr, sizeof addr, "shmemrun-%d-%016llx", (int)self,
                 (unsigned long long)random64());
        listen_fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
        if (listen_fd < 0)
            die("cannot create the bootstrap socket: %s", strerror(errno));
        struct sockaddr_un sa = {.sun_family = AF_UNIX};
        size_t len = strlen(addr);
        memcpy(sa.sun_path + 1, addr, len);
        socklen_t salen = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 + len);
        if (bind(listen_fd, (struct sockaddr *)&sa, salen) == 0)
            break;
        int err = errno;
        close(listen_fd);
        if (err != EADDRINUSE)
            die("cannot bind the bootstrap socket @%s: %s", addr, strerror(err));
        char who[192];
        shmemi_holder_describe(&sa, salen, who, sizeof who);
        if (attempt == NAME_TRIES)
            die("%d random names for the bootstrap socket were taken, the last (@%s) "
                "by %s: a process on this machine takes names as they appear; ask "
                "its administrator to stop it", NAME_TRIES, addr, who);
        fprintf(stderr, "shmemrun: the random name @%s for the bootstrap socket is "
                "taken, by %s; trying another\n", addr, who);
    }
    if (listen(listen_fd, SOMAXCONN) < 0)
        die("cannot listen on the bootstrap socket @%s: %s", addr, strerror(errno));
}

/* Signals arrive through a signalfd so that the poll loop handles them in
 * order with everything else, with no async-signal-safety constraints. */
static void open_signals(void)
{
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGCHLD);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGHUP);
    if (sigprocmask(SIG_BLOCK, &set, &orig_mask) < 0)
        die("cannot block signals: %s", strerror(errno));
    signal_fd = signalfd(-1, &set, SFD_CLOEXEC | SFD_NONBLOCK);
    if (signal_fd < 0)
        die("cannot create a signalfd: %s", strerror(errno));
}

/* Writes the ranks for which pick() holds as "PE 3" or "PEs 0-3, 7". */
static const char *rank_list(char *buf, size_t cap, bool (*pick)(int))
{
    int count = 0;
    for (int r = 0; r < npes; r++)
        count += pick(r);
    size_t n = (size_t)snprintf(buf, cap, count == 1 ? "PE" : "PEs");
    const char *sep = " ";
    for (int r = 0; r < npes && n < cap; r++) {
        if (!pick(r))
            continue;
        int last = r;
        while (last + 1 < npes && pick(last + 1))
            last++;
        int w = last == r ? snprintf(buf + n, cap - n, "%s%d", sep, r)
                          : snprintf(buf + n, cap - n, "%s%d-%d", sep, r, last);
        n += (size_t)w;
        sep = ", ";
        r = last;
    }
    if (n >= cap)
        strcpy(buf + cap - 4, "...");
    return buf;
}

static bool is_running(int r) { return pes[r].running; }
static bool is_waiting(int r) { return pes[r].contributed; }
static bool is_missing(int r) { return !pes[r].contributed; }

/* "; terminating the other 3 PEs", counting PEs still running apart from
 * the one being reported. */
static const char *others(char *buf, size_t cap, int n)
{
    if (n <= 0)
        buf[0] = '\0';
    else if (n == 1)
        snprintf(buf, cap, "; terminating the other PE");
    else
        snprintf(buf, cap, "; terminating the other %d PEs", n);
    return buf;
}

/* PEs run in their own process groups so that signalling the group also
 * reaches whatever they started. Every group is stopped before any gets the
 * signal, and continued once all have it: a PE that ran on while a peer
 * died of it would report that peer's death as the failure. A stopped
 * process acts on the signal once continued. */
static void signal_groups(int sig)
{
    if (sig == SIGKILL) {
        for (int r = 0; r < nlaunched; r++)
            kill(-pes[r].pid, SIGKILL);
        return;
    }
    for (int pass = 0; pass < 3; pass++)
        for (int r = 0; r < nlaunched; r++)
            if (r != awaited)
                kill(-pes[r].pid, pass == 0 ? SIGSTOP : pass == 1 ? sig : SIGCONT);
}

static void terminate(int sig, int code)
{
    if (terminating)
        return;
    terminating = true;
    exit_code = code;
    signal_groups(sig);
    kill_at = now_ms() + KILL_GRACE_MS;
}

static void kill_now(void)
{
    if (killed)
        return;
    signal_groups(SIGKILL);
    killed = true;
    give_up_at = now_ms() + REAP_GRACE_MS;
}

static void vblame(int r, int code, const char *fmt, va_list ap)
{
    char what[256], rest[64];
    vsnprintf(what, sizeof what, fmt, ap);
    int n = nrunning - (pes[r].running ? 1 : 0);
    fprintf(stderr, "shmemrun: PE %d (pid %d) %s%s\n", r, (int)pes[r].pid, what,
            others(rest, sizeof rest, n));
    exit_code = code;
}

static void fail(int r, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Reports PE r as the cause of the job's failure and ends the job. */
static void fail(int r, int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vblame(r, code, fmt, ap);
    va_end(ap);
    terminate(SIGTERM, code);
}

static void blame(int r, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The same, where the job already ends. */
static void blame(int r, int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vblame(r, code, fmt, ap);
    va_end(ap);
}

static void reply_put(struct reply *rp)
{
    if (--rp->refs == 0)
        free(rp);
}

static void conn_close(struct conn *c)
{
    close(c->fd);
    c->fd = -1;
    if (c->out) {
        reply_put(c->out);
        c->out = NULL;
    }
    if (c->rank >= 0 && pes[c->rank].conn == c)
        pes[c->rank].conn = NULL;
}

static void conn_write(struct conn *c)
{
    while (c->out_off < c->out->size) {
        ssize_t n = send(c->fd, c->out->bytes + c->out_off, c->out->size - c->out_off,
                         MSG_NOSIGNAL | MSG_DONTWAIT);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            if (errno != EAGAIN && errno != EWOULDBLOCK)
                conn_close(c); /* the PE is gone; its exit tells the rest */
            return;
        }
        c->out_off += (size_t)n;
    }
    reply_put(c->out);
    c->out = NULL;
}

static void complete_round(void)
{
    struct shmemrun_hdr h = {SHMEMRUN_MSG_ALLGATHER, round_len * (uint32_t)npes};
    memcpy(round_buf->bytes, &h, sizeof h);
    struct reply *rp = round_buf;
    round_buf = NULL;
    round_count = 0;
    for (int r = 0; r < npes; r++) {
        pes[r].contributed = false;
        struct conn *c = pes[r].conn;
        if (!c)
            continue;
        rp->refs++;
        c->out = rp;
        c->out_off = 0;
        conn_write(c);
    }
    reply_put(rp);
}

static void protocol_error(struct conn *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* A PE that breaks the protocol is most likely built against another
 * version of the library; nothing it sends afterwards can be trusted. */
static void protocol_error(struct conn *c, const char *fmt, ...)
{
    char what[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    fail(c->rank, 1, "broke the shmemrun protocol (%s), so it is probably built "
         "against another version of the library than this shmemrun", what);
}

/* Sets where the payload of the message whose header just arrived goes.
 * Returns false if the message ended the connection or the job. */
static bool begin_payload(struct conn *c)
{
    uint32_t len = c->hdr.len;
    c->in_payload = true;
    c->dest = NULL;
    c->want = c->got = c->skip = 0;
    if (c->rank < 0) {
        if (c->hdr.type == SHMEMRUN_MSG_HELLO && len == sizeof(struct shmemrun_hello)) {
            c->dest = (unsigned char *)&c->small.hello;
            c->want = len;
            return true;
        }
        /* Not one of our PEs (they all start with HELLO): drop it. */
        conn_close(c);
        return false;
    }
    struct pe *p = &pes[c->rank];
    switch (c->hdr.type) {
    case SHMEMRUN_MSG_ALLGATHER:
        if (p->contributed || c->out) {
            protocol_error(c, "it started an allgather before the previous one "
                           "completed");
            return false;
        }
        if (!round_buf) {
            if ((uint64_t)len * (uint64_t)npes > UINT32_MAX) {
                fail(c->rank, 1, "started an allgather of %u bytes from each of "
                     "%d PEs, more than the 4 GiB shmemrun can return", len, npes);
                return false;
            }
            size_t size = sizeof(struct shmemrun_hdr) + (size_t)len * (size_t)npes;
            round_buf = malloc(sizeof *round_buf + size);
            if (!round_buf) {
                fail(c->rank, 1, "started an allgather of %zu bytes, and shmemrun "
                     "is out of memory", size);
                return false;
            }
            round_buf->refs = 1;
            round_buf->size = size;
            round_len = len;
            round_first = c->rank;
        } else if (len != round_len) {
            fprintf(stderr, "shmemrun: PE %d contributed %u bytes to an allgather, "
                    "but PE %d contributed %u bytes; every PE must contribute "
                    "the same amount (do all PEs run the same program?); "
                    "terminating the job\n", c->rank, len, round_first, round_len);
            terminate(SIGTERM, 1);
            return false;
        }
        c->dest = round_buf->bytes + sizeof(struct shmemrun_hdr) +
                  (size_t)c->rank * len;
        c->want = len;
        return true;
    case SHMEMRUN_MSG_ABORT:
        if (len < sizeof(struct shmemrun_abort)) {
            protocol_error(c, "an ABORT message of %u bytes", len);
            return false;
        }
        /* The PE printed its own message; only the status matters here. */
        c->dest = (unsigned char *)&c->small.abort;
        c->want = sizeof(struct shmemrun_abort);
        c->skip = len - c->want;
        return true;
    case SHMEMRUN_MSG_FINALIZE:
        c->skip = len;
        return true;
    case SHMEMRUN_MSG_HELLO:
        protocol_error(c, "a second HELLO");
        return false;
    default:
        protocol_error(c, "unknown message type %u", c->hdr.type);
        return false;
    }
}

static void collect(void);
static void conn_read(struct conn *c);

/* How PE r ended (st, from waitpid), where that is a failure: its status,
 * with what happened in what; 0 for a clean end. */
static int failure(int r, int st, char *what, size_t cap)
{
    if (WIFSIGNALED(st)) {
        int sig = WTERMSIG(st);
        snprintf(what, cap, "was killed by signal %d (%s%s)", sig, strsignal(sig),
                 WCOREDUMP(st) ? ", core dumped" : "");
        return 128 + sig;
    }
    if (WEXITSTATUS(st) != 0) {
        snprintf(what, cap, "exited with status %d", WEXITSTATUS(st));
        return WEXITSTATUS(st);
    }
    if (pes[r].connected && !pes[r].finalized) {
        snprintf(what, cap, "exited without calling shmem_finalize");
        return 1;
    }
    return 0;
}

static void on_hello(struct conn *c)
{
    struct shmemrun_hello h = c->small.hello;
    if (h.rank < 0 || h.rank >= npes) {
        fprintf(stderr, "shmemrun: ignoring process %d, which claims to be PE %d "
                "of a %d-PE job (was SHMEMRUN_RANK or SHMEMRUN_SIZE changed?)\n",
                (int)c->pid, (int)h.rank, npes);
        conn_close(c);
        return;
    }
    struct pe *p = &pes[h.rank];
    /* The PE's process, or one it started (they share its group): another
     * process of this user is not taken for it. */
    if (getpgid(c->pid) != p->pid) {
        fprintf(stderr, "shmemrun: ignoring process %d, which claims to be PE %d "
                "but is not in the process group of PE %d (pid %d)\n", (int)c->pid,
                (int)h.rank, (int)h.rank, (int)p->pid);
        conn_close(c);
        return;
    }
    if (p->connected) {
        /* Typically a PE that started another SHMEM program, which
         * inherited its SHMEMRUN_* variables. */
        fail(h.rank, 1, "connected twice, from pids %d and %d (did a PE start "
             "another SHMEM program?)", (int)p->hello_pid, (int)c->pid);
        conn_close(c);
        return;
    }
    c->rank = h.rank;
    p->connected = true;
    p->hello_pid = c->pid;
    p->conn = c;
}

static void on_abort(int r, int code, int cause)
{
    /* When a PE dies, its node peers notice first and abort through us,
     * naming it: its own end, which may not be reaped yet, is what the
     * job reports. Exits not judged yet are judged after this, if at all:
     * one of them may be a peer that this very abort ended. */
    collect();
    if (terminating)
        return;
    int status = code == 0 ? 0 : (code & 0xff) ? (code & 0xff) : 1;
    if (cause != r && cause >= 0 && cause < nlaunched) {
        /* The cause's own ABORT (shmem_global_exit on another node, which
         * told its links after us) may wait on a connection polled later. */
        if (pes[cause].conn)
            conn_read(pes[cause].conn);
        if (terminating)
            return;
        if (pes[cause].running) {
            awaited = cause;
            awaited_code = status;
            terminate(SIGTERM, status);
            return;
        }
        char what[128];
        int own = failure(cause, pes[cause].wait_status, what, sizeof what);
        if (own) {
            fail(cause, own, "%s", what);
            return;
        }
    }
    if (code != 0)
        fprintf(stderr, "shmemrun: PE %d called abort/global_exit with status %d; "
                "terminating the other PEs\n", r, code);
    terminate(SIGTERM, status);
}

/* The awaited PE's end (st, or -1 where it never came) is the job's. */
static void blame_awaited(int st)
{
    int r = awaited;
    awaited = -1;
    char what[128];
    /* Past the grace period it got our SIGKILL, which tells nothing. */
    int own = st >= 0 && !killed ? failure(r, st, what, sizeof what) : 0;
    if (own)
        blame(r, own, "%s", what);
    else
        blame(r, awaited_code, "ended without calling shmem_finalize (its node peers "
              "saw its sockets close)");
}

static void dispatch(struct conn *c)
{
    uint32_t type = c->hdr.type;
    /* Handlers may re-enter conn_read (via reap), so the connection must
     * already be ready for its next message. */
    c->hdr_got = 0;
    c->in_payload = false;
    switch (type) {
    case SHMEMRUN_MSG_HELLO:
        on_hello(c);
        break;
    case SHMEMRUN_MSG_ALLGATHER:
        pes[c->rank].contributed = true;
        if (++round_count == npes)
            complete_round();
        break;
    case SHMEMRUN_MSG_ABORT: {
        on_abort(c->rank, c->small.abort.code, c->small.abort.cause);
        break;
    }
    case SHMEMRUN_MSG_FINALIZE:
        pes[c->rank].finalized = true;
        break;
    }
}

/* Reads and handles whatever the connection has ready. */
static void conn_read(struct conn *c)
{
    /* Static because conn_read can nest (see dispatch), and what lands
     * here is thrown away anyway. */
    static unsigned char scratch[4096];
    while (c->fd >= 0 && !terminating) {
        if (c->in_payload && c->got == c->want && c->skip == 0) {
            dispatch(c);
            continue;
        }
        void *p;
        size_t n;
        if (!c->in_payload) {
            p = (unsigned char *)&c->hdr + c->hdr_got;
            n = sizeof c->hdr - c->hdr_got;
        } else if (c->got < c->want) {
            p = c->dest + c->got;
            n = c->want - c->got;
        } else {
            p = scratch;
            n = c->skip < sizeof scratch ? c->skip : sizeof scratch;
        }
        ssize_t got = recv(c->fd, p, n, MSG_DONTWAIT);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
            return;
        if (got <= 0) {
            /* A PE closing early is judged when its process exits: killing
             * on EOF alone could beat its exit status to the report. */
            conn_close(c);
            return;
        }
        if (!c->in_payload) {
            c->hdr_got += (size_t)got;
            if (c->hdr_got == sizeof c->hdr && !begin_payload(c))
                return;
        } else if (c->got < c->want) {
            c->got += (size_t)got;
        } else {
            c->skip -= (size_t)got;
        }
    }
}

static void accept_all(void)
{
    for (;;) {
        int fd = accept4(listen_fd, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK);
        if (fd < 0) {
            if (errno == EINTR || errno == ECONNABORTED)
                continue;
            if (errno == EAGAIN || errno == EWOULDBLOCK)
                return;
            fprintf(stderr, "shmemrun: cannot accept a PE's connection: %s; "
                    "terminating the job\n", strerror(errno));
            terminate(SIGTERM, 1);
            return;
        }
        /* Abstract sockets have no file permissions: anyone on the host
         * could connect, so only processes of our own user are served. */
        struct ucred cred;
        if (shmemi_cred_check(fd, 0, &cred) != 0) {
            close(fd);
            continue;
        }
        if (nconns == conns_cap) {
            size_t cap = conns_cap ? 2 * conns_cap : 16;
            struct conn **grown = realloc(conns, cap * sizeof *grown);
            if (!grown)
                die("out of memory");
            conns = grown;
            conns_cap = cap;
        }
        struct conn *c = calloc(1, sizeof *c);
        if (!c)
            die("out of memory");
        c->fd = fd;
        c->rank = -1;
        c->pid = cred.pid;
        conns[nconns++] = c;
    }
}

/* A PE's last messages (FINALIZE, ABORT) may still sit in its socket, or
 * its connection in the listen queue, when its exit is reported; they must
 * be read before the exit is judged. */
static void drain_all(void)
{
    accept_all();
    for (size_t i = 0; i < nconns && !terminating; i++)
        if (conns[i]->fd >= 0)
            conn_read(conns[i]);
}

static void judge_exit(int r, int st)
{
    drain_all();
    if (terminating)
        return;
    char what[128];
    int code = failure(r, st, what, sizeof what);
    if (code)
        fail(r, code, "%s", what);
}

/* Job control stops a background process group that touches its terminal,
 * and PEs, in groups of their own, are never in the foreground: such a PE
 * would wait forever for a SIGCONT that nobody sends. */
static void judge_stop(int r, int sig)
{
    if (terminating)
        return;
    if (sig == SIGTTIN)
        fail(r, 1, "was stopped for reading from the terminal; PEs cannot "
             "read a terminal, redirect the input of shmemrun from a file or "
             "pipe instead");
    else if (sig == SIGTTOU)
        fail(r, 1, "was stopped for writing to the terminal ('stty tostop' is "
             "set); run 'stty -tostop' or redirect the output of shmemrun");
}

static int rank_of(pid_t pid)
{
    int lo = 0, hi = nlaunched - 1;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2;
        if (by_pid[mid].pid == pid)
            return by_pid[mid].rank;
        if (by_pid[mid].pid < pid)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}

/* Reaps what has ended, without judging it: the PEs that exited join
 * the queue of exits to judge, in order. */
static void collect(void)
{
    int st;
    pid_t pid;
    while ((pid = waitpid(-1, &st, WNOHANG | WUNTRACED)) > 0) {
        int r = rank_of(pid);
        if (r < 0)
            continue; /* an orphan of a PE, reparented to us as subreaper */
        if (WIFSTOPPED(st)) {
            judge_stop(r, WSTOPSIG(st));
            continue;
        }
        pes[r].running = false;
        pes[r].wait_status = st;
        nrunning--;
        exited[n_exited++] = r;
    }
}

static void reap(void)
{
    collect();
    /* Judging reads the PEs' last messages, and an ABORT among them
     * collects again: the queue may grow as it goes. */
    while (n_judged < n_exited) {
        int r = exited[n_judged++];
        if (r == awaited)
            blame_awaited(pes[r].wait_status);
        else if (!terminating)
            judge_exit(r, pes[r].wait_status);
    }
}

/* A collective in progress that waits for a PE which has already exited
 * can never complete. */
static void check_stuck(void)
{
    if (terminating || round_count == 0)
        return;
    for (int r = 0; r < npes; r++) {
        struct pe *p = &pes[r];
        if (p->contributed || p->running || p->pid == 0)
            continue;
        if (!p->connected)
            fail(r, 1, "exited without calling shmem_init, but the other PEs "
                 "wait for it in a collective");
        else
            fail(r, 1, "exited after shmem_finalize, but the other PEs wait for "
                 "it in a collective");
        return;
    }
}

static void read_signals(void)
{
    struct signalfd_siginfo si;
    bool child = false;
    while (read(signal_fd, &si, sizeof si) == (ssize_t)sizeof si) {
        int sig = (int)si.ssi_signo;
        if (sig == SIGCHLD) {
            child = true;
        } else if (terminating) {
            kill_now(); /* asked twice: no more grace */
        } else {
            fprintf(stderr, "shmemrun: received signal %d (%s); passing it on to "
                    "the PEs and terminating the job\n", sig, strsignal(sig));
            exit_signal = sig;
            terminate(sig, 128 + sig);
        }
    }
    if (child)
        reap();
}

static void on_timeout(void)
{
    char running[512], waiting[512], missing[512];
    rank_list(running, sizeof running, is_running);
    if (round_count > 0)
        fprintf(stderr, "shmemrun: timed out after %g s with %s still running "
                "(%s wait in a collective for %s); terminating the job\n",
                timeout_s, running, rank_list(waiting, sizeof waiting, is_waiting),
                rank_list(missing, sizeof missing, is_missing));
    else
        fprintf(stderr, "shmemrun: timed out after %g s with %s still running; "
                "terminating the job\n", timeout_s, running);
    terminate(SIGTERM, 124);
}

static bool groups_empty(void)
{
    for (int r = 0; r < nlaunched; r++)
        if (kill(-pes[r].pid, 0) == 0 || errno == EPERM)
            return false;
    return true;
}

static void sweep_conns(void)
{
    size_t k = 0;
    for (size_t i = 0; i < nconns; i++) {
        if (conns[i]->fd >= 0)
            conns[k++] = conns[i];
        else
            free(conns[i]);
    }
    nconns = k;
}

/* Returns the job's exit status. */
static int event_loop(void)
{
    struct pollfd *pfd = NULL;
    size_t pfd_cap = 0;
    for (;;) {
        sweep_conns();
        int64_t now = now_ms();
        int64_t wait = -1;
        if (terminating) {
            if (!killed && now >= kill_at)
                kill_now();
            if (nrunning == 0 && (killed || groups_empty()))
                break;
            if (killed && now >= give_up_at) {
                char running[512];
                fprintf(stderr, "shmemrun: %s did not exit even after SIGKILL; "
                        "giving up on them\n",
                        rank_list(running, sizeof running, is_running));
                break;
            }
            wait = (killed ? give_up_at : kill_at) - now;
            if (nrunning == 0 && wait > GROUP_POLL_MS)
                wait = GROUP_POLL_MS;
        } else if (nrunning == 0) {
            break;
        } else if (timeout_at >= 0) {
            if (now >= timeout_at) {
                on_timeout();
                continue;
            }
            wait = timeout_at - now;
        }

        size_t want = 2 + (terminating ? 0 : nconns);
        if (want > pfd_cap) {
            free(pfd);
            pfd_cap = want * 2;
            pfd = malloc(pfd_cap * sizeof *pfd);
            if (!pfd)
                die("out of memory");
        }
        pfd[0] = (struct pollfd){.fd = signal_fd, .events = POLLIN};
        pfd[1] = (struct pollfd){.fd = terminating ? -1 : listen_fd, .events = POLLIN};
        size_t watched = want - 2;
        for (size_t i = 0; i < watched; i++)
            pfd[2 + i] = (struct pollfd){
                .fd = conns[i]->fd,
                .events = (short)(POLLIN | (conns[i]->out ? POLLOUT : 0)),
            };
        if (poll(pfd, (nfds_t)want, wait > INT_MAX ? INT_MAX : (int)wait) < 0) {
            if (errno == EINTR)
                continue;
            die("poll failed: %s", strerror(errno));
        }
        /* Exits first: a peer's abort must not be reported before the
         * death that caused it. */
        if (pfd[0].revents)
            read_signals();
        if (!terminating && pfd[1].revents)
            accept_all();
        for (size_t i = 0; i < watched && !terminating; i++) {
            struct conn *c = conns[i];
            if (c->fd < 0 || !pfd[2 + i].revents)
                continue;
            if (c->out && (pfd[2 + i].revents & (POLLOUT | POLLERR | POLLHUP)))
                conn_write(c);
            if (c->fd >= 0 && (pfd[2 + i].revents & (POLLIN | POLLERR | POLLHUP)))
                conn_read(c);
        }
        check_stuck();
    }
    free(pfd);
    if (awaited >= 0)
        blame_awaited(-1);
    return exit_code;
}

static noreturn void exec_pe(int rank, char **argv, int errfd)
{
    setpgid(0, 0);
    /* Nothing else ends the PEs if shmemrun itself is SIGKILLed. */
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != self)
        _exit(127);
    if (rank != 0) {
        int fd = open("/dev/null", O_RDONLY);
        if (fd < 0 || dup2(fd, STDIN_FILENO) < 0) {
            fprintf(stderr, "shmemrun: cannot open /dev/null for PE %d: %s\n", rank,
                    strerror(errno));
            _exit(127);
        }
        close(fd);
    }
    char num[16];
    snprintf(num, sizeof num, "%d", rank);
    setenv(SHMEMRUN_ENV_RANK, num, 1);
    snprintf(num, sizeof num, "%d", npes);
    setenv(SHMEMRUN_ENV_SIZE, num, 1);
    setenv(SHMEMRUN_ENV_ADDR, addr, 1);
    snprintf(num, sizeof num, "%d", (int)self);
    setenv(SHMEMRUN_ENV_PID, num, 1);
    sigprocmask(SIG_SETMASK, &orig_mask, NULL);
    execvp(argv[0], argv);
    int err = errno;
    fprintf(stderr, "shmemrun: cannot execute '%s': %s\n", argv[0], strerror(err));
    ssize_t w = write(errfd, &err, sizeof err);
    (void)w;
    _exit(127);
}

/* Starts PE rank; returns false (with the job terminating) if it could not
 * run the program. Waiting for each exec to succeed keeps a typo in the
 * program name to one message rather than one per PE. */
static bool launch(int rank, char **argv)
{
    int p[2];
    if (pipe2(p, O_CLOEXEC) < 0) {
        fprintf(stderr, "shmemrun: cannot start PE %d: %s\n", rank, strerror(errno));
        terminate(SIGTERM, 1);
        return false;
    }
    pid_t pid = fork();
    if (pid < 0) {
        fprintf(stderr, "shmemrun: cannot start PE %d: fork: %s\n", rank,
                strerror(errno));
        close(p[0]);
        close(p[1]);
        terminate(SIGTERM, 1);
        return false;
    }
    if (pid == 0)
        exec_pe(rank, argv, p[1]);
    /* Both sides set the group, so it exists whichever runs first. */
    setpgid(pid, pid);
    close(p[1]);
    pes[rank].pid = pid;
    pes[rank].running = true;
    nlaunched++;
    nrunning++;
    int err;
    ssize_t n;
    do
        n = read(p[0], &err, sizeof err);
    while (n < 0 && errno == EINTR);
    close(p[0]);
    if (n == (ssize_t)sizeof err) {
        terminate(SIGTERM, 127);
        return false;
    }
    return true;
}

static int cmp_pid(const void *a, const void *b)
{
    pid_t x = ((const struct pid_rank *)a)->pid, y = ((const struct pid_rank *)b)->pid;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    int first = parse_args(argc, argv);
    self = getpid();
    pes = calloc((size_t)npes, sizeof *pes);
    by_pid = calloc((size_t)npes, sizeof *by_pid);
    exited = calloc((size_t)npes, sizeof *exited);
    if (!pes || !by_pid || !exited)
        die("out of memory");
    open_signals();
    /* Orphans of PEs become our children, so we can reap them and see
     * when a PE's process group is really empty. */
    prctl(PR_SET_CHILD_SUBREAPER, 1);
    open_listener();
    if (timeout_s > 0)
        timeout_at = now_ms() + (int64_t)(timeout_s * 1000);

    for (int r = 0; r < npes; r++)
        if (!launch(r, argv + first))
            break;
    for (int r = 0; r < nlaunched; r++)
        by_pid[r] = (struct pid_rank){pes[r].pid, r};
    qsort(by_pid, (size_t)nlaunched, sizeof *by_pid, cmp_pid);

    int code = event_loop();
    if (exit_signal) {
        /* Dying of the signal, rather than exiting 128+N, lets a calling
         * shell see that the user interrupted the job and stop too. */
        signal(exit_signal, SIG_DFL);
        sigset_t set;
        sigemptyset(&set);
        sigaddset(&set, exit_signal);
        sigprocmask(SIG_UNBLOCK, &set, NULL);
        raise(exit_signal);
    }
    return code;
}
