/* Where this process runs relative to PCI devices, from hwloc. */
#ifndef SHMEMI_TOPOLOGY_H
#define SHMEMI_TOPOLOGY_H

/* 1 when the process is bound to CPUs next to the PCI device with this bus
 * id ("0000:1b:00.0"), 0 when it is bound elsewhere, -1 when that cannot
 * be told (not bound to a subset of the machine, or no hwloc data). */
int shmemi_topo_pci_is_close(const char *busid);
void shmemi_topo_fini(void);

#endif
