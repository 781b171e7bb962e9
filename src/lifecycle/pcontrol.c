/* shmem_pcontrol, the profiling interface's control hook (OpenSHMEM 1.5
 * section 9.19). Levels: 0 profiling off, 1 on with the tool's default
 * detail (the initial level), 2 on with the tool's own detail, above 2
 * whatever the tool defines, with its own further arguments. The library
 * keeps no profile, so the call has no effect on it; it exists so that a
 * tool that defines shmem_pcontrol itself (see pshmem.h) receives the
 * application's level changes. */
#include <shmem.h>

#include "init/runtime.h"

void shmem_pcontrol(int level, ...)
{
    shmemi_require_init(__func__);
}
