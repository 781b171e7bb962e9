/* The node layer: how this PE reaches the other processes of its job
 * outside the heap. A stream socket to every node peer (which carries the
 * heaps' file descriptors and, by closing, a peer's death), a ring of TCP
 * links between the nodes' first PEs, and the watch on both that ends the
 * job when a PE or a node leaves without shmem_finalize. */
#ifndef SHMEMI_NODE_H
#define SHMEMI_NODE_H

#include <stddef.h>
#include <time.h>

/* How a node ends the job: the status, the reason ("" when its link closed
 * or broke without a word), whether the program asked for it
 * (shmem_global_exit), which other nodes need not report, and the PE whose
 * failure or request it is, which the launcher blames (-1: unknown, as
 * when the link closed). */
#define SHMEMI_NODE_END_WHY 200
struct shmemi_node_end {
    int status;
    int quiet;
    char why[SHMEMI_NODE_END_WHY];
    int cause;
};

/* peer_links.c: [n_local] stream socket to each node peer, -1 for self. */
extern int *shmemi_links;

/* fd_pass.c: one fd (or none: -1) and a small payload over a Unix stream
 * socket. */
int shmemi_fd_send(int sock, int fd, const void *data, size_t len);
int shmemi_fd_recv(int sock, int *fd, void *data, size_t len);

/* peer_links.c: a stream socket between every two PEs of the node. */
void shmemi_links_open(void);
/* The next connection on listener, or -1 once deadline has passed. */
int shmemi_accept_until(int listener, time_t deadline);
/* Fills buf with len bytes from the kernel's random source, or ends the
 * job: what is made (what), a socket's name or a secret, must be
 * unguessable. */
void shmemi_random_bytes(const char *call, const char *what, void *buf, size_t len);
void shmemi_links_close(void);
/* Sends fd (-1: this PE has none) to every node peer; fds[local] receives
 * each peer's (-1 from a peer that had none), fds[my_local] fd. */
void shmemi_links_exchange_fd(const char *call, int fd, int *fds);

/* node_links.c: the ring of TCP links between the nodes' first PEs. */
void shmemi_node_links_open(void);
/* A node's first PE: its link to the previous (0) and the next (1) node's
 * first PE, -1 where there is none, and that PE. */
int shmemi_node_link_fd(int which);
int shmemi_node_link_pe(int which);
/* Tells the linked nodes that this node finalized (before the close). */
void shmemi_node_links_notice(void);
/* Tells the linked nodes that this node ends the job. */
void shmemi_node_links_tell_end(const struct shmemi_node_end *e);
/* On a link the watch found readable: 0 if the finalize notice came, -1 if
 * nothing did yet, 1 if the node ends the job (how, in *e). */
int shmemi_node_link_state(int fd, struct shmemi_node_end *e);
/* 1 if the node's end waits on the link (how, in *e), left there for the
 * watch; 0 otherwise. Does not block. */
int shmemi_node_link_peek_end(int fd, struct shmemi_node_end *e);
void shmemi_node_links_close(void);

/* liveness.c: notices node peers that die without shmem_finalize, and
 * linked nodes (node_links.c) that end without it. */
void shmemi_liveness_start(void);
void shmemi_liveness_stop(void);
/* Marks every node peer to end with status, then ends the job, as the
 * program asks (shmem_global_exit): other nodes end without a message of
 * their own. */
_Noreturn void shmemi_liveness_exit_all(int status, const char *why);
_Noreturn void shmemi_abort_exit(void);

#endif
