// One global store.
extern "C" __global__ void k(int *p)
{
    if (p)
        *p = 1;
}
