/* Why a kernel stopped, printed by the host. A kernel that cannot serve a
 * call writes a record in this PE's heap header and traps
 * (shmem/device/core.h); the trap reaches the host only as a launch error
 * at the next synchronisation, in the user's code or the library's. So the
 * record is printed at every point where the library may be the last to
 * run: a failed driver call, shmem_finalize, shmem_global_exit, the end of
 * a job that another PE ended, and the process's exit. */
#include <stdio.h>
#include <stdlib.h>

#include "init/error.h"
#include "device_report.h"

static struct shmemi_dev_report *watched;

void shmemi_device_report_start(struct shmemi_dev_report *host)
{
    static int registered;
    if (!registered && atexit(shmemi_device_report_flush) == 0)
        registered = 1;
    watched = host;
}

void shmemi_device_report_stop(void)
{
    shmemi_device_report_flush();
    watched = NULL;
}

void shmemi_device_report_flush(void)
{
    struct shmemi_dev_report *r = watched;
    /* Taken once: the kernel wrote stop last, after the rest. */
    int stop = r ? __atomic_exchange_n(&r->stop, SHMEMI_STOP_NONE, __ATOMIC_ACQUIRE)
                 : SHMEMI_STOP_NONE;
    if (stop == SHMEMI_STOP_NONE)
        return;
    char call[sizeof r->call + 16];
    snprintf(call, sizeof call, "%.*s (device)", (int)sizeof r->call - 1, r->call);
    switch (stop) {
    case SHMEMI_STOP_UNREACHABLE:
        shmemi_warn(call, "PE %d is not reachable by load/store (the heap must "
                    "be on the GPU: SHMEM_HEAP=device or pinned); the kernel "
                    "stopped", r->pe);
        break;
    case SHMEMI_STOP_NO_TYPE:
        shmemi_warn(call, "long double cannot be moved by device code; the "
                    "kernel stopped");
        break;
    case SHMEMI_STOP_NO_ATOMICS:
        shmemi_warn(call, "the heap is pinned host memory and this host has no "
                    "native PCIe atomics, so GPU atomics on it are not atomic; "
                    "use SHMEM_HEAP=device; the kernel stopped");
        break;
    case SHMEMI_STOP_ABORTED:
        shmemi_warn("a kernel's wait", "stopped: the job is ending (a PE exited "
                    "or called shmem_global_exit)");
        break;
    case SHMEMI_STOP_TEAM_GONE:
        shmemi_warn("an on-stream barrier or collective", "ran on a team that no "
                    "longer exists on this PE (destroyed while its work was "
                    "queued, or in a graph replayed after); the kernel stopped");
        break;
    default:
        shmemi_warn(call, "a kernel stopped (reason %d unknown to this library: "
                    "rebuild the CUDA sources against this library's headers)", stop);
    }
}
