/* The operations shmemi_amo performs, shared with the library's kernels
 * (src/device/kernels/amo.cuh), which perform them on a device heap: the
 * values cross from C to the kernel as plain ints. */
#ifndef SHMEMI_AMO_OP_H
#define SHMEMI_AMO_OP_H

enum shmemi_amo_op {
    SHMEMI_AMO_FETCH, /* returns the word */
    SHMEMI_AMO_SET,   /* stores value */
    SHMEMI_AMO_SWAP,  /* stores value, returns the old word */
    SHMEMI_AMO_CSWAP, /* stores value if the word equals cond; returns the old word */
    SHMEMI_AMO_ADD,   /* these four return the old word */
    SHMEMI_AMO_AND,
    SHMEMI_AMO_OR,
    SHMEMI_AMO_XOR,
};

#endif
