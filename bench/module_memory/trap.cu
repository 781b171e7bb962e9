// A trap on a path that is never taken.
extern "C" __global__ void k(int *p)
{
    if (p && *p == 7)
        __trap();
}
