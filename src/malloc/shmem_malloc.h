/* The symmetric memory routines behind shmem_malloc and its kin. */
#ifndef SHMEMI_SHMEM_MALLOC_H
#define SHMEMI_SHMEM_MALLOC_H

#include <stddef.h>

/* Each names `call` in its messages (for the deprecated names, shmalloc
 * and the others). */
void *shmemi_malloc(const char *call, size_t size);
void *shmemi_align(const char *call, size_t alignment, size_t size);
void *shmemi_realloc(const char *call, void *ptr, size_t size);
void shmemi_free(const char *call, void *ptr);

#endif
