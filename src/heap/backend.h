/* The heap's backends: how the data heap's memory is made, shared with node
 * peers and mapped (memfd in host_backend.c, cuMem in cuda_heap.c), and
 * which one a PE uses (backend_select.c). */
#ifndef SHMEMI_HEAP_BACKEND_H
#define SHMEMI_HEAP_BACKEND_H

#include <stddef.h>

enum shmemi_heap_kind {
    SHMEMI_HEAP_HOST,   /* memfd shared memory */
    SHMEMI_HEAP_DEVICE, /* cuMem device memory of this PE's GPU */
    SHMEMI_HEAP_PINNED, /* cuMem host memory on the GPU's NUMA node */
};

/* How the data heap's memory is made, shared and mapped. */
struct shmemi_heap_backend {
    const char *name;
    /* Smallest unit of a chunk. */
    size_t granularity;
    /* Reserves n_slots * stride bytes of address space; returns the base. */
    char *(*reserve)(size_t bytes);
    /* Makes a chunk of this PE's memory; returns a file descriptor that a
     * node peer can import, or -1, after a warning that says why, when the
     * memory is not there (the GPU's is used up). */
    int (*create)(size_t bytes);
    /* Releases the chunk that the last create made, which nothing maps
     * (another PE could not make its own); NULL where closing its fd is
     * enough. */
    void (*discard)(void);
    /* Maps bytes of the memory behind fd (this PE's or a peer's) at addr. */
    void (*map)(char *addr, size_t bytes, int fd);
    /* Undoes every map, create and reserve. */
    void (*release)(void);
    /* Copies between the heap and private memory (host heaps: memcpy). */
    void (*copy)(void *dst, const void *src, size_t bytes);
    /* Copies private memory into the heap and returns once src may be
     * reused; the bytes may land later, by the next quiet. */
    void (*put)(void *dst, const void *src, size_t bytes);
    /* The _nbi forms: src may not be reused, nor dst read, before the
     * next quiet, by which they land. */
    void (*put_nbi)(void *dst, const void *src, size_t bytes);
    void (*get_nbi)(void *dst, const void *src, size_t bytes);
    /* Copies n elements of elem bytes, dpitch and spitch bytes apart. */
    void (*copy_strided)(void *dst, size_t dpitch, const void *src, size_t spitch,
                         size_t elem, size_t n);
    /* Clears bytes of the heap. */
    void (*zero)(void *dst, size_t bytes);
    /* Completes every put this PE started. */
    void (*quiet)(void);
    /* Makes bytes of host memory at host (page-aligned) reachable by this
     * PE's kernels until release; returns the address kernels use. */
    void *(*host_view)(void *host, size_t bytes);
    /* GPU system-scope atomics on this memory are atomic among all GPUs
     * and CPUs. */
    int device_atomics;
};

/* host_backend.c: memfd chunks. */
extern const struct shmemi_heap_backend shmemi_host_backend;
/* backend_select.c: sets kind, host_access and backend from SHMEM_HEAP and
 * the GPUs present (collective: GPU selection gathers every PE's view),
 * and cap to the default cap of the heap's growth; shmem_init calls it
 * before shmemi_heap_init. */
void shmemi_heap_select_backend(void);
/* Lets go of the GPU, if the heap took one. */
void shmemi_heap_release_device(void);
/* memfd.c */
int shmemi_memfd_create(const char *name, size_t size);

#endif
