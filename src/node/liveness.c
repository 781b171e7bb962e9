/* Node peers that die without shmem_finalize must not leave the others
 * waiting forever. Each PE keeps a thread that sleeps in poll() on the peer
 * links; a link closes when its process ends for any reason (exit, crash,
 * SIGKILL), and the peer's heap header, which stays readable through our
 * mapping, tells whether that was a clean shmem_finalize. A node's first
 * PE also watches its links to the neighbouring nodes (node_links.c). */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include "cuda/device_report.h"
#include "init/error.h"
#include "heap/heap.h"
#include "node.h"

static pthread_t watcher;
static int wake_fd = -1;

/* Set once this PE starts ending the job: what linked nodes then tell it
 * (their own end, often this PE's passed back), and node peers that leave
 * because of it, change nothing. */
static _Atomic int ending;

/* A node's first PE that leaves on its flag passes on how the job ends, as
 * the node peer that ends it wrote it: its link closing without a word
 * would tell the linked nodes that this PE failed. */
static void pass_on_end(void)
{
    if (atomic_load(&ending) ||
        (shmemi_node_link_fd(0) < 0 && shmemi_node_link_fd(1) < 0))
        return;
    for (int i = 0; i < shmemi_state.n_local; i++) {
        struct shmemi_heap_header *h = shmemi_heap_header_of(i);
        if (atomic_load(&h->state) == SHMEMI_PE_EXITING) {
            shmemi_node_links_tell_end(&h->end);
            return;
        }
    }
}

_Noreturn void shmemi_abort_exit(void)
{
    struct shmemi_heap_header *h = shmemi_heap_header_of(shmemi_state.my_local);
    pass_on_end();
    shmemi_device_report_flush();
    shmemi_flush_stdio();
    _exit(atomic_load(&h->abort_status));
}

/* cause: the PE whose failure ends the job (this PE, for its own error or
 * request). */
/* The first thread to end the job does it; another that comes to it too
 * (the watch and the program's thread, each told of the same end) leaves
 * it that thread's _exit, so that nothing is said or sent twice. */
static void claim_end(void)
{
    static _Thread_local int mine;
    if (atomic_exchange(&ending, 1) && !mine)
        for (;;)
            pause();
    mine = 1;
}

static _Noreturn void end_nodes(int status, int cause, const char *why, int quiet)
{
    claim_end();
    shmemi_flush_stdio();
    /* The launcher hears first: node peers leave as soon as they see their
     * flag below, and it must know by then that they are not the cause. */
    if (shmemi_state.boot.announce_end)
        shmemi_state.boot.announce_end(status, cause, why);
    struct shmemi_node_end e = {.status = status, .quiet = quiet, .cause = cause};
    snprintf(e.why, sizeof e.why, "%s", why ? why : "");
    shmemi_node_links_tell_end(&e);
    /* This PE's own flag is set too, with the same status, so that its
     * kernels stop spinning (the flag is their abort flag) and a thread of
     * its own that sees the flag exits with this status. Every status is
     * in place before any flag, so that a PE that sees a peer leave on its
     * flag can leave with its own status at once. */
    shmemi_device_report_flush();
    shmemi_heap_header_of(shmemi_state.my_local)->end = e;
    for (int i = 0; i < shmemi_state.n_local; i++) {
        struct shmemi_heap_header *h = shmemi_heap_header_of(i);
        if (i == shmemi_state.my_local)
            atomic_store(&h->state, SHMEMI_PE_EXITING);
        int expected = 0;
        atomic_compare_exchange_strong(&h->abort_status, &expected, status);
    }
    for (int i = 0; i < shmemi_state.n_local; i++)
        atomic_store(&shmemi_heap_header_of(i)->abort_pending, 1);
    shmemi_state.boot.abort(status, why);
    _exit(status);
}

_Noreturn void shmemi_liveness_exit_all(int status, const char *why)
{
    end_nodes(status, shmemi_state.my_pe, why, 1);
}

/* A linked node (node_links.c) that ends the job, or whose first PE's
 * link closed before its finalize notice: its PEs are gone. This node ends
 * with the same status, reason and cause, which it passes on round the
 * ring. */
static _Noreturn void node_lost(int which, const struct shmemi_node_end *e)
{
    claim_end();
    char why[SHMEMI_NODE_END_WHY];
    if (e->why[0])
        snprintf(why, sizeof why, "%s", e->why);
    else
        snprintf(why, sizeof why, "the PEs of the node of PE %d are gone (its link "
                 "closed before shmem_finalize: they exited, crashed or were killed)",
                 shmemi_node_link_pe(which));
    if (!e->quiet)
        shmemi_warn("liveness", "%s%s; ending the job",
                    e->why[0] ? "another node ended the job: " : "", why);
    end_nodes(e->status, e->cause >= 0 ? e->cause : shmemi_node_link_pe(which), why, e->quiet);
}

/* How long a failure waits for an end of the job that may explain it:
 * an end reaches this node a hop behind what it does elsewhere, and a
 * launcher that ends the job signals its PEs one after the other. */
#define END_GRACE_MS 200

/* A failure that the job's end caused (a PE of another node that already
 * left on it is unreachable, a node peer that the launcher ended first) is
 * not reported as one of its own: if that end is on its way, in this PE's
 * flag or on a node link, this PE leaves with it; if it is the launcher's,
 * this PE is ended before the wait is over. Returns after grace_ms
 * otherwise. */
static void await_an_end(int grace_ms)
{
    struct shmemi_heap_header *me = shmemi_heap_header_of(shmemi_state.my_local);
    struct pollfd p[2];
    for (int i = 0; i < 2; i++) {
        p[i].fd = shmemi_node_link_fd(i);
        p[i].events = POLLIN;
    }
    for (int waited = 0;; waited += 10) {
        if (atomic_load(&me->abort_pending))
            shmemi_abort_exit();
        for (int i = 0; i < 2; i++) {
            struct shmemi_node_end e;
            if (p[i].fd >= 0 && shmemi_node_link_peek_end(p[i].fd, &e))
                node_lost(i, &e);
        }
        if (waited >= grace_ms || atomic_load(&ending))
            return;
        if (poll(p, 2, 10) < 0 && errno != EINTR)
            return;
    }
}

/* A fatal error asks first (shmemi_state.leave_with_an_end): where no node
 * links bring news, only this PE's flag can, and it is already there. */
static void leave_with_an_end(void)
{
    int linked = shmemi_node_link_fd(0) >= 0 || shmemi_node_link_fd(1) >= 0;
    await_an_end(linked ? END_GRACE_MS : 0);
}

static void *watch(void *arg)
{
    (void)arg;
    shmemi_runtime_thread = 1;
    /* The node peers' links, the linked nodes' (n and n + 1), the wake-up. */
    int n = shmemi_state.n_local, wake = n + 2;
    struct pollfd *p = calloc((size_t)n + 3, sizeof *p);
    for (int i = 0; i < n; i++) {
        p[i].fd = shmemi_links[i];
        p[i].events = POLLRDHUP;
    }
    for (int i = 0; i < 2; i++) {
        p[n + i].fd = shmemi_node_link_fd(i);
        p[n + i].events = POLLIN | POLLRDHUP;
    }
    p[wake].fd = wake_fd;
    p[wake].events = POLLIN;
    for (;;) {
        if (poll(p, (nfds_t)wake + 1, -1) < 0)
            continue;
        if (p[wake].revents)
            break;
        for (int i = 0; i < 2; i++) {
            if (p[n + i].fd < 0 || !p[n + i].revents)
                continue;
            struct shmemi_node_end e;
            int st = shmemi_node_link_state(p[n + i].fd, &e);
            if (st == 0 || (st == 1 && atomic_load(&ending)))
                p[n + i].fd = -1;
            else if (st == 1)
                node_lost(i, &e);
        }
        for (int i = 0; i < n; i++) {
            if (p[i].fd < 0 || !(p[i].revents & (POLLRDHUP | POLLHUP | POLLERR)))
                continue;
            struct shmemi_heap_header *h = shmemi_heap_header_of(i);
            int st = atomic_load(&h->state);
            if (st == SHMEMI_PE_FINALIZED || atomic_load(&ending)) {
                p[i].fd = -1;
                continue;
            }
            /* A peer that left because the job ends (the one that ends it,
             * or one that saw its flag) is no failure of its own. */
            if (st == SHMEMI_PE_EXITING || atomic_load(&h->abort_pending))
                shmemi_abort_exit();
            await_an_end(END_GRACE_MS);
            claim_end();
            char why[160];
            snprintf(why, sizeof why,
                     "PE %d (pid %d) ended without calling shmem_finalize",
                     shmemi_state.local_pes[i], h->pid);
            shmemi_warn("liveness", "%s (it exited, crashed or was killed); "
                        "ending the job", why);
            end_nodes(1, shmemi_state.local_pes[i], why, 0);
        }
    }
    free(p);
    return NULL;
}

static void end_job(int status, const char *why)
{
    end_nodes(status, shmemi_state.my_pe, why, 0);
}

void shmemi_liveness_start(void)
{
    shmemi_state.end_job = end_job;
    shmemi_state.leave_with_an_end = leave_with_an_end;
    if (shmemi_state.n_local == 1 && shmemi_node_link_fd(0) < 0 &&
        shmemi_node_link_fd(1) < 0)
        return;
    wake_fd = eventfd(0, EFD_CLOEXEC);
    if (wake_fd < 0 || pthread_create(&watcher, NULL, watch, NULL) != 0)
        shmemi_fatal("shmem_init", "cannot start the peer liveness thread");
}

void shmemi_liveness_stop(void)
{
    shmemi_state.end_job = NULL;
    shmemi_state.leave_with_an_end = NULL;
    shmemi_node_links_notice();
    if (wake_fd < 0)
        return;
    uint64_t one = 1;
    ssize_t w = write(wake_fd, &one, sizeof one);
    (void)w;
    pthread_join(watcher, NULL);
    close(wake_fd);
    wake_fd = -1;
}
