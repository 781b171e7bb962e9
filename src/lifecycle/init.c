/* shmem_init, shmem_finalize and the queries about the runtime itself. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <shmem.h>

#include "coll/mailbox.h"
#include "device/device_state.h"
#include "device/proxy/proxy.h"
#include "heap/heap.h"
#include "sync/engine/spin.h"
#include "sync/sync.h"
#include "team/team.h"
#include "transport/transport.h"
#include "init/config.h"
#include "init/error.h"
#include "init/locality.h"
#include "init/runtime.h"
#include "lifecycle.h"

static void report_start(void)
{
    if (shmemi_state.my_pe != 0)
        return;
    shmemi_config_warn_unknown();
    if (shmemi_config.version || shmemi_config.info)
        fprintf(stderr, "shmem: %s, %d PEs (%d on this node), bootstrap %s\n",
                SHMEM_VENDOR_STRING, shmemi_state.n_pes, shmemi_state.n_local,
                shmemi_state.boot.name);
    if (shmemi_config.info) {
        fprintf(stderr, "shmem: environment variables:\n");
        shmemi_config_print(stderr);
    }
}

static void start(int requested)
{
    shmemi_config_load();
    shmemi_statics_capture();
    shmemi_bootstrap_init(&shmemi_state.boot);
    shmemi_state.my_pe = shmemi_state.boot.rank;
    shmemi_state.n_pes = shmemi_state.boot.size;
    shmemi_state.thread_level = requested > SHMEM_THREAD_MULTIPLE ? SHMEM_THREAD_MULTIPLE
                                                                  : requested;
    shmemi_locality_init();
    /* The heap's kind says whether the device proxy runs, which the
     * waits (how often they yield) and the transport must know when it
     * starts. */
    shmemi_heap_select_backend();
    int proxy = shmemi_proxy_wanted();
    shmemi_spin_choose_yield(proxy);
    shmemi_transport_init(proxy);
    size_t team_bytes = shmemi_team_ctrl_bytes();
    shmemi_heap_init(team_bytes + shmemi_mailbox_ctrl_bytes(), shmemi_device_state_bytes());
    shmemi_team_init();
    shmemi_mailbox_init(shmemi_heap_ctrl_area() + team_bytes);
    shmemi_device_state_init();
    shmemi_proxy_start();
    shmemi_state.init_count = 1;
    shmemi_barrier_world();
    report_start();
}

void shmemi_init_thread(const char *call, int requested, int *provided)
{
    if (requested < SHMEM_THREAD_SINGLE || requested > SHMEM_THREAD_MULTIPLE)
        shmemi_fatal(call, "requested thread level %d is not one of "
                     "SHMEM_THREAD_SINGLE, _FUNNELED, _SERIALIZED or _MULTIPLE",
                     requested);
    if (shmemi_initialized())
        shmemi_state.init_count++;
    else
        start(requested);
    if (provided)
        *provided = shmemi_state.thread_level;
}

int shmem_init_thread(int requested, int *provided)
{
    shmemi_init_thread(__func__, requested, provided);
    return 0;
}

void shmem_init(void) { shmemi_init_thread(__func__, SHMEM_THREAD_SINGLE, NULL); }

void shmemi_finalize(const char *call)
{
    shmemi_require_init(call);
    if (--shmemi_state.init_count > 0)
        return;
    /* Before the barrier: what kernels posted reaches the other PEs while
     * they still serve it. */
    shmemi_proxy_stop();
    shmemi_barrier_world();
    shmemi_device_state_fini();
    shmemi_team_fini();
    shmemi_mailbox_fini();
    shmemi_transport_fini();
    shmemi_heap_finalize();
    if (shmemi_state.boot.finalize() != 0)
        shmemi_warn(call, "the bootstrap did not finalize cleanly");
    shmemi_locality_fini();
    memset(&shmemi_state.boot, 0, sizeof shmemi_state.boot);
}

void shmem_finalize(void) { shmemi_finalize(__func__); }

void shmem_global_exit(int status)
{
    shmemi_require_init(__func__);
    char why[64];
    snprintf(why, sizeof why, "shmem_global_exit(%d) on PE %d", status, shmemi_state.my_pe);
    shmemi_liveness_exit_all(status, why);
}

int shmem_my_pe(void)
{
    shmemi_require_init(__func__);
    return shmemi_state.my_pe;
}

int shmem_n_pes(void)
{
    shmemi_require_init(__func__);
    return shmemi_state.n_pes;
}

void shmem_query_thread(int *provided)
{
    shmemi_require_init(__func__);
    *provided = shmemi_state.thread_level;
}

void shmem_query_initialized(int *initialized) { *initialized = shmemi_initialized(); }

void shmem_info_get_version(int *major, int *minor)
{
    *major = SHMEM_MAJOR_VERSION;
    *minor = SHMEM_MINOR_VERSION;
}

void shmem_info_get_name(char *name)
{
    strncpy(name, SHMEM_VENDOR_STRING, SHMEM_MAX_NAME_LEN - 1);
    name[SHMEM_MAX_NAME_LEN - 1] = '\0';
}
