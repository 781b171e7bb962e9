/* Why a kernel stopped (device_report.c). */
#ifndef SHMEMI_DEVICE_REPORT_H
#define SHMEMI_DEVICE_REPORT_H

#include <shmem/internal/device_state.h>

/* The record in this PE's header that kernels write, watched from start
 * to stop; flush prints it once, if a kernel wrote it, and may be called
 * at any time. */
void shmemi_device_report_start(struct shmemi_dev_report *host);
void shmemi_device_report_stop(void);
void shmemi_device_report_flush(void);

#endif
