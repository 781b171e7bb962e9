#include "topology.h"

#include <hwloc.h>

static hwloc_topology_t topo;
static int loaded; /* 0 untried, 1 loaded, -1 failed */

static int load(void)
{
    if (loaded)
        return loaded;
    loaded = -1;
    if (hwloc_topology_init(&topo) != 0)
        return loaded;
    hwloc_topology_set_io_types_filter(topo, HWLOC_TYPE_FILTER_KEEP_IMPORTANT);
    if (hwloc_topology_load(topo) != 0) {
        hwloc_topology_destroy(topo);
        return loaded;
    }
    loaded = 1;
    return loaded;
}

int shmemi_topo_pci_is_close(const char *busid)
{
    if (load() < 0)
        return -1;
    hwloc_obj_t dev = hwloc_get_pcidev_by_busidstring(topo, busid);
    hwloc_cpuset_t bound = hwloc_bitmap_alloc();
    int close = -1;
    if (dev && bound && hwloc_get_cpubind(topo, bound, HWLOC_CPUBIND_PROCESS) == 0 &&
        !hwloc_bitmap_isincluded(hwloc_topology_get_topology_cpuset(topo), bound)) {
        hwloc_obj_t anc = hwloc_get_non_io_ancestor_obj(topo, dev);
        close = anc && hwloc_bitmap_intersects(anc->cpuset, bound);
    }
    hwloc_bitmap_free(bound);
    return close;
}

void shmemi_topo_fini(void)
{
    if (loaded > 0)
        hwloc_topology_destroy(topo);
    loaded = 0;
}
