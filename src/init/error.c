#include "error.h"

#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "runtime.h"

_Thread_local int shmemi_runtime_thread;

/* The library leaves with _exit, so that no atexit handler or destructor
 * of the program runs against a job that is going down; but _exit drops
 * what the program's stdio buffers hold, and a program whose stdout is a
 * file or a pipe would lose its last lines. So they are flushed first, as
 * exit() would: fflush(NULL) from a thread of the program, which is inside
 * a library call and holds no stream's lock. A runtime thread may end the
 * process while a thread of the program holds a stream's lock, perhaps for
 * ever (blocked writing to a full pipe), and fflush(NULL) would wait for
 * it: there only stdout and stderr are flushed, each only if its lock is
 * free (ftrylockfile). None of this may run in a signal handler (fflush is
 * not async-signal-safe): the library installs no handler, so its exit
 * paths run only in a thread's normal flow. SIGPIPE is blocked first: a
 * reader that went away must not kill the process before the job hears
 * why it ends. */
void shmemi_flush_stdio(void)
{
    sigset_t pipe;
    sigemptyset(&pipe);
    sigaddset(&pipe, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe, NULL);
    if (!shmemi_runtime_thread) {
        fflush(NULL);
        return;
    }
    FILE *streams[] = {stdout, stderr};
    for (size_t i = 0; i < sizeof streams / sizeof *streams; i++)
        if (ftrylockfile(streams[i]) == 0) {
            fflush(streams[i]);
            funlockfile(streams[i]);
        }
}

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
    if (shmemi_state.leave_with_an_end)
        shmemi_state.leave_with_an_end();
    shmemi_flush_stdio();
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
