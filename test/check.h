/* Assertions for SPMD tests: a failure names the PE and the line, then ends
 * the whole job with a non-zero status so the launcher reports it. */
#ifndef TEST_CHECK_H
#define TEST_CHECK_H

#include <stdio.h>
#include <stdlib.h>

#include <shmem.h>

#define CHECK(cond, ...)                                                      \
    do {                                                                      \
        if (!(cond)) {                                                        \
            int q_;                                                           \
            shmem_query_initialized(&q_);                                     \
            fprintf(stderr, "FAIL PE %d %s:%d: %s: ", q_ ? shmem_my_pe() : -1, \
                    __FILE__, __LINE__, #cond);                               \
            fprintf(stderr, __VA_ARGS__);                                     \
            fprintf(stderr, "\n");                                            \
            fflush(stderr);                                                   \
            if (q_)                                                           \
                shmem_global_exit(1);                                         \
            exit(1);                                                          \
        }                                                                     \
    } while (0)

#endif
