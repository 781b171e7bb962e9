/* What connects two GPUs, named as `nvidia-smi topo -m` names it: NVLinks
 * counted through NVML (libnvidia-ml, loaded at run time), else the PCIe
 * path between them. For shmem-info's report. */
#ifndef SHMEMI_CUDA_LINKS_H
#define SHMEMI_CUDA_LINKS_H

#include <stddef.h>

/* GPU a's NVLinks in out ("18 NVLinks up: 18 to NVSwitches", "none", or
 * why NVML could not tell), by the CUDA PCI bus ids. */
void shmemi_gpu_nvlinks(const char *busid, char *out, size_t len);
/* How GPU a reaches GPU b in out: "NV<n>" and whether directly or through
 * NVSwitches, or the PCIe path (PIX, PXB, PHB, NODE, SYS). */
void shmemi_gpu_link(const char *busid_a, const char *busid_b, char *out, size_t len);

#endif
