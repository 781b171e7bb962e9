#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "error.h"
#include "hash.h"
#include "runtime.h"

struct shmemi_config shmemi_config;

int shmemi_parse_size(const char *text, size_t *out)
{
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (end == text || errno != 0 || v < 0 || !isfinite(v))
        return -1;
    double scale = 1;
    switch (toupper((unsigned char)*end)) {
    case 'K': scale = 1024.0; end++; break;
    case 'M': scale = 1024.0 * 1024; end++; break;
    case 'G': scale = 1024.0 * 1024 * 1024; end++; break;
    case 'T': scale = 1024.0 * 1024 * 1024 * 1024; end++; break;
    default: break;
    }
    if (*end == 'B' || *end == 'b')
        end++;
    if (*end != '\0' || v * scale >= 18446744073709551615.0)
        return -1;
    *out = (size_t)(v * scale);
    return 0;
}

static int parse_bool(const char *text, int *out)
{
    static const char *yes[] = {"1", "y", "yes", "true", "on"};
    static const char *no[] = {"0", "n", "no", "false", "off"};
    for (size_t i = 0; i < sizeof yes / sizeof *yes; i++) {
        if (strcasecmp(text, yes[i]) == 0) { *out = 1; return 0; }
        if (strcasecmp(text, no[i]) == 0) { *out = 0; return 0; }
    }
    return -1;
}

/* Digits only: no sign, no fraction, no suffix, which a count of things or
 * of seconds would silently lose or misread. */
static int parse_whole(const char *text, size_t *out)
{
    if (!isdigit((unsigned char)*text))
        return -1;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (*end != '\0' || errno != 0 || v > SIZE_MAX)
        return -1;
    *out = (size_t)v;
    return 0;
}

static int parse_kind_bool(const char *t, int *o) { return parse_bool(t, o); }
static int parse_kind_size(const char *t, size_t *o) { return shmemi_parse_size(t, o); }
static int parse_kind_count(const char *t, size_t *o) { return parse_whole(t, o); }
static int parse_kind_seconds(const char *t, size_t *o) { return parse_whole(t, o); }
static int parse_kind_string(const char *t, const char **o) { *o = t; return 0; }

static const char *expect_bool = "0/1, yes/no, true/false or on/off";
static const char *expect_size = "a byte count such as 512M or 2G";
static const char *expect_count = "a whole number such as 16";
static const char *expect_seconds = "a whole number of seconds such as 30";
static const char *expect_string = "a string";

void shmemi_config_load(void)
{
#define SHMEMI_CONFIG_LOAD(NAME, FIELD, KIND, DEF, HELP)                      \
    do {                                                                      \
        const char *v = getenv(#NAME);                                        \
        if (parse_kind_##KIND(v ? v : DEF, &shmemi_config.FIELD) != 0)        \
            shmemi_fatal("shmem_init",                                        \
                         "%s=\"%s\" is not valid: expected %s (%s)", #NAME,   \
                         v, expect_##KIND, HELP);                             \
    } while (0);
    SHMEMI_CONFIG_TABLE(SHMEMI_CONFIG_LOAD)
#undef SHMEMI_CONFIG_LOAD
}

/* The names of the table, for the warning about unknown ones; each
 * shorter than NAME_CMP. */
static const char *const known[] = {
#define SHMEMI_CONFIG_NAME(NAME, FIELD, KIND, DEF, HELP) #NAME,
    SHMEMI_CONFIG_TABLE(SHMEMI_CONFIG_NAME)
#undef SHMEMI_CONFIG_NAME
};

/* Leading bytes of two names that the distance compares. */
#define NAME_CMP 64

/* The optimal string alignment distance of a[0..n) and b[0..m): inserting,
 * deleting or replacing a letter, or swapping two neighbours, counts 1. */
static unsigned distance(const char *a, size_t n, const char *b, size_t m)
{
    unsigned char d[NAME_CMP + 1][NAME_CMP + 1];
    for (size_t i = 0; i <= n; i++)
        d[i][0] = (unsigned char)i;
    for (size_t j = 0; j <= m; j++)
        d[0][j] = (unsigned char)j;
    for (size_t i = 1; i <= n; i++)
        for (size_t j = 1; j <= m; j++) {
            unsigned v = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            if (d[i - 1][j] + 1u < v)
                v = d[i - 1][j] + 1u;
            if (d[i][j - 1] + 1u < v)
                v = d[i][j - 1] + 1u;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
                d[i - 2][j - 2] + 1u < v)
                v = d[i - 2][j - 2] + 1u;
            d[i][j] = (unsigned char)v;
        }
    return d[n][m];
}

extern char **environ;

/* A misspelt variable (SHMEM_SYMETRIC_SIZE) would otherwise be ignored in
 * silence. Only the SHMEM_ prefix is this library's: shmemrun's own
 * variables are SHMEMRUN_*, and neither mpirun nor Open MPI sets any
 * SHMEM_ variable. */
void shmemi_config_warn_unknown(void)
{
    for (char **e = environ; *e; e++) {
        if (strncmp(*e, "SHMEM_", 6) != 0)
            continue;
        /* Every known name is shorter than NAME_CMP, so only its own name
         * is at distance 0 from it. */
        size_t len = strcspn(*e, "="), best = 0;
        unsigned best_d = ~0u;
        for (size_t k = 0; k < sizeof known / sizeof *known && best_d; k++) {
            unsigned d = distance(*e, len < NAME_CMP ? len : NAME_CMP, known[k],
                                  strlen(known[k]));
            if (d < best_d)
                best_d = d, best = k;
        }
        if (best_d)
            shmemi_warn("shmem_init", "%.*s is not a variable of this library, which "
                        "ignores it: did you mean %s? (shmem-info lists them all)",
                        (int)len, *e, known[best]);
    }
}

static void print_bool(FILE *o, int v) { fputs(v ? "1" : "0", o); }
static void print_size(FILE *o, size_t v) { fprintf(o, "%zu", v); }
static void print_count(FILE *o, size_t v) { fprintf(o, "%zu", v); }
static void print_seconds(FILE *o, size_t v) { fprintf(o, "%zu", v); }
static void print_string(FILE *o, const char *v) { fputs(v, o); }

void shmemi_config_print(FILE *out)
{
#define SHMEMI_CONFIG_PRINT(NAME, FIELD, KIND, DEF, HELP)                     \
    fprintf(out, "  %-22s = ", #NAME);                                        \
    print_##KIND(out, shmemi_config.FIELD);                                   \
    fprintf(out, "  (%sdefault %s)\n      %s\n", getenv(#NAME) ? "set; " : "",   \
            DEF, HELP);
    SHMEMI_CONFIG_TABLE(SHMEMI_CONFIG_PRINT)
#undef SHMEMI_CONFIG_PRINT
}

/* Job-wide values as numbers; a string as its hash. */
static uint64_t job_bool(int v) { return (uint64_t)v; }
static uint64_t job_size(size_t v) { return (uint64_t)v; }
static uint64_t job_count(size_t v) { return (uint64_t)v; }
static uint64_t job_string(const char *v) { return shmemi_fnv(SHMEMI_FNV_OFFSET, v); }

void shmemi_config_job_values(uint64_t out[SHMEMI_CONFIG_JOB_COUNT])
{
    size_t i = 0;
#define SHMEMI_CONFIG_JOB_VALUE(NAME, FIELD, KIND) out[i++] = job_##KIND(shmemi_config.FIELD);
    SHMEMI_CONFIG_JOB_WIDE(SHMEMI_CONFIG_JOB_VALUE)
#undef SHMEMI_CONFIG_JOB_VALUE
}

/* How a value reads in the message: numbers as themselves, a string as
 * this PE has it; a peer's string is known only by its hash. */
static const char *number(char *buf, uint64_t n)
{
    snprintf(buf, 32, "%llu", (unsigned long long)n);
    return buf;
}
#define MINE_TEXT(v, buf) _Generic((v), const char *: (v), default: number((buf), (uint64_t)(v)))
#define PEER_TEXT(v, n, buf) _Generic((v), const char *: "another value", default: number((buf), (n)))

void shmemi_config_job_check(const uint64_t *mine, const uint64_t *theirs, int pe)
{
    size_t i = 0;
    char here[32], there[32];
#define SHMEMI_CONFIG_JOB_CHECK(NAME, FIELD, KIND)                            \
    if (mine[i] != theirs[i])                                                 \
        shmemi_fatal("shmem_init",                                            \
                     "%s is %s on PE %d but %s on PE %d; every PE of a job "  \
                     "must use the same value (export it to all of them, "    \
                     "e.g. mpirun -x %s)",                                    \
                     #NAME, MINE_TEXT(shmemi_config.FIELD, here),             \
                     shmemi_state.my_pe,                                      \
                     PEER_TEXT(shmemi_config.FIELD, theirs[i], there), pe, #NAME); \
    i++;
    SHMEMI_CONFIG_JOB_WIDE(SHMEMI_CONFIG_JOB_CHECK)
#undef SHMEMI_CONFIG_JOB_CHECK
}
