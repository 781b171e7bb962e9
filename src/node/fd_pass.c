/* File descriptors travel between processes of a node as SCM_RIGHTS
 * ancillary data on a Unix stream socket: only the handle moves, the kernel
 * shares the memory object itself. A message without one says that the
 * sender has none to give (it could not make its memory). */
#include <errno.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>

#include "init/runtime.h"
#include "node.h"

int shmemi_fd_send(int sock, int fd, const void *data, size_t len)
{
    struct iovec iov = {.iov_base = (void *)data, .iov_len = len};
    union {
        char buf[CMSG_SPACE(sizeof(int))];
        struct cmsghdr align;
    } ctl;
    struct msghdr msg = {.msg_iov = &iov, .msg_iovlen = 1};
    if (fd >= 0) {
        msg.msg_control = ctl.buf;
        msg.msg_controllen = sizeof ctl.buf;
        struct cmsghdr *c = CMSG_FIRSTHDR(&msg);
        c->cmsg_level = SOL_SOCKET;
        c->cmsg_type = SCM_RIGHTS;
        c->cmsg_len = CMSG_LEN(sizeof(int));
        memcpy(CMSG_DATA(c), &fd, sizeof(int));
    }
    ssize_t n;
    do
        n = sendmsg(sock, &msg, MSG_NOSIGNAL);
    while (n < 0 && errno == EINTR);
    return n == (ssize_t)len ? 0 : -1;
}

int shmemi_fd_recv(int sock, int *fd, void *data, size_t len)
{
    struct iovec iov = {.iov_base = data, .iov_len = len};
    union {
        char buf[CMSG_SPACE(sizeof(int))];
        struct cmsghdr align;
    } ctl;
    struct msghdr msg = {.msg_iov = &iov, .msg_iovlen = 1,
                         .msg_control = ctl.buf, .msg_controllen = sizeof ctl.buf};
    ssize_t n;
    do
        n = recvmsg(sock, &msg, MSG_CMSG_CLOEXEC | MSG_WAITALL);
    while (n < 0 && errno == EINTR);
    if (n != (ssize_t)len)
        return -1;
    struct cmsghdr *c = CMSG_FIRSTHDR(&msg);
    *fd = -1;
    if (!c)
        return 0;
    if (c->cmsg_type != SCM_RIGHTS || c->cmsg_len != CMSG_LEN(sizeof(int)))
        return -1;
    memcpy(fd, CMSG_DATA(c), sizeof(int));
    return 0;
}
