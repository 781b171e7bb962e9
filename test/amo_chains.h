/* The chains of AMO calls that amo_typed.c runs on heap words and
 * statics_amo.c on global and static ones: every routine of a table in an
 * order whose every result is known. The caller defines `form` and
 * EXPECT(T, N, what, got, want), names the routine with F(N, op) and its
 * arguments with C(...) (a context form puts its context first), and gives
 * the word x on the right neighbour, res for the _nbi forms' fetched value
 * and QUIET, which completes them. */
#ifndef TEST_AMO_CHAINS_H
#define TEST_AMO_CHAINS_H

#include <stdint.h>

/* The standard table (with set, fetch and swap): x ends at (T)-5, a
 * wrapped value for unsigned types. */
#define AMO_STD_CHAIN(T, N, F, C, x, res, QUIET)                              \
    F(N, atomic_set)(C(x, (T)10, right));                                     \
    EXPECT(T, N, "fetch", F(N, atomic_fetch)(C(x, right)), 10);               \
    EXPECT(T, N, "fetch_inc", F(N, atomic_fetch_inc)(C(x, right)), 10);       \
    F(N, atomic_inc)(C(x, right));                                            \
    EXPECT(T, N, "fetch_add", F(N, atomic_fetch_add)(C(x, (T)5, right)), 12); \
    F(N, atomic_add)(C(x, (T)3, right));                                      \
    EXPECT(T, N, "failing compare_swap",                                      \
           F(N, atomic_compare_swap)(C(x, (T)19, (T)99, right)), 20);         \
    EXPECT(T, N, "compare_swap", F(N, atomic_compare_swap)(C(x, (T)20, (T)30, right)), 20); \
    EXPECT(T, N, "swap", F(N, atomic_swap)(C(x, (T)40, right)), 30);          \
    F(N, atomic_fetch_inc_nbi)(C(&res, x, right));                            \
    QUIET;                                                                    \
    EXPECT(T, N, "fetch_inc_nbi", res, 40);                                   \
    F(N, atomic_fetch_add_nbi)(C(&res, x, (T)9, right));                      \
    QUIET;                                                                    \
    EXPECT(T, N, "fetch_add_nbi", res, 41);                                   \
    F(N, atomic_compare_swap_nbi)(C(&res, x, (T)7, (T)0, right));             \
    QUIET;                                                                    \
    EXPECT(T, N, "failing compare_swap_nbi", res, 50);                        \
    F(N, atomic_compare_swap_nbi)(C(&res, x, (T)50, (T)60, right));           \
    QUIET;                                                                    \
    EXPECT(T, N, "compare_swap_nbi", res, 50);                                \
    F(N, atomic_swap_nbi)(C(&res, x, (T)70, right));                          \
    QUIET;                                                                    \
    EXPECT(T, N, "swap_nbi", res, 60);                                        \
    F(N, atomic_add)(C(x, (T)-75, right));                                    \
    F(N, atomic_fetch_nbi)(C(&res, x, right));                                \
    QUIET;                                                                    \
    EXPECT(T, N, "fetch_nbi", res, -5);

/* The extended table, with values exact in every row (float and double
 * included) and a negative one: x ends at (T)-9. */
#define AMO_EXT_CHAIN(T, N, F, C, x, res, QUIET)                              \
    F(N, atomic_set)(C(x, (T)3, right));                                      \
    EXPECT(T, N, "fetch", F(N, atomic_fetch)(C(x, right)), 3);                \
    EXPECT(T, N, "swap", F(N, atomic_swap)(C(x, (T)-2, right)), 3);           \
    F(N, atomic_swap_nbi)(C(&res, x, (T)7, right));                           \
    QUIET;                                                                    \
    EXPECT(T, N, "swap_nbi", res, -2);                                        \
    F(N, atomic_fetch_nbi)(C(&res, x, right));                                \
    QUIET;                                                                    \
    EXPECT(T, N, "fetch_nbi", res, 7);                                        \
    F(N, atomic_set)(C(x, (T)-9, right));

/* The highest bit of T's word. */
#define AMO_TOP(T) ((T)((uint64_t)1 << (8 * sizeof(T) - 1)))

/* The bitwise table over the full width of the word: x ends at
 * AMO_TOP(T) | 0x01. */
#define AMO_BIT_CHAIN(T, N, F, C, x, res, QUIET)                              \
    F(N, atomic_set)(C(x, (T)0xF0, right));                                   \
    EXPECT(T, N, "fetch_and", F(N, atomic_fetch_and)(C(x, (T)0x3C, right)), 0xF0); \
    F(N, atomic_and)(C(x, (T)0x10, right));                                   \
    EXPECT(T, N, "fetch_or", F(N, atomic_fetch_or)(C(x, (T)0x0F, right)), 0x10); \
    F(N, atomic_or)(C(x, (T)0x40, right));                                    \
    EXPECT(T, N, "fetch_xor", F(N, atomic_fetch_xor)(C(x, (T)0xFF, right)), 0x5F); \
    F(N, atomic_xor)(C(x, (T)0x0A, right));                                   \
    F(N, atomic_fetch_and_nbi)(C(&res, x, (T)0x0F, right));                   \
    QUIET;                                                                    \
    EXPECT(T, N, "fetch_and_nbi", res, 0xAA);                                 \
    F(N, atomic_fetch_or_nbi)(C(&res, x, AMO_TOP(T), right));                 \
    QUIET;                                                                    \
    EXPECT(T, N, "fetch_or_nbi", res, 0x0A);                                  \
    F(N, atomic_fetch_xor_nbi)(C(&res, x, (T)0x0B, right));                   \
    QUIET;                                                                    \
    EXPECT(T, N, "fetch_xor_nbi", res, AMO_TOP(T) | 0x0A);

#endif
