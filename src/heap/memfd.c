#define _GNU_SOURCE
#include <errno.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "init/error.h"
#include "heap.h"

/* An anonymous memory object: it has no name in /dev/shm, so nothing can
 * leak when a PE is killed; it lives while some PE maps it. */
int shmemi_memfd_create(const char *name, size_t size)
{
    int fd = memfd_create(name, MFD_CLOEXEC);
    if (fd < 0)
        shmemi_fatal("shmem_init", "memfd_create failed: %s", strerror(errno));
    if (ftruncate(fd, (off_t)size) != 0)
        shmemi_fatal("shmem_init", "cannot size a shared memory object to %zu "
                     "bytes: %s", size, strerror(errno));
    return fd;
}
