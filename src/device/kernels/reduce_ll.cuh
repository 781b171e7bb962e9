// The small sums on a stream: no barrier. Each PE stores its
// source, 8 bytes to a 16-byte line with the call's number twice beside
// them, into its lines of every member's buffer, then sums the members'
// lines of its own buffer as each arrives, in member order (so every PE
// ends with the same bits). Each 4-byte half of the data shares an
// aligned 8-byte word with a copy of the number, and such a word lands
// whole, so a line whose numbers match holds its data: no fence, and no
// trip over NVLink but the stores. The multi-block sum (reduce.cuh) needs
// two barriers, about one such trip and a system fence each: 3.4 against
// 8.0 us at 8 bytes on 2 H200s
// (bench/results/2026-11-28-collectives-4gpu.md).
//
// Two buffers, used in turn, make a line safe to overwrite: a PE writes
// buffer b in call e only after its call e - 1 (every block of it) saw
// every member's lines of that call, which each member stored after
// finishing call e - 2, the last that read buffer b.
//
// Each member runs the same grid, a thread a line (or every step-th line
// past one thread each). A line carries 8 bytes in 16 to every member,
// where the multi-block sum moves each byte once; that sum wins at larger
// sizes (between 256 KiB and 1 MiB at 2 and 4 PEs:
// bench/results/2026-11-28-sums-ll-2gpu.md).
//
// Included after reduce.cuh (kernels.cu), whose call name it uses; its
// element units are the device API's (shmemi_dev_units, coll.h).

// One line: 8 bytes of data as two halves, each beside a copy of the
// call's number.
struct shmemi_k_ll_line {
    unsigned lo, flag_lo, hi, flag_hi;
};

__device__ inline void shmemi_k_ll_store(shmemi_k_ll_line *to, unsigned long long data,
                                         unsigned e)
{
    asm volatile("st.volatile.global.v4.u32 [%0], {%1, %2, %3, %4};" ::"l"(to),
                 "r"((unsigned)data), "r"(e), "r"((unsigned)(data >> 32)), "r"(e)
                 : "memory");
}

// The data of a line of call e, once both its halves are there.
__device__ inline unsigned long long shmemi_k_ll_wait(const shmemi_k_ll_line *from, unsigned e)
{
    unsigned spins = 0;
    for (;;) {
        unsigned lo, flo, hi, fhi;
        asm volatile("ld.volatile.global.v4.u32 {%0, %1, %2, %3}, [%4];"
                     : "=r"(lo), "=r"(flo), "=r"(hi), "=r"(fhi)
                     : "l"(from)
                     : "memory");
        if (flo == e && fhi == e)
            return (unsigned long long)hi << 32 | lo;
        shmemi_dev_spin(&spins);
    }
}

template <class T>
__device__ void shmemi_k_suml(unsigned long long team, T *dest, const T *source, size_t n)
{
    typedef typename shmemi_dev_acc<T>::type A;
    const int V = 8 / sizeof(T);
    typedef shmemi_dev_units<T, 8 / sizeof(T)> W;
    const struct shmemi_device_team *t = shmemi_k_team(team);
    const unsigned long long all = shmemi_dstate.team_ll_lines;
    char *slot = shmemi_dstate.team_ll + (size_t)t->slot * shmemi_team_ll_bytes(all);
    // The call's number: 64 bits, so that the 32 stored with the data
    // never repeat the previous one of the same buffer. The last block to
    // finish counts the call; the next call, later on the stream, reads it.
    unsigned long long *count = (unsigned long long *)slot;
    unsigned *done = (unsigned *)(slot + sizeof *count);
    const unsigned long long e = *(volatile unsigned long long *)count + 1;
    shmemi_k_ll_line *buf = (shmemi_k_ll_line *)(slot + SHMEMI_TEAM_LL_HEAD) + (e & 1) * all;
    const size_t per = all / t->size, lines = (n + V - 1) / V;
    const size_t first = (size_t)blockIdx.x * blockDim.x + threadIdx.x,
                 step = (size_t)gridDim.x * blockDim.x;
    const int size = t->size, me = t->my_index;
    for (size_t l = first; l < lines; l += step) {
        W w;
#pragma unroll
        for (int k = 0; k < V; k++)
            w.x[k] = l * V + k < n ? source[l * V + k] : (T)(A)0;
        unsigned long long data;
        memcpy(&data, &w, 8);
        // This PE's first member after itself first, as the larger sums do,
        // so that the members' stores spread over the links.
        for (int i = 1; i <= size; i++)
            shmemi_k_ll_store(shmemi_k_member(shmemi_k_sum_call, buf + me * per + l, t->start,
                                              t->stride, (me + i) % size),
                              data, (unsigned)e);
    }
    // A thread waits only for lines that the same thread of each member
    // stores before its own waits, so the blocks need not all be resident.
    for (size_t l = first; l < lines; l += step) {
        A sum[V];
#pragma unroll
        for (int k = 0; k < V; k++)
            sum[k] = 0;
        for (int m = 0; m < size; m++) {
            unsigned long long data = shmemi_k_ll_wait(buf + m * per + l, (unsigned)e);
            W w;
            memcpy(&w, &data, 8);
#pragma unroll
            for (int k = 0; k < V; k++)
                sum[k] += (A)w.x[k];
        }
#pragma unroll
        for (int k = 0; k < V; k++)
            if (l * V + k < n)
                dest[l * V + k] = (T)sum[k];
    }
    __syncthreads();
    if (threadIdx.x == 0 && (gridDim.x == 1 || atomicAdd(done, 1) == gridDim.x - 1)) {
        *done = 0;
        *count = e;
    }
}

#define SHMEMI_K_SUML(A, T, K, N, E, S)                                       \
    extern "C" __global__ void shmemi_k_suml_##N(unsigned long long team,     \
                                                 K *dest, const K *source,    \
                                                 size_t n)                    \
    {                                                                         \
        shmemi_k_suml<K>(team, dest, source, n);                              \
    }
SHMEMI_STREAM_SUM_TYPES(SHMEMI_K_SUML, _)
#undef SHMEMI_K_SUML
