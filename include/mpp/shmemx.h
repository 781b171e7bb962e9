/* The legacy include path <mpp/shmemx.h>: the same as <shmemx.h>. */
#include <shmemx.h>
