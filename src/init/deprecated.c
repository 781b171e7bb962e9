/* Names from before OpenSHMEM 1.5 that the specification still lists as
 * deprecated, for old programs: each is the current routine under its old
 * name. (shmem_wait and shmem_wait_until are also generic macros in C11:
 * the parentheses define the plain symbols.) */
#include <shmem.h>

void start_pes(int npes)
{
    (void)npes;
    shmem_init();
}

int _my_pe(void) { return shmem_my_pe(); }

int _num_pes(void) { return shmem_n_pes(); }

void *shmalloc(size_t size) { return shmem_malloc(size); }

void shfree(void *ptr) { shmem_free(ptr); }

void *shrealloc(void *ptr, size_t size) { return shmem_realloc(ptr, size); }

void *shmemalign(size_t alignment, size_t size) { return shmem_align(alignment, size); }

void(shmem_wait)(long *ivar, long cmp_value) { shmem_long_wait_until(ivar, SHMEM_CMP_NE, cmp_value); }

void(shmem_wait_until)(long *ivar, int cmp, long cmp_value)
{
    shmem_long_wait_until(ivar, cmp, cmp_value);
}
