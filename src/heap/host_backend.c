/* The host heap: memfd chunks mapped with mmap into PROT_NONE reservations. */
#define _GNU_SOURCE
#include <errno.h>
#include <string.h>
#include <sys/mman.h>

#include "init/error.h"
#include "heap.h"

/* Chunks are whole 2 MiB pages so that huge pages can back them. */
#define GRANULARITY ((size_t)2 << 20)

/* The reservations to undo: the data window and the control window. */
static struct {
    char *addr;
    size_t len;
} reserved[2];

static char *host_reserve(size_t bytes)
{
    size_t total = bytes + SHMEMI_HEAP_SLOT_ALIGN;
    /* PROT_NONE and MAP_NORESERVE: address space only, so a stray access
     * between slots faults instead of touching someone's memory. */
    char *r = mmap(NULL, total, PROT_NONE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (r == MAP_FAILED)
        shmemi_fatal("shmem_init",
                     "cannot reserve %zu bytes of address space for the peer "
                     "window: %s; lower SHMEM_SYMMETRIC_SIZE_MAX",
                     bytes, strerror(errno));
    char *aligned = (char *)(((uintptr_t)r + SHMEMI_HEAP_SLOT_ALIGN - 1) &
                             ~(SHMEMI_HEAP_SLOT_ALIGN - 1));
    if (aligned > r)
        munmap(r, (size_t)(aligned - r));
    char *end = aligned + bytes;
    if (r + total > end)
        munmap(end, (size_t)(r + total - end));
    for (int i = 0; i < 2; i++)
        if (!reserved[i].addr) {
            reserved[i].addr = aligned;
            reserved[i].len = bytes;
            break;
        }
    return aligned;
}

static int host_create(size_t bytes) { return shmemi_memfd_create("shmem-heap", bytes); }

static void host_map(char *addr, size_t bytes, int fd)
{
    if (mmap(addr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, fd, 0) ==
        MAP_FAILED)
        shmemi_fatal("shmem_init", "cannot map %zu bytes of a node peer's heap: %s",
                     bytes, strerror(errno));
}

static void host_release(void)
{
    for (int i = 0; i < 2; i++) {
        if (reserved[i].addr)
            munmap(reserved[i].addr, reserved[i].len);
        reserved[i].addr = NULL;
    }
}

static void host_copy(void *dst, const void *src, size_t bytes) { memcpy(dst, src, bytes); }

static void host_copy_strided(void *dst, size_t dpitch, const void *src, size_t spitch,
                              size_t elem, size_t n)
{
    for (size_t i = 0; i < n; i++)
        memcpy((char *)dst + i * dpitch, (const char *)src + i * spitch, elem);
}

static void host_zero(void *dst, size_t bytes) { memset(dst, 0, bytes); }

static void host_quiet(void) {}

const struct shmemi_heap_backend shmemi_host_backend = {
    .name = "host",
    .granularity = GRANULARITY,
    .reserve = host_reserve,
    .create = host_create,
    .map = host_map,
    .release = host_release,
    .copy = host_copy,
    .copy_strided = host_copy_strided,
    .zero = host_zero,
    .quiet = host_quiet,
};
