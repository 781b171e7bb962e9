/* shmem-info: what this installation is and what it sees. Prints the
 * version and build options, every environment variable with its value and
 * help, the GPUs with their peer links, and, when started by a launcher
 * (mpirun -np N shmem-info, shmemrun -n N shmem-info), which PEs reach which
 * by load/store. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pmix.h>
#include <shmem.h>

#include "init/config.h"
#include "launcher/shmemrun_proto.h"
#ifdef SHMEM_HAVE_CUDA
#include "cuda/cuda_device.h"
#include "cuda/cuda_driver.h"
#include "cuda/cuda_links.h"
#include "heap/heap.h"
#endif

static void print_gpus(void)
{
#ifdef SHMEM_HAVE_CUDA
    const char *why = NULL;
    if (shmemi_cuda_load(&why) != 0) {
        printf("GPUs: none (%s)\n", why);
        return;
    }
    int n = 0, ver = 0;
    shmemi_cu.cuDeviceGetCount(&n);
    shmemi_cu.cuDriverGetVersion(&ver);
    printf("GPUs: %d (CUDA driver %d.%d)\n", n, ver / 1000, ver % 1000 / 10);
    for (int i = 0; i < n; i++) {
        CUdevice d;
        char name[128] = "?", bus[32] = "?";
        size_t mem = 0;
        int numa = -1;
        shmemi_cu.cuDeviceGet(&d, i);
        shmemi_cu.cuDeviceGetName(name, sizeof name, d);
        shmemi_cu.cuDeviceGetPCIBusId(bus, sizeof bus, d);
        shmemi_cu.cuDeviceTotalMem(&mem, d);
        shmemi_cu.cuDeviceGetAttribute(&numa, CU_DEVICE_ATTRIBUTE_HOST_NUMA_ID, d);
        char links[96];
        shmemi_gpu_nvlinks(bus, links, sizeof links);
        printf("  GPU %d: %s, PCI %s, %.1f GiB, host NUMA node %d, NVLinks: %s\n", i, name,
               bus, (double)mem / (1 << 30), numa, links);
    }
    if (n > 1) {
        printf("  between GPUs (the link; peer access: load/store; rank: lower is a "
               "faster link; atomics: native over the link):\n");
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) {
                if (i == j)
                    continue;
                CUdevice a, b;
                int access = 0, rank = -1, atomics = 0;
                char bus_a[32] = "?", bus_b[32] = "?", link[96];
                shmemi_cu.cuDeviceGet(&a, i);
                shmemi_cu.cuDeviceGet(&b, j);
                shmemi_cu.cuDeviceGetPCIBusId(bus_a, sizeof bus_a, a);
                shmemi_cu.cuDeviceGetPCIBusId(bus_b, sizeof bus_b, b);
                shmemi_gpu_link(bus_a, bus_b, link, sizeof link);
                shmemi_cu.cuDeviceCanAccessPeer(&access, a, b);
                shmemi_cu.cuDeviceGetP2PAttribute(&rank, CU_DEVICE_P2P_ATTRIBUTE_PERFORMANCE_RANK, a, b);
                shmemi_cu.cuDeviceGetP2PAttribute(&atomics,
                                                  CU_DEVICE_P2P_ATTRIBUTE_NATIVE_ATOMIC_SUPPORTED, a, b);
                printf("    GPU %d -> GPU %d: %s; peer access %s, rank %d, atomics %s\n", i,
                       j, link, access ? "yes" : "NO", rank, atomics ? "yes" : "no");
            }
    }
#else
    printf("GPUs: not looked for (built without CUDA)\n");
#endif
}

#define WHERE_LEN 64

/* Where this PE's heap is: host memory, or which GPU's. */
static void where(char *out)
{
#ifdef SHMEM_HAVE_CUDA
    if (shmemi_heap.kind != SHMEMI_HEAP_HOST) {
        snprintf(out, WHERE_LEN, "%s heap, GPU %s", shmemi_heap.backend->name,
                 shmemi_gpu.busid);
        return;
    }
#endif
    snprintf(out, WHERE_LEN, "host heap");
}

/* Under a launcher: PE 0 prints which PEs each PE reaches by load/store,
 * and where each PE's heap is. The heap may be GPU memory that the CPU
 * cannot touch, so rows travel by put and get. */
static void print_pes(void)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    size_t line = (size_t)n + WHERE_LEN;
    char *all = shmem_malloc(line * (size_t)n), *mine = calloc(line, 1);
    if (!all || !mine) {
        fprintf(stderr, "shmem-info: out of memory for the PE map\n");
        shmem_global_exit(1);
    }
    for (int pe = 0; pe < n; pe++)
        mine[pe] = shmem_pe_accessible(pe) ? 'x' : '.';
    where(mine + n);
    shmem_putmem(all + (size_t)me * line, mine, line, 0);
    shmem_barrier_all();
    if (me == 0) {
        printf("PEs: %d; row p shows the PEs that PE p reaches by load/store (x), "
               "then where its heap is:\n", n);
        for (int p = 0; p < n; p++) {
            shmem_getmem(mine, all + (size_t)p * line, line, 0);
            printf("  PE %4d: %.*s  %.*s\n", p, n, mine, WHERE_LEN, mine + n);
        }
    }
    free(mine);
    shmem_free(all);
    shmem_finalize();
}

int main(int argc, char **argv)
{
    if (argc > 1) {
        printf("usage: %s            (or under mpirun/shmemrun to add the PE map)\n",
               argv[0]);
        return strcmp(argv[1], "-h") && strcmp(argv[1], "--help") ? 2 : 0;
    }
    int launched = getenv("PMIX_NAMESPACE") || getenv(SHMEMRUN_ENV_ADDR);
    int rank0 = !launched || (getenv("PMIX_RANK") ? atoi(getenv("PMIX_RANK")) == 0
                                                  : atoi(getenv(SHMEMRUN_ENV_RANK)) == 0);
    if (rank0) {
        int major, minor;
        char name[SHMEM_MAX_NAME_LEN];
        shmem_info_get_version(&major, &minor);
        shmem_info_get_name(name);
        printf("%s\nOpenSHMEM API %d.%d\n", name, major, minor);
#ifdef SHMEM_HAVE_CUDA
        printf("build: CUDA support compiled (driver loaded at run time), PMIx %s\n",
               PMIx_Get_version());
#else
        printf("build: without CUDA, PMIx %s\n", PMIx_Get_version());
#endif
        shmemi_config_load();
        printf("environment variables:\n");
        shmemi_config_print(stdout);
        print_gpus();
    }
    fflush(stdout);
    if (launched)
        print_pes();
    else
        printf("PEs: start under mpirun or shmemrun to see which PEs reach which\n");
    return 0;
}
