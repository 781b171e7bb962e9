/* FNV-1a over a string: short, stable names for long ones (the job's
 * namespace, a host, a string setting that PEs compare). */
#ifndef SHMEMI_HASH_H
#define SHMEMI_HASH_H

#include <stdint.h>

#define SHMEMI_FNV_OFFSET 14695981039346656037ULL

/* Continues hash h over s; start from SHMEMI_FNV_OFFSET. */
static inline uint64_t shmemi_fnv(uint64_t h, const char *s)
{
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ULL;
    return h;
}

#endif
