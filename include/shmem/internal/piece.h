/* How the library's multi-block kernels and the device API's block
 * collectives cut work into even pieces: one definition for the host
 * and the GPU. */
#ifndef SHMEMI_PIECE_H
#define SHMEMI_PIECE_H

#include <stddef.h>

#if defined(__CUDACC__)
#define SHMEMI_PIECE_HD __host__ __device__
#else
#define SHMEMI_PIECE_HD
#endif

/* The first of piece p's items when n items are cut into `pieces` pieces
 * as even as can be (p = pieces gives n). */
static inline SHMEMI_PIECE_HD size_t shmemi_piece(size_t n, size_t pieces, size_t p)
{
    size_t q = n / pieces, r = n % pieces;
    return q * p + (p < r ? p : r);
}

#endif
