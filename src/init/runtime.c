/* The runtime's state and the check every entry point makes on it: here at
 * the bottom, so that no layer needs the file that starts them all. */
#include "error.h"
#include "runtime.h"

struct shmemi_state shmemi_state;

void shmemi_require_init(const char *call)
{
    if (!shmemi_initialized())
        shmemi_fatal(call, "called before shmem_init (or after the last "
                     "shmem_finalize); call shmem_init first");
}
