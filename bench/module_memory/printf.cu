// A printf with an argument (an 8-byte stack frame) on a path never taken.
#include <cstdio>
extern "C" __global__ void k(int *p)
{
    if (p && *p == 7)
        printf("%d\n", p[1]);
}
