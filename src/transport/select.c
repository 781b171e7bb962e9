/* Whether the job needs the inter-node path, and which one serves it. */
#include <stdio.h>

#include "init/config.h"
#include "init/error.h"
#include "init/runtime.h"
#include "transport.h"
#ifdef SHMEM_HAVE_UCX
#include "transport/ucx/ucx.h"
#endif

const struct shmemi_transport *shmemi_remote;

/* Appends the PEs whose path is (local_index >= 0) == on_node as ranges. */
static size_t list_pes(char *out, size_t cap, int on_node)
{
    size_t len = 0;
    int n = shmemi_state.n_pes;
    for (int pe = 0; pe < n && len < cap; pe++) {
        if ((shmemi_state.local_index[pe] >= 0) != on_node)
            continue;
        int last = pe;
        while (last + 1 < n && (shmemi_state.local_index[last + 1] >= 0) == on_node)
            last++;
        int w = last > pe ? snprintf(out + len, cap - len, "%s%d-%d", len ? "," : "", pe, last)
                          : snprintf(out + len, cap - len, "%s%d", len ? "," : "", pe);
        len += w > 0 ? (size_t)w : 0;
        pe = last;
    }
    return len;
}

/* The path to each peer is fixed here, once: SHMEM_DEBUG says which. */
static void report_paths(void)
{
    char local[256] = "", remote[256] = "";
    list_pes(local, sizeof local, 1);
    list_pes(remote, sizeof remote, 0);
    if (shmemi_remote)
        shmemi_warn("shmem_init", "paths to peers: load/store to PEs %s (this node); "
                    "%s to PEs %s", local, shmemi_remote->name, remote);
    else
        shmemi_warn("shmem_init", "paths to peers: load/store to PEs %s (this node)", local);
}

void shmemi_transport_init(int shared)
{
    if (shmemi_state.n_local < shmemi_state.n_pes) {
#ifdef SHMEM_HAVE_UCX
        shmemi_remote = shmemi_ucx_start(shared);
#else
        shmemi_fatal("shmem_init", "the job's %d PEs are on several nodes (%d on "
                     "this one), and this build has no inter-node transport: "
                     "install UCX (Debian: libucx-dev) and rebuild, or run all "
                     "PEs on one node", shmemi_state.n_pes, shmemi_state.n_local);
#endif
    }
    if (shmemi_config.debug)
        report_paths();
}

void shmemi_transport_fini(void)
{
    if (!shmemi_remote)
        return;
    shmemi_remote->fini();
    shmemi_remote = NULL;
}
