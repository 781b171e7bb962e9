/* Typed RMA: put, get, their _nbi and strided forms, p and g, with and
 * without a context, for every row of the standard RMA type table, and the
 * C11 generic names for every distinct C type. Each PE writes to its right
 * neighbour and reads from its left one, so every PE count, odd ones
 * included, moves data between different PEs (or to itself at 1 PE). */
#include "check.h"
#include "ring.h"

#define NE 10       /* elements per transfer */
#define RS (4 * NE) /* elements per region: room for strides up to 4 */
#define NREG 10     /* one region per put form, one round per get form */

/* Element strides of each put region (target, source) and each get round
 * (local, source): plain transfers use 1, the strided ones mix the two. */
static const int put_dst[NREG] = {1, 1, 1, 1, 1, 3, 2, 4, 1, 1};
static const int put_src[NREG] = {1, 1, 1, 1, 1, 2, 4, 1, 1, 1};
static const int get_dst[NREG] = {1, 1, 1, 1, 1, 2, 3, 1, 1, 1};
static const int get_src[NREG] = {1, 1, 1, 1, 1, 3, 2, 4, 1, 1};

/* Small positive integers, exact in every type of the table (signed char
 * and float included), that differ between neighbouring PEs and regions. */
#define VAL(T, pe, reg, i) ((T)(((pe) * 31 + (reg) * 11 + (i) * 3) % 97 + 1))
#define GET_REG 20

/* How a test names a routine: F for the plain form, CF for the context
 * form. Typed names carry the type name, generic ones do not. */
#define TF(N, op) shmem_##N##_##op
#define TCF(N, op) shmem_ctx_##N##_##op
#define GF(N, op) shmem_##op
#define GCF(N, op) shmem_##op

#define RMA_TEST(T, N, F, CF)                                                 \
    static void F##_##N(void)                                                 \
    {                                                                         \
        const shmem_ctx_t ctx = SHMEM_CTX_DEFAULT;                            \
        T *dst = shmem_calloc(NREG * RS, sizeof(T));                          \
        T *src = shmem_malloc(RS * sizeof(T));                                \
        CHECK(dst && src, #F " " #N ": allocation");                          \
        for (int j = 0; j < RS; j++)                                          \
            src[j] = VAL(T, me, GET_REG, j);                                  \
        T loc[RS];                                                            \
        for (int r = 0; r < NREG; r++) {                                      \
            /* Only the elements at the source stride may be delivered. */    \
            for (int j = 0; j < RS; j++)                                      \
                loc[j] = VAL(T, me, 50 + r, j);                               \
            for (int i = 0; i < NE; i++)                                      \
                loc[i * put_src[r]] = VAL(T, me, r, i);                       \
            T *d = dst + r * RS;                                              \
            switch (r) {                                                      \
            case 0: F(N, put)(d, loc, NE, right); break;                      \
            case 1: CF(N, put)(ctx, d, loc, NE, right); break;                \
            /* loc is rewritten next round: an nbi source must not change     \
             * before quiet. */                                               \
            case 2: F(N, put_nbi)(d, loc, NE, right); shmem_quiet(); break;   \
            case 3:                                                           \
                CF(N, put_nbi)(ctx, d, loc, NE, right);                       \
                shmem_ctx_quiet(ctx);                                         \
                break;                                                        \
            case 4: F(N, iput)(d, loc, put_dst[r], put_src[r], NE, right); break; \
            case 5:                                                           \
                CF(N, iput)(ctx, d, loc, put_dst[r], put_src[r], NE, right);  \
                break;                                                        \
            case 6: F(N, iput)(d, loc, put_dst[r], put_src[r], NE, right); break; \
            case 7:                                                           \
                CF(N, iput)(ctx, d, loc, put_dst[r], put_src[r], NE, right);  \
                break;                                                        \
            case 8:                                                           \
                for (int i = 0; i < NE; i++)                                  \
                    F(N, p)(d + i, loc[i], right);                            \
                break;                                                        \
            default:                                                          \
                for (int i = 0; i < NE; i++)                                  \
                    CF(N, p)(ctx, d + i, loc[i], right);                      \
                break;                                                        \
            }                                                                 \
        }                                                                     \
        shmem_barrier_all();                                                  \
        for (int r = 0; r < NREG; r++)                                        \
            for (int j = 0; j < RS; j++) {                                    \
                int s = put_dst[r], hit = j % s == 0 && j / s < NE;           \
                T want = hit ? VAL(T, left, r, j / s) : (T)0;                 \
                CHECK(dst[r * RS + j] == want,                                \
                      #F " " #N ": put form %d, element %d: %g, want %g", r, \
                      j, (double)dst[r * RS + j], (double)want);              \
            }                                                                 \
        T out[RS];                                                            \
        for (int r = 0; r < NREG; r++) {                                      \
            for (int j = 0; j < RS; j++)                                      \
                out[j] = (T)0;                                                \
            switch (r) {                                                      \
            case 0: F(N, get)(out, src, NE, left); break;                     \
            case 1: CF(N, get)(ctx, out, src, NE, left); break;               \
            case 2: F(N, get_nbi)(out, src, NE, left); shmem_quiet(); break;  \
            case 3:                                                           \
                CF(N, get_nbi)(ctx, out, src, NE, left);                      \
                shmem_ctx_quiet(ctx);                                         \
                break;                                                        \
            case 4: F(N, iget)(out, src, get_dst[r], get_src[r], NE, left); break; \
            case 5:                                                           \
                CF(N, iget)(ctx, out, src, get_dst[r], get_src[r], NE, left); \
                break;                                                        \
            case 6: F(N, iget)(out, src, get_dst[r], get_src[r], NE, left); break; \
            case 7:                                                           \
                CF(N, iget)(ctx, out, src, get_dst[r], get_src[r], NE, left); \
                break;                                                        \
            case 8:                                                           \
                for (int i = 0; i < NE; i++)                                  \
                    out[i] = F(N, g)(src + i, left);                          \
                break;                                                        \
            default:                                                          \
                for (int i = 0; i < NE; i++)                                  \
                    out[i] = CF(N, g)(ctx, src + i, left);                    \
                break;                                                        \
            }                                                                 \
            for (int j = 0; j < RS; j++) {                                    \
                int s = get_dst[r], hit = j % s == 0 && j / s < NE;           \
                T want = hit ? VAL(T, left, GET_REG, j / s * get_src[r]) : (T)0; \
                CHECK(out[j] == want,                                         \
                      #F " " #N ": get form %d, element %d: %g, want %g", r, \
                      j, (double)out[j], (double)want);                       \
            }                                                                 \
        }                                                                     \
        shmem_free(src);                                                      \
        shmem_free(dst);                                                      \
    }

#define TYPED_TEST(T, N) RMA_TEST(T, N, TF, TCF)
SHMEMI_RMA_TYPES(TYPED_TEST)
/* The generic names expand SHMEMI_RMA_GENERIC_TYPES themselves, which the
 * preprocessor refuses inside an expansion of that same table, so these rows
 * are written out; main runs them from the table, so a row missing here
 * fails to link and an extra one is an unused function. */
RMA_TEST(float, float, GF, GCF)
RMA_TEST(double, double, GF, GCF)
RMA_TEST(long double, longdouble, GF, GCF)
RMA_TEST(char, char, GF, GCF)
RMA_TEST(signed char, schar, GF, GCF)
RMA_TEST(short, short, GF, GCF)
RMA_TEST(int, int, GF, GCF)
RMA_TEST(long, long, GF, GCF)
RMA_TEST(long long, longlong, GF, GCF)
RMA_TEST(unsigned char, uchar, GF, GCF)
RMA_TEST(unsigned short, ushort, GF, GCF)
RMA_TEST(unsigned int, uint, GF, GCF)
RMA_TEST(unsigned long, ulong, GF, GCF)
RMA_TEST(unsigned long long, ulonglong, GF, GCF)

int main(void)
{
    ring_start();

#define RUN_TYPED(T, N) TF_##N();
    SHMEMI_RMA_TYPES(RUN_TYPED)
#define RUN_GENERIC(T, N) GF_##N();
    SHMEMI_RMA_GENERIC_TYPES(RUN_GENERIC)

    shmem_finalize();
    return 0;
}
