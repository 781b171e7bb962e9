/* The inputs of the reduction tests and the combination each expects,
 * shared by the team and active-set tests. */
#ifndef TEST_COLL_INPUTS_H
#define TEST_COLL_INPUTS_H

#include <complex.h>

/* Inputs of member k, element i: exact in every type of the table (char
 * and float included), with negatives for max and min, and products that
 * stay small; complex rows get imaginary parts. */
#define CV(T, re, im)                                                         \
    _Generic((T)0,                                                            \
        float _Complex: (T)((float)(re) + (float)(im) * I),                   \
        double _Complex: (T)((double)(re) + (double)(im) * I),                \
        default: (T)(re))
#define IN_and(T, k, i) ((T)~(T)(1u << ((k) + (i)) % 8))
#define IN_or(T, k, i) ((T)(1u << ((k) * 3 + (i)) % 8))
#define IN_xor(T, k, i) ((T)(((k) + 1) * ((i) % 13 + 1) & 0x7f))
#define IN_max(T, k, i) ((T)(((k) * 5 + (int)(i) * 3) % 11 - 5))
#define IN_min(T, k, i) IN_max(T, k, i)
#define IN_sum(T, k, i) CV(T, ((k) + 1) * ((i) % 7 + 1), (k) - (int)((i) % 3))
#define IN_prod(T, k, i) CV(T, 1 + ((k) + (i)) % 2, ((k) + (i)) % 2 && (i) % 3 == 0)
#define IN_inscan IN_sum
#define IN_exscan IN_sum

#define OP_and(a, b) ((a) & (b))
#define OP_or(a, b) ((a) | (b))
#define OP_xor(a, b) ((a) ^ (b))
#define OP_max(a, b) ((a) > (b) ? (a) : (b))
#define OP_min(a, b) ((a) < (b) ? (a) : (b))
#define OP_sum(a, b) ((a) + (b))
#define OP_prod(a, b) ((a) * (b))
#define OP_inscan OP_sum
#define OP_exscan OP_sum

#endif
