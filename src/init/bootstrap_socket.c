/* The client of shmemrun's socket bootstrap (shmemrun_proto.h): one stream
 * connection to the launcher, kept for the life of the PE. What comes over
 * it (other PEs' socket names, the job's secret) is trusted only once the
 * kernel has said that the listener is the shmemrun named in
 * SHMEMRUN_PID, of this user. */
#define _GNU_SOURCE
#include "bootstrap.h"

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <stdnoreturn.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "error.h"
#include "peercred.h"
#include "launcher/shmemrun_proto.h"

/* shmemrun listens before it starts any PE, so a refused connect means a
 * transient condition (a full listen queue); about a second of retries. */
#define CONNECT_TRIES 20
#define CONNECT_RETRY_NS 50000000L
/* Long enough for any message a person reads; shmemrun only needs the code. */
#define ABORT_MSG_MAX 4096

static int sock = -1;
static int job_size;
static int my_rank;
/* Set once shmemrun has heard how the job ends, which it needs once. */
static _Atomic int announced;
/* abort may run on another thread while the main thread is inside
 * allgather; two sends interleaved on the stream would desynchronise the
 * launcher's parsing. */
static pthread_mutex_t send_lock = PTHREAD_MUTEX_INITIALIZER;

static int send_all(struct iovec *iov, int cnt)
{
    while (cnt > 0) {
        struct msghdr mh = {.msg_iov = iov, .msg_iovlen = (size_t)cnt};
        ssize_t n = sendmsg(sock, &mh, MSG_NOSIGNAL);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        size_t left = (size_t)n;
        while (cnt > 0 && left >= iov->iov_len) {
            left -= iov->iov_len;
            iov++;
            cnt--;
        }
        if (cnt > 0) {
            iov->iov_base = (char *)iov->iov_base + left;
            iov->iov_len -= left;
        }
    }
    return 0;
}

/* The header and both parts of the payload go out under one hold of the
 * lock, so no other thread's message can land in between. */
static int send_msg(uint32_t type, const void *a, size_t alen, const void *b, size_t blen)
{
    struct shmemrun_hdr hdr = {type, (uint32_t)(alen + blen)};
    struct iovec iov[3] = {
        {&hdr, sizeof hdr},
        {(void *)a, alen},
        {(void *)b, blen},
    };
    pthread_mutex_lock(&send_lock);
    int rc = send_all(iov, 3);
    int err = errno;
    pthread_mutex_unlock(&send_lock);
    errno = err;
    return rc;
}

/* Returns 0, or -1 with errno set; errno 0 means the launcher closed the
 * connection. */
static int recv_all(void *buf, size_t len)
{
    char *p = buf;
    while (len > 0) {
        ssize_t n = recv(sock, p, len, 0);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            if (n == 0)
                errno = 0;
            return -1;
        }
        p += n;
        len -= (size_t)n;
    }
    return 0;
}

static noreturn void lost_launcher(const char *doing)
{
    int err = errno;
    shmemi_fatal("bootstrap", "lost the connection to shmemrun while %s (%s); "
                 "shmemrun has exited or was killed, so this job cannot go on",
                 doing, err ? strerror(err) : "it closed the connection");
}

static int socket_allgather(const void *in, void *out, size_t len)
{
    if (len > UINT32_MAX / (size_t)job_size) {
        shmemi_warn("bootstrap", "an allgather of %zu bytes from each of %d PEs "
                    "is more than the 4 GiB shmemrun can return", len, job_size);
        return -1;
    }
    if (send_msg(SHMEMRUN_MSG_ALLGATHER, in, len, NULL, 0) != 0)
        lost_launcher("sending to an allgather");
    struct shmemrun_hdr hdr;
    if (recv_all(&hdr, sizeof hdr) != 0)
        lost_launcher("waiting for an allgather");
    size_t total = len * (size_t)job_size;
    if (hdr.type != SHMEMRUN_MSG_ALLGATHER || hdr.len != total)
        shmemi_fatal("bootstrap", "shmemrun answered an allgather of %zu bytes with "
                     "message type %u of %u bytes; is it from the same version "
                     "as this library?", total, hdr.type, hdr.len);
    if (total > 0 && recv_all(out, total) != 0)
        lost_launcher("receiving an allgather");
    return 0;
}

static int socket_barrier(void) { return socket_allgather(NULL, NULL, 0); }

/* Also the last step of shmemi_fatal, so it must work with a broken
 * connection, and with the send lock held by a thread that will never let
 * go of it: a bounded wait, then on regardless. */
static void send_abort(int code, int cause, const char *msg)
{
    struct shmemrun_abort a = {code, cause};
    size_t mlen = msg ? strnlen(msg, ABORT_MSG_MAX) : 0;
    struct shmemrun_hdr hdr = {SHMEMRUN_MSG_ABORT, (uint32_t)(sizeof a + mlen)};
    struct iovec iov[3] = {
        {&hdr, sizeof hdr},
        {&a, sizeof a},
        {(void *)msg, mlen},
    };
    struct timespec deadline;
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += 1;
    if (sock >= 0 && pthread_mutex_timedlock(&send_lock, &deadline) == 0)
        send_all(iov, 3);
}

static void socket_announce_end(int code, int cause, const char *msg)
{
    send_abort(code, cause, msg);
    atomic_store(&announced, 1);
}

static noreturn void socket_abort(int code, const char *msg)
{
    if (!atomic_load(&announced))
        send_abort(code, my_rank, msg);
    /* shmemrun chooses the job's status from the ABORT; ours only matters
     * when it never arrived. */
    _exit(code);
}

static int socket_finalize(void)
{
    if (send_msg(SHMEMRUN_MSG_FINALIZE, NULL, 0, NULL, 0) != 0) {
        shmemi_warn("shmem_finalize", "cannot tell shmemrun that this PE "
                    "finalized (%s); shmemrun has exited or was killed",
                    strerror(errno));
        return -1;
    }
    return 0;
}

static int parse_int(const char *s, int *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || end == s || *end || s[0] < '0' || s[0] > '9' || v > INT_MAX)
        return -1;
    *out = (int)v;
    return 0;
}

static int connect_launcher(const char *name)
{
    struct sockaddr_un sa = {.sun_family = AF_UNIX};
    size_t len = strlen(name);
    /* Abstract address: a leading NUL, then the name without a terminator
     * (the length is part of the address). */
    memcpy(sa.sun_path + 1, name, len);
    socklen_t salen = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 + len);
    for (int attempt = 1;; attempt++) {
        int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
        if (fd < 0)
            return -1;
        if (connect(fd, (struct sockaddr *)&sa, salen) == 0)
            return fd;
        int err = errno;
        close(fd);
        if ((err != ECONNREFUSED && err != EAGAIN && err != EINTR) ||
            attempt == CONNECT_TRIES) {
            errno = err;
            return -1;
        }
        struct timespec pause = {0, CONNECT_RETRY_NS};
        nanosleep(&pause, NULL);
    }
}

int shmemi_bootstrap_socket_init(struct shmemi_bootstrap *b)
{
    static const char *const vars[] = {SHMEMRUN_ENV_ADDR, SHMEMRUN_ENV_RANK,
                                       SHMEMRUN_ENV_SIZE, SHMEMRUN_ENV_PID};
    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++) {
        if (!getenv(vars[i])) {
            shmemi_warn("shmem_init", "%s is not set; the shmemrun bootstrap only "
                        "works in programs started by shmemrun -n N", vars[i]);
            return -1;
        }
    }
    const char *name = getenv(SHMEMRUN_ENV_ADDR);
    const char *rank_s = getenv(SHMEMRUN_ENV_RANK);
    const char *size_s = getenv(SHMEMRUN_ENV_SIZE);
    const char *pid_s = getenv(SHMEMRUN_ENV_PID);
    int rank, size, launcher;
    if (parse_int(size_s, &size) != 0 || size < 1) {
        shmemi_warn("shmem_init", "%s=\"%s\" is not a number of PEs; shmemrun sets "
                    "it, and it must not be changed", SHMEMRUN_ENV_SIZE, size_s);
        return -1;
    }
    if (parse_int(rank_s, &rank) != 0 || rank >= size) {
        shmemi_warn("shmem_init", "%s=\"%s\" is not a PE number below %s=%d; "
                    "shmemrun sets it, and it must not be changed",
                    SHMEMRUN_ENV_RANK, rank_s, SHMEMRUN_ENV_SIZE, size);
        return -1;
    }
    size_t name_len = strlen(name);
    if (name_len == 0 || name_len > sizeof(((struct sockaddr_un *)0)->sun_path) - 1) {
        shmemi_warn("shmem_init", "%s=\"%s\" is not a shmemrun socket name; "
                    "shmemrun sets it, and it must not be changed",
                    SHMEMRUN_ENV_ADDR, name);
        return -1;
    }
    if (parse_int(pid_s, &launcher) != 0 || launcher < 1) {
        shmemi_warn("shmem_init", "%s=\"%s\" is not a process id; shmemrun sets "
                    "it, and it must not be changed", SHMEMRUN_ENV_PID, pid_s);
        return -1;
    }

    sock = connect_launcher(name);
    if (sock < 0) {
        shmemi_warn("shmem_init", "cannot connect to shmemrun (%s); it has exited "
                    "or was killed, or this process inherited %s from another job",
                    strerror(errno), SHMEMRUN_ENV_ADDR);
        return -1;
    }
    struct ucred c;
    if (shmemi_cred_check(sock, launcher, &c) != 0) {
        char who[192];
        shmemi_warn("shmem_init", "the socket @%s in %s is held by %s, not by "
                    "shmemrun (pid %d) of this user: this PE tells it nothing; %s",
                    name, SHMEMRUN_ENV_ADDR, shmemi_cred_describe(&c, who, sizeof who),
                    launcher,
                    c.uid == geteuid() ? "were SHMEMRUN_ADDR or SHMEMRUN_PID changed, or "
                                         "does shmemrun run in another PID namespace?"
                                       : "another user's process is in the way: ask "
                                         "the administrator to stop it");
        close(sock);
        sock = -1;
        return -1;
    }
    struct shmemrun_hello hello = {rank};
    if (send_msg(SHMEMRUN_MSG_HELLO, &hello, sizeof hello, NULL, 0) != 0) {
        shmemi_warn("shmem_init", "cannot talk to shmemrun (%s); it has exited or "
                    "was killed", strerror(errno));
        close(sock);
        sock = -1;
        return -1;
    }
    job_size = size;
    my_rank = rank;
    b->name = "shmemrun";
    b->rank = rank;
    b->size = size;
    b->allgather = socket_allgather;
    b->barrier = socket_barrier;
    b->abort = socket_abort;
    b->announce_end = socket_announce_end;
    b->finalize = socket_finalize;
    return 0;
}
