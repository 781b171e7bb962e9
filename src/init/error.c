#include "error.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "runtime.h"

static void vreport(const char *call, const char *fmt, va_list ap)
{
    char msg[1024];
    int n;
    if (shmemi_state.boot.name)
        n = snprintf(msg, sizeof msg, "[shmem PE %d] %s: ", shmemi_state.my_pe, call);
    else
        n = snprintf(msg, sizeof msg, "[shmem pid %d] %s: ", (int)getpid(), call);
    if (n < 0 || (size_t)n >= sizeof msg)
        n = 0;
    vsnprintf(msg + n, sizeof msg - (size_t)n, fmt, ap);
    /* One write per message keeps lines of several PEs from interleaving. */
    size_t len = strlen(msg);
    if (len + 1 < sizeof msg) {
        msg[len++] = '\n';
    } else {
        msg[sizeof msg - 1] = '\n';
        len = sizeof msg;
    }
    ssize_t w = write(STDERR_FILENO, msg, len);
    (void)w;
}

void shmemi_warn(const char *call, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(call, fmt, ap);
    va_end(ap);
}

void shmemi_fatal(const char *call, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(call, fmt, ap);
    va_end(ap);
    if (shmemi_state.end_job) {
        char why[128];
        snprintf(why, sizeof why, "a fatal error in %s on PE %d (its message says what)", call,
                 shmemi_state.my_pe);
        shmemi_state.end_job(1, why);
    }
    if (shmemi_state.boot.abort)
        shmemi_state.boot.abort(1, "fatal error");
    _exit(1);
}
