/* GPU selection. Every PE of a machine ranks the GPUs it can see (those
 * next to the CPUs it is bound to first, hwloc's PCI locality), the ranks
 * are gathered, and the same greedy pass runs on every PE in the machine's
 * PE order: each PE takes the first GPU of its ranking that no earlier PE
 * took. PCI bus ids name GPUs, so the pass is right even when
 * CUDA_VISIBLE_DEVICES shows each PE a different set. The machine's PEs,
 * not the node's: virtual nodes of one PE each all took the first GPU
 * (each was alone on its node), and their kernels then time-sliced one
 * GPU where separate machines would each have had one. */
#include "cuda_device.h"

#include <stdlib.h>
#include <string.h>

#include "init/config.h"
#include "init/error.h"
#include "init/runtime.h"
#include "init/topology.h"

#define MAX_GPUS 64
#define BUSID_LEN 16

struct ranking {
    int32_t n;
    char busid[MAX_GPUS][BUSID_LEN];
};

struct shmemi_gpu shmemi_gpu = {.numa = -1};
/* A thread binds once per runtime lifetime: init and finalize bump the
 * generation so threads of an earlier lifetime bind again. */
static int generation = 1;
static __thread int bound_generation;

static void rank_gpus(struct ranking *r)
{
    int count = 0;
    SHMEMI_CU("shmem_init", cuDeviceGetCount(&count), NULL);
    if (count > MAX_GPUS)
        count = MAX_GPUS;
    char ids[MAX_GPUS][BUSID_LEN];
    int close[MAX_GPUS];
    for (int i = 0; i < count; i++) {
        CUdevice d;
        SHMEMI_CU("shmem_init", cuDeviceGet(&d, i), NULL);
        SHMEMI_CU("shmem_init", cuDeviceGetPCIBusId(ids[i], BUSID_LEN, d), NULL);
        close[i] = shmemi_topo_pci_is_close(ids[i]) == 1;
    }
    r->n = 0;
    for (int pass = 1; pass >= 0; pass--)
        for (int i = 0; i < count; i++)
            if (close[i] == pass)
                memcpy(r->busid[r->n++], ids[i], BUSID_LEN);
}

/* The GPU that the machine's PE `who` gets, by the greedy pass. */
static const char *assign(const struct ranking *all, int who)
{
    int n_host = shmemi_state.n_host;
    const char **taken = calloc((size_t)n_host, sizeof *taken);
    const char *mine = NULL;
    for (int i = 0; i <= who; i++) {
        const struct ranking *r = &all[shmemi_state.host_pes[i]];
        const char *pick = NULL;
        for (int g = 0; g < r->n && !pick; g++) {
            int used = 0;
            for (int j = 0; j < i; j++)
                used |= taken[j] && strcmp(taken[j], r->busid[g]) == 0;
            if (!used)
                pick = r->busid[g];
        }
        if (!pick) {
            if (!shmemi_config.gpu_share)
                shmemi_fatal("shmem_init",
                             "PE %d finds no GPU left on this machine: %d PEs run "
                             "here and PE %d sees only %d GPU(s); start one PE "
                             "per GPU, or set SHMEM_GPU_SHARE=1 to let PEs share",
                             shmemi_state.host_pes[i], n_host,
                             shmemi_state.host_pes[i], r->n);
            pick = r->busid[i % r->n];
        }
        taken[i] = pick;
        mine = pick;
    }
    free(taken);
    return mine;
}

int shmemi_gpu_select(const char **why)
{
    if (shmemi_cuda_load(why) != 0)
        return -1;
    struct ranking mine;
    memset(&mine, 0, sizeof mine);
    rank_gpus(&mine);
    struct ranking *all = calloc((size_t)shmemi_state.n_pes, sizeof *all);
    if (!all || shmemi_state.boot.allgather(&mine, all, sizeof mine) != 0)
        shmemi_fatal("shmem_init", "the bootstrap allgather of GPU lists failed");
    char pick[BUSID_LEN];
    memcpy(pick, assign(all, shmemi_state.my_host), BUSID_LEN);
    free(all);

    int count = 0;
    SHMEMI_CU("shmem_init", cuDeviceGetCount(&count), NULL);
    for (int i = 0; i < count; i++) {
        char id[BUSID_LEN];
        CUdevice d;
        SHMEMI_CU("shmem_init", cuDeviceGet(&d, i), NULL);
        SHMEMI_CU("shmem_init", cuDeviceGetPCIBusId(id, BUSID_LEN, d), NULL);
        if (strcmp(id, pick) == 0) {
            shmemi_gpu.dev = d;
            memcpy(shmemi_gpu.busid, id, BUSID_LEN);
        }
    }
    if (shmemi_config.debug)
        shmemi_warn("shmem_init", "this PE drives the GPU at PCI %s (PE %d of the %d on "
                    "this machine)", pick, shmemi_state.my_host, shmemi_state.n_host);
    SHMEMI_CU("shmem_init", cuDevicePrimaryCtxRetain(&shmemi_gpu.ctx, shmemi_gpu.dev),
              "another process may hold the GPU in exclusive mode");
    shmemi_gpu_bind_thread("shmem_init");
    if (shmemi_cu.cuDeviceGetAttribute(&shmemi_gpu.numa, CU_DEVICE_ATTRIBUTE_HOST_NUMA_ID,
                                       shmemi_gpu.dev) != CUDA_SUCCESS)
        shmemi_gpu.numa = -1;
    return 0;
}

void shmemi_gpu_bind_thread(const char *call)
{
    if (__builtin_expect(bound_generation == generation, 1))
        return;
    SHMEMI_CU(call, cuCtxSetCurrent(shmemi_gpu.ctx), NULL);
    bound_generation = generation;
}

void shmemi_gpu_release(void)
{
    if (!shmemi_gpu.ctx)
        return;
    shmemi_cu.cuDevicePrimaryCtxRelease(shmemi_gpu.dev);
    shmemi_gpu.ctx = NULL;
    generation++;
}
