/* The legacy include path <mpp/shmem.h> of Cray-derived programs and test
 * suites: the same API as <shmem.h>. */
#include <shmem.h>
