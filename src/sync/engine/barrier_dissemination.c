/* The k-ary dissemination barrier. In round r (distance k^r) every member
 * stores the barrier's sequence number into a flag of each of the members
 * j * k^r places further on (1 <= j < k), and waits until its own k-1 flags
 * of the round hold it. After round r a member has heard, directly or
 * through others, from every member up to k^(r+1) - 1 places before it, so
 * ceil(log_k N) rounds reach all N members, whatever N is. A store to a
 * member j * k^r >= N places away is skipped: the places below N are all
 * sums of such terms, so nothing is lost, and a team smaller than k takes
 * one round of N - 1 stores.
 *
 * A member is at most one barrier ahead of another (it cannot finish the
 * next one before the slow one enters it), so a flag holds the awaited
 * sequence number or the next one, and the wrap-safe comparison tells
 * both from the older values.
 *
 * With members in runs by node (d->group > 1), the members are the runs'
 * first ones: member i of the dissemination is team member i * group. */
#include "barrier_engine.h"

void shmemi_barrier_dissemination(const char *call, const struct shmemi_barrier_desc *d,
                                  uint32_t e)
{
    int g = d->group, n = d->size / g, me = d->my_index / g, k = d->k;
    int first = 0; /* the round's first flag */
    for (long long dist = 1; dist < n; dist *= k, first += k - 1) {
        int fan = 0;
        for (int j = 1; j < k && j * dist < n; j++, fan++) {
            int to = (int)((me + j * dist) % n) * g;
            _Atomic uint32_t *flag = shmemi_barrier_flag(d, first + j - 1);
            shmemi_barrier_notify(d, flag, to, e);
        }
        for (int j = 0; j < fan; j++)
            shmemi_barrier_wait(call, d, shmemi_barrier_flag(d, first + j), e);
    }
}
