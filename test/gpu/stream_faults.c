/* Misuse of the on-stream calls, which must end the job with a message
 * that says what to do: run with the argument naming the case.
 *   host_heap  an on-stream barrier with the heap in host memory */
#include <string.h>

#include <shmemx.h>

#include "../check.h"

int main(int argc, char **argv)
{
    CHECK(argc == 2, "usage: stream_faults host_heap");
    shmem_init();
    if (strcmp(argv[1], "host_heap") == 0)
        shmemx_barrier_all_on_stream(NULL);
    shmem_finalize();
    return 0;
}
