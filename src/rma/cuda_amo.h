/* Host AMOs on a device heap (see src/rma/amo.h). */
#ifndef SHMEMI_CUDA_AMO_H
#define SHMEMI_CUDA_AMO_H

#include <stddef.h>
#include <stdint.h>

#include "transport/amo_op.h"

/* Performs op on the size-byte word at `word`, an address in this PE's
 * window, and returns its old value; call names the routine in messages. */
uint64_t shmemi_device_amo(const char *call, enum shmemi_amo_op op, void *word, size_t size,
                           uint64_t value, uint64_t cond);

#endif
