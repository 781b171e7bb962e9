/* The element types of the sum reductions on streams, for the library's C
 * code and its kernels alike: Y(A, T, K, N, E, S) for each, with A passed
 * through, T the API's element type (void for the 16-bit floats, which C
 * has no type for), K the kernels' type, N the name in shmemx_N_..., E the
 * kernels' enumerator suffix and S the element's bytes. A C file never
 * expands K, so it need not know the CUDA types. */
#ifndef SHMEMI_SUM_TYPES_H
#define SHMEMI_SUM_TYPES_H

#define SHMEMI_STREAM_SUM_TYPES(Y, A)                                         \
    Y(A, int, int, int, INT, sizeof(int))                                     \
    Y(A, long, long, long, LONG, sizeof(long))                                \
    Y(A, float, float, float, FLOAT, sizeof(float))                           \
    Y(A, double, double, double, DOUBLE, sizeof(double))                      \
    Y(A, void, __half, half, HALF, 2)                                         \
    Y(A, void, __nv_bfloat16, bfloat16, BFLOAT16, 2)

#endif
