/* Two PEs share a node when they see the same host name and the same kernel
 * boot: the boot id tells apart containers that reuse a host name on
 * different machines. Every PE also tells its pid and heap size, so that
 * messages can name processes and mismatched settings are caught.
 *
 * SHMEM_VIRTUAL_NODES=k splits each host into nodes of k PEs (PE / k
 * numbers the node), which is all the rest of the runtime ever learns of
 * nodes: the peer window, node teams and liveness treat them as separate
 * nodes, and the inter-node transport carries the traffic between them, so
 * one machine can test it. Only the choice of how long to spin looks at the
 * real host, whose cores the PEs share. */
#define _GNU_SOURCE
#include "locality.h"

#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "error.h"
#include "hash.h"
#include "runtime.h"

struct pe_card {
    uint64_t node;
    uint64_t host;
    uint64_t config[SHMEMI_CONFIG_JOB_COUNT]; /* shmemi_config_job_values */
    int32_t pid;
    int32_t thread_level;
    cpu_set_t cpus; /* where the PE may run */
};

static uint64_t node_id(void)
{
    char host[256] = "", boot[64] = "";
    gethostname(host, sizeof host - 1);
    FILE *f = fopen("/proc/sys/kernel/random/boot_id", "r");
    if (f) {
        if (!fgets(boot, sizeof boot, f))
            boot[0] = '\0';
        fclose(f);
    }
    return shmemi_fnv(shmemi_fnv(SHMEMI_FNV_OFFSET, host), boot);
}

static void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size);
    if (!p)
        shmemi_fatal("shmem_init", "out of memory");
    return p;
}

/* The PEs in order of node, then PE: qsort's comparison. */
static const struct pe_card *sort_cards;

static int by_node(const void *a, const void *b)
{
    int p = *(const int *)a, q = *(const int *)b;
    uint64_t np = sort_cards[p].node, nq = sort_cards[q].node;
    return np != nq ? (np < nq ? -1 : 1) : (p > q) - (p < q);
}

/* Every PE's node as its first PE, for choices that all PEs must make alike
 * from where the others are (the barrier's grouping by node): sorted, not
 * compared pair by pair, for jobs of many PEs. */
static void number_nodes(const struct pe_card *all, int n)
{
    int *order = xcalloc((size_t)n, sizeof *order);
    for (int pe = 0; pe < n; pe++)
        order[pe] = pe;
    sort_cards = all;
    qsort(order, (size_t)n, sizeof *order, by_node);
    shmemi_state.node_first = xcalloc((size_t)n, sizeof(int));
    shmemi_state.max_local = 0;
    for (int i = 0, first = 0, start = 0; i < n; i++) {
        if (i == 0 || all[order[i]].node != all[order[i - 1]].node)
            first = order[i], start = i;
        shmemi_state.node_first[order[i]] = first;
        if (i + 1 - start > shmemi_state.max_local)
            shmemi_state.max_local = i + 1 - start;
    }
    free(order);
}

void shmemi_locality_init(void)
{
    int n = shmemi_state.n_pes, me = shmemi_state.my_pe;
    uint64_t host = node_id();
    uint64_t node = host;
    if (shmemi_config.virtual_nodes) {
        char group[32];
        snprintf(group, sizeof group, "/virtual node %zu",
                 (size_t)me / shmemi_config.virtual_nodes);
        node = shmemi_fnv(host, group);
    }
    struct pe_card mine = {.node = node,
                           .host = host,
                           .pid = (int32_t)getpid(),
                           .thread_level = shmemi_state.thread_level};
    shmemi_config_job_values(mine.config);
    if (sched_getaffinity(0, sizeof mine.cpus, &mine.cpus) != 0)
        CPU_ZERO(&mine.cpus);
    struct pe_card *all = xcalloc((size_t)n, sizeof *all);
    if (shmemi_state.boot.allgather(&mine, all, sizeof mine) != 0)
        shmemi_fatal("shmem_init", "the bootstrap allgather failed");

    shmemi_state.local_index = xcalloc((size_t)n, sizeof(int));
    shmemi_state.local_pes = xcalloc((size_t)n, sizeof(int));
    shmemi_state.pids = xcalloc((size_t)n, sizeof(int));
    shmemi_state.host_pes = xcalloc((size_t)n, sizeof(int));
    int n_local = 0, n_host = 0;
    shmemi_state.job_thread_level = shmemi_state.thread_level;
    cpu_set_t host_cpus;
    CPU_ZERO(&host_cpus);
    for (int pe = 0; pe < n; pe++) {
        shmemi_config_job_check(mine.config, all[pe].config, pe);
        shmemi_state.pids[pe] = all[pe].pid;
        if (all[pe].thread_level > shmemi_state.job_thread_level)
            shmemi_state.job_thread_level = all[pe].thread_level;
        if (all[pe].host == mine.host) {
            if (pe == me)
                shmemi_state.my_host = n_host;
            shmemi_state.host_pes[n_host++] = pe;
            CPU_OR(&host_cpus, &host_cpus, &all[pe].cpus);
        }
        if (all[pe].node == mine.node) {
            if (pe == me)
                shmemi_state.my_local = n_local;
            shmemi_state.local_pes[n_local] = pe;
            shmemi_state.local_index[pe] = n_local++;
        } else {
            shmemi_state.local_index[pe] = -1;
        }
    }
    shmemi_state.n_local = n_local;
    shmemi_state.n_host = n_host;
    number_nodes(all, n);
    free(all);

    /* Spinning only pays while every PE of the host has a core of its own;
     * past that a spinning PE steals the core of the PE it waits for. */
    int cores = CPU_COUNT(&host_cpus);
    shmemi_state.spin_limit = shmemi_config.spin_count ? shmemi_config.spin_count
                              : n_host <= cores        ? 4096
                                                       : 1;
}

void shmemi_locality_fini(void)
{
    free(shmemi_state.local_index);
    free(shmemi_state.local_pes);
    free(shmemi_state.pids);
    free(shmemi_state.node_first);
    free(shmemi_state.host_pes);
    shmemi_state.local_index = shmemi_state.local_pes = shmemi_state.pids =
        shmemi_state.host_pes = NULL;
    shmemi_state.node_first = NULL;
}
