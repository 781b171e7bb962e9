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
 * a type listed twice, so generic selection is expanded from this list. */
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

#endif
