// A local array indexed at run time (a stack frame), without printf.
extern "C" __global__ void k(int *p)
{
    int a[256];
    for (int i = 0; i < p[0]; i++)
        a[i & 255] = p[i + 2];
    p[1] = a[p[1] & 255];
}
