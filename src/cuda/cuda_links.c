/* NVML is loaded with dlopen like the CUDA driver, so a machine without it
 * still runs shmem-info; its few types are declared here as NVML's
 * documentation gives them (no NVML header ships with the toolkit). */
#include "cuda_links.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

typedef struct nvml_device *nvml_device;
typedef struct {
    char bus_id_legacy[16];
    unsigned domain, bus, device, pci_device_id, pci_subsystem_id;
    char bus_id[32];
} nvml_pci_info;

enum { NVML_OK = 0, NVML_LINK_TO_GPU = 0, NVML_LINK_TO_SWITCH = 2 };
/* The largest link count of any GPU so far (Hopper and Blackwell: 18);
 * a query past a GPU's last link fails, which ends the count. */
enum { MAX_LINKS = 18 };

static struct {
    int (*init)(void);
    int (*by_bus_id)(const char *, nvml_device *);
    int (*link_state)(nvml_device, unsigned, int *);
    int (*remote_pci)(nvml_device, unsigned, nvml_pci_info *);
    int (*remote_type)(nvml_device, unsigned, int *);
    int (*common_ancestor)(nvml_device, nvml_device, int *);
} nvml;

/* 0 once NVML is up; else why not in *why. */
static int load(const char **why)
{
    static int state; /* 0 untried, 1 up, -1 not */
    static const char *reason;
    if (state) {
        *why = reason;
        return state > 0 ? 0 : -1;
    }
    state = -1;
    void *lib = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        *why = reason = "NVML (libnvidia-ml.so.1) is not installed";
        return -1;
    }
    nvml.init = (int (*)(void))dlsym(lib, "nvmlInit_v2");
    nvml.by_bus_id = (int (*)(const char *, nvml_device *))dlsym(
        lib, "nvmlDeviceGetHandleByPciBusId_v2");
    nvml.link_state = (int (*)(nvml_device, unsigned, int *))dlsym(
        lib, "nvmlDeviceGetNvLinkState");
    nvml.remote_pci = (int (*)(nvml_device, unsigned, nvml_pci_info *))dlsym(
        lib, "nvmlDeviceGetNvLinkRemotePciInfo_v2");
    nvml.remote_type = (int (*)(nvml_device, unsigned, int *))dlsym(
        lib, "nvmlDeviceGetNvLinkRemoteDeviceType");
    nvml.common_ancestor = (int (*)(nvml_device, nvml_device, int *))dlsym(
        lib, "nvmlDeviceGetTopologyCommonAncestor");
    if (!nvml.init || !nvml.by_bus_id || !nvml.link_state || !nvml.remote_pci ||
        !nvml.remote_type || !nvml.common_ancestor) {
        *why = reason = "this NVML lacks the NVLink and topology queries";
        return -1;
    }
    if (nvml.init() != NVML_OK) {
        *why = reason = "nvmlInit_v2 failed";
        return -1;
    }
    state = 1;
    return 0;
}

static int same_device(const nvml_pci_info *p, const char *busid)
{
    unsigned domain, bus, dev, fn;
    return sscanf(busid, "%x:%x:%x.%x", &domain, &bus, &dev, &fn) == 4 &&
           p->domain == domain && p->bus == bus && p->device == dev;
}

/* Active links of the GPU at busid: all of them, those to the GPU at
 * peer (NULL: none asked), and those to NVSwitches. -1 if NVML cannot say. */
static int count_links(const char *busid, const char *peer, int *to_peer, int *to_switch,
                       const char **why)
{
    nvml_device d;
    *to_peer = *to_switch = 0;
    if (load(why) != 0)
        return -1;
    if (nvml.by_bus_id(busid, &d) != NVML_OK) {
        *why = "NVML does not know this GPU";
        return -1;
    }
    int up = 0;
    for (unsigned l = 0; l < MAX_LINKS; l++) {
        int active = 0, type = -1;
        if (nvml.link_state(d, l, &active) != NVML_OK)
            break;
        if (!active)
            continue;
        up++;
        if (nvml.remote_type(d, l, &type) == NVML_OK && type == NVML_LINK_TO_SWITCH) {
            (*to_switch)++;
            continue;
        }
        nvml_pci_info p;
        if (peer && nvml.remote_pci(d, l, &p) == NVML_OK && same_device(&p, peer))
            (*to_peer)++;
    }
    return up;
}

void shmemi_gpu_nvlinks(const char *busid, char *out, size_t len)
{
    const char *why = NULL;
    int to_peer, to_switch;
    int up = count_links(busid, NULL, &to_peer, &to_switch, &why);
    if (up < 0)
        snprintf(out, len, "unknown (%s)", why);
    else if (up == 0)
        snprintf(out, len, "none up");
    else
        snprintf(out, len, "%d up, %d of them to NVSwitches", up, to_switch);
}

/* NVML's nvmlGpuTopologyLevel_t, by the name nvidia-smi prints. */
static const char *pcie_path(int level)
{
    switch (level) {
    case 0: return "same board";
    case 10: return "PCIe, one switch (PIX)";
    case 20: return "PCIe, several switches (PXB)";
    case 30: return "PCIe, through the host bridge (PHB)";
    case 40: return "PCIe, across host bridges of a NUMA node (NODE)";
    case 50: return "PCIe and the link between NUMA nodes (SYS)";
    default: return "PCIe, path unknown";
    }
}

void shmemi_gpu_link(const char *busid_a, const char *busid_b, char *out, size_t len)
{
    const char *why = NULL;
    int to_b, a_switch, to_a, b_switch;
    if (count_links(busid_a, busid_b, &to_b, &a_switch, &why) < 0 ||
        count_links(busid_b, busid_a, &to_a, &b_switch, &why) < 0) {
        snprintf(out, len, "link unknown (%s)", why);
        return;
    }
    if (to_b > 0) {
        snprintf(out, len, "NV%d, direct", to_b);
        return;
    }
    if (a_switch > 0 && b_switch > 0) {
        snprintf(out, len, "NV%d, through NVSwitches", a_switch < b_switch ? a_switch : b_switch);
        return;
    }
    nvml_device a, b;
    int level = -1;
    if (nvml.by_bus_id(busid_a, &a) == NVML_OK && nvml.by_bus_id(busid_b, &b) == NVML_OK)
        nvml.common_ancestor(a, b, &level);
    snprintf(out, len, "%s", pcie_path(level));
}
