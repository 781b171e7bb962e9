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

/* CHECK of got[k] == want for each k below n, want an expression of k: the
 * loop declares k (a size_t), so the caller names it, with a name the other
 * arguments do not use. The message, a string literal format and its
 * arguments, ends with the first k that differs and both values, printed as
 * integers, which the elements must be. A format may come without
 * arguments: ##__VA_ARGS__ (GNU C, as gcc and clang accept) drops the comma. */
#define CHECK_EACH(got, k, n, want, fmt, ...)                                 \
    do {                                                                      \
        for (size_t k = 0; k < (size_t)(n); k++)                              \
            CHECK((got)[k] == (want), fmt ": [%zu] of %zu is %#llx, want %#llx", \
                  ##__VA_ARGS__, k, (size_t)(n), (unsigned long long)(got)[k], \
                  (unsigned long long)(want));                                \
    } while (0)

#endif
