/* The OpenSHMEM type tables, written once. Every typed routine, every C11
 * generic selector, every C++ overload and the symbol-coverage test are
 * expanded from these lists; never write a typed variant by hand.
 *
 * Each X(TYPE, TYPENAME) entry is one row of the specification's table. */
#ifndef SHMEM_TYPES_H
#define SHMEM_TYPES_H

#include <stddef.h>
#include <stdint.h>

/* Table "Standard RMA Types and Names". */
#define SHMEMI_RMA_TYPES(X)                                                   \
    X(float, float)                                                           \
    X(double, double)                                                         \
    X(long double, longdouble)                                                \
    X(char, char)                                                             \
    X(signed char, schar)                                                     \
    X(short, short)                                                           \
    X(int, int)                                                               \
    X(long, long)                                                             \
    X(long long, longlong)                                                    \
    X(unsigned char, uchar)                                                   \
    X(unsigned short, ushort)                                                 \
    X(unsigned int, uint)                                                     \
    X(unsigned long, ulong)                                                   \
    X(unsigned long long, ulonglong)                                          \
    X(int8_t, int8)                                                           \
    X(int16_t, int16)                                                         \
    X(int32_t, int32)                                                         \
    X(int64_t, int64)                                                         \
    X(uint8_t, uint8)                                                         \
    X(uint16_t, uint16)                                                       \
    X(uint32_t, uint32)                                                       \
    X(uint64_t, uint64)                                                       \
    X(size_t, size)                                                           \
    X(ptrdiff_t, ptrdiff)

/* The rows of the RMA table that are distinct C types. The fixed-width and
 * size types are typedefs of these, and _Generic and C++ overloading reject
 * a type listed twice, so generic selection is expanded from this list.
 * It repeats rows of the table above on purpose: were one list built from
 * the other, a generic name used inside an expansion of the outer list
 * would meet its own table macro mid-expansion, which the preprocessor
 * leaves unexpanded. */
#define SHMEMI_RMA_GENERIC_TYPES(X)                                           \
    X(float, float)                                                           \
    X(double, double)                                                         \
    X(long double, longdouble)                                                \
    X(char, char)                                                             \
    X(signed char, schar)                                                     \
    X(short, short)                                                           \
    X(int, int)                                                               \
    X(long, long)                                                             \
    X(long long, longlong)                                                    \
    X(unsigned char, uchar)                                                   \
    X(unsigned short, ushort)                                                 \
    X(unsigned int, uint)                                                     \
    X(unsigned long, ulong)                                                   \
    X(unsigned long long, ulonglong)

/* Table "Point-to-Point Synchronization Types and Names". */
#define SHMEMI_P2P_TYPES(X)                                                   \
    X(short, short)                                                           \
    X(int, int)                                                               \
    X(long, long)                                                             \
    X(long long, longlong)                                                    \
    X(unsigned short, ushort)                                                 \
    X(unsigned int, uint)                                                     \
    X(unsigned long, ulong)                                                   \
    X(unsigned long long, ulonglong)                                          \
    X(int32_t, int32)                                                         \
    X(int64_t, int64)                                                         \
    X(uint32_t, uint32)                                                       \
    X(uint64_t, uint64)                                                       \
    X(size_t, size)                                                           \
    X(ptrdiff_t, ptrdiff)

/* The distinct C types of the point-to-point table, for generic selection. */
#define SHMEMI_P2P_GENERIC_TYPES(X)                                           \
    X(short, short)                                                           \
    X(int, int)                                                               \
    X(long, long)                                                             \
    X(long long, longlong)                                                    \
    X(unsigned short, ushort)                                                 \
    X(unsigned int, uint)                                                     \
    X(unsigned long, ulong)                                                   \
    X(unsigned long long, ulonglong)

/* Sized RMA routines: X(BITS), element size BITS/8 bytes. */
#define SHMEMI_SIZES(X) X(8) X(16) X(32) X(64) X(128)

/* ---- Atomic memory operations (the AMO, signal and lock area) ---- */

/* Table "Standard AMO Types and Names": compare_swap, fetch_inc, inc,
 * fetch_add, add (and the _nbi fetching forms). */
#define SHMEMI_AMO_STANDARD_TYPES(X)                                          \
    X(int, int)                                                               \
    X(long, long)                                                             \
    X(long long, longlong)                                                    \
    X(unsigned int, uint)                                                     \
    X(unsigned long, ulong)                                                   \
    X(unsigned long long, ulonglong)                                          \
    X(int32_t, int32)                                                         \
    X(int64_t, int64)                                                         \
    X(uint32_t, uint32)                                                       \
    X(uint64_t, uint64)                                                       \
    X(size_t, size)                                                           \
    X(ptrdiff_t, ptrdiff)

/* Table "Extended AMO Types and Names": fetch, set, swap. */
#define SHMEMI_AMO_EXTENDED_TYPES(X)                                          \
    X(float, float)                                                           \
    X(double, double)                                                         \
    SHMEMI_AMO_STANDARD_TYPES(X)

/* Table "Bitwise AMO Types and Names": and, or, xor. */
#define SHMEMI_AMO_BITWISE_TYPES(X)                                           \
    X(unsigned int, uint)                                                     \
    X(unsigned long, ulong)                                                   \
    X(unsigned long long, ulonglong)                                          \
    X(int32_t, int32)                                                         \
    X(int64_t, int64)                                                         \
    X(uint32_t, uint32)                                                       \
    X(uint64_t, uint64)

/* The distinct C types of each AMO table, for generic selection. The
 * bitwise table names no plain signed type, so its signed rows stay as the
 * fixed-width types (which are never the unsigned ones). */
#define SHMEMI_AMO_STANDARD_GENERIC_TYPES(X)                                  \
    X(int, int)                                                               \
    X(long, long)                                                             \
    X(long long, longlong)                                                    \
    X(unsigned int, uint)                                                     \
    X(unsigned long, ulong)                                                   \
    X(unsigned long long, ulonglong)
#define SHMEMI_AMO_EXTENDED_GENERIC_TYPES(X)                                  \
    X(float, float)                                                           \
    X(double, double)                                                         \
    SHMEMI_AMO_STANDARD_GENERIC_TYPES(X)
#define SHMEMI_AMO_BITWISE_GENERIC_TYPES(X)                                   \
    X(unsigned int, uint)                                                     \
    X(unsigned long, ulong)                                                   \
    X(unsigned long long, ulonglong)                                          \
    X(int32_t, int32)                                                         \
    X(int64_t, int64)

/* The deprecated pre-1.4 AMO names (shmem_int_fadd, shmem_long_cswap, ...),
 * still listed by 1.5: cswap, finc, inc, fadd and add for these types... */
#define SHMEMI_AMO_DEPRECATED_TYPES(X)                                        \
    X(int, int)                                                               \
    X(long, long)                                                             \
    X(long long, longlong)
/* ...and fetch, set and swap also for float and double. */
#define SHMEMI_AMO_DEPRECATED_EXTENDED_TYPES(X)                               \
    X(float, float)                                                           \
    X(double, double)                                                         \
    SHMEMI_AMO_DEPRECATED_TYPES(X)

/* ---- Collectives ---- */

/* Table "Reduction Types, Names, and Supporting Operations for Team-Based
 * Reductions", one list per class of operations, each class adding rows to
 * the one before: AND, OR, XOR; then MAX, MIN; then SUM, PROD (and the 1.6
 * scans, which take the SUM rows). These tables pass their second argument
 * A on to every X(TYPE, TYPENAME, A), so that one table serves every
 * operation of its class. */
#define SHMEMI_REDUCE_BITWISE_TYPES(X, A)                                     \
    X(unsigned char, uchar, A)                                                \
    X(unsigned short, ushort, A)                                              \
    X(unsigned int, uint, A)                                                  \
    X(unsigned long, ulong, A)                                                \
    X(unsigned long long, ulonglong, A)                                       \
    X(int8_t, int8, A)                                                        \
    X(int16_t, int16, A)                                                      \
    X(int32_t, int32, A)                                                      \
    X(int64_t, int64, A)                                                      \
    X(uint8_t, uint8, A)                                                      \
    X(uint16_t, uint16, A)                                                    \
    X(uint32_t, uint32, A)                                                    \
    X(uint64_t, uint64, A)                                                    \
    X(size_t, size, A)
#define SHMEMI_REDUCE_MINMAX_TYPES(X, A)                                      \
    X(char, char, A)                                                          \
    X(signed char, schar, A)                                                  \
    X(short, short, A)                                                        \
    X(int, int, A)                                                            \
    X(long, long, A)                                                          \
    X(long long, longlong, A)                                                 \
    X(ptrdiff_t, ptrdiff, A)                                                  \
    SHMEMI_REDUCE_BITWISE_TYPES(X, A)                                         \
    X(float, float, A)                                                        \
    X(double, double, A)                                                      \
    X(long double, longdouble, A)
#define SHMEMI_REDUCE_ARITH_TYPES(X, A)                                       \
    SHMEMI_REDUCE_MINMAX_TYPES(X, A)                                          \
    X(double _Complex, complexd, A)                                           \
    X(float _Complex, complexf, A)

/* The operations and the class of types each takes: X(CLASS, OP) names the
 * table SHMEMI_REDUCE_<CLASS>_TYPES. */
#define SHMEMI_REDUCE_OPS(X)                                                  \
    X(BITWISE, and)                                                           \
    X(BITWISE, or)                                                            \
    X(BITWISE, xor)                                                           \
    X(MINMAX, max)                                                            \
    X(MINMAX, min)                                                            \
    X(ARITH, sum)                                                             \
    X(ARITH, prod)

/* The distinct C types of each reduction class, for generic selection. The
 * bitwise table names no plain signed type, so its signed rows stay as the
 * fixed-width types (which are never the unsigned ones); the other classes
 * list the standard types, of which the fixed-width, size and ptrdiff types
 * are typedefs. */
#define SHMEMI_REDUCE_BITWISE_GENERIC_TYPES(X, A)                             \
    X(unsigned char, uchar, A)                                                \
    X(unsigned short, ushort, A)                                              \
    X(unsigned int, uint, A)                                                  \
    X(unsigned long, ulong, A)                                                \
    X(unsigned long long, ulonglong, A)                                       \
    X(int8_t, int8, A)                                                        \
    X(int16_t, int16, A)                                                      \
    X(int32_t, int32, A)                                                      \
    X(int64_t, int64, A)
#define SHMEMI_REDUCE_MINMAX_GENERIC_TYPES(X, A)                              \
    X(char, char, A)                                                          \
    X(signed char, schar, A)                                                  \
    X(short, short, A)                                                        \
    X(int, int, A)                                                            \
    X(long, long, A)                                                          \
    X(long long, longlong, A)                                                 \
    X(unsigned char, uchar, A)                                                \
    X(unsigned short, ushort, A)                                              \
    X(unsigned int, uint, A)                                                  \
    X(unsigned long, ulong, A)                                                \
    X(unsigned long long, ulonglong, A)                                       \
    X(float, float, A)                                                        \
    X(double, double, A)                                                      \
    X(long double, longdouble, A)
#define SHMEMI_REDUCE_ARITH_GENERIC_TYPES(X, A)                               \
    SHMEMI_REDUCE_MINMAX_GENERIC_TYPES(X, A)                                  \
    X(double _Complex, complexd, A)                                           \
    X(float _Complex, complexf, A)

/* Table "Reduction Types, Names and Supporting Operations for Active-Set-
 * Based Reductions": the deprecated shmem_TYPENAME_OP_to_all routines. */
#define SHMEMI_TO_ALL_BITWISE_TYPES(X, A)                                     \
    X(short, short, A)                                                        \
    X(int, int, A)                                                            \
    X(long, long, A)                                                          \
    X(long long, longlong, A)
#define SHMEMI_TO_ALL_MINMAX_TYPES(X, A)                                      \
    SHMEMI_TO_ALL_BITWISE_TYPES(X, A)                                         \
    X(float, float, A)                                                        \
    X(double, double, A)                                                      \
    X(long double, longdouble, A)
#define SHMEMI_TO_ALL_ARITH_TYPES(X, A)                                       \
    SHMEMI_TO_ALL_MINMAX_TYPES(X, A)                                          \
    X(double _Complex, complexd, A)                                           \
    X(float _Complex, complexf, A)

/* The deprecated sized collectives (shmem_broadcast32, ...): X(BITS). */
#define SHMEMI_COLL_SIZES(X) X(32) X(64)

#endif
