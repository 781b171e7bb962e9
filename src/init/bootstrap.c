#include "bootstrap.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "error.h"
#include "launcher/shmemrun_proto.h"

/* Variables that launchers we cannot serve set in their children. Running
 * as N independent one-PE jobs under them would silently give wrong
 * results, so each one found is an error. */
static const char *foreign_launcher(void)
{
    if (getenv("PMI_FD") || getenv("PMI_PORT"))
        return "PMI_FD/PMI_PORT (MPICH's hydra or another PMI-1/PMI-2 launcher)";
    const char *ntasks = getenv("SLURM_STEP_NUM_TASKS");
    if (ntasks && atoi(ntasks) > 1)
        return "SLURM_STEP_NUM_TASKS (srun without --mpi=pmix)";
    const char *ompi = getenv("OMPI_COMM_WORLD_SIZE");
    if (ompi && atoi(ompi) > 1)
        return "OMPI_COMM_WORLD_SIZE (an Open MPI launcher without PMIx)";
    return NULL;
}

static int start(struct shmemi_bootstrap *b, const char *which)
{
    if (strcmp(which, "pmix") == 0)
        return shmemi_bootstrap_pmix_init(b);
    if (strcmp(which, "shmemrun") == 0)
        return shmemi_bootstrap_socket_init(b);
    return shmemi_bootstrap_single_init(b);
}

void shmemi_bootstrap_init(struct shmemi_bootstrap *b)
{
    const char *which = shmemi_config.bootstrap;
    if (strcmp(which, "auto") == 0) {
        const char *foreign;
        if (getenv("PMIX_NAMESPACE") || getenv("PMIX_RANK"))
            which = "pmix";
        else if (getenv(SHMEMRUN_ENV_ADDR))
            which = "shmemrun";
        else if ((foreign = foreign_launcher()) != NULL)
            shmemi_fatal("shmem_init",
                         "this process was started by a launcher that this "
                         "runtime cannot talk to (found %s); start the program "
                         "with Open MPI's mpirun or prterun (PMIx), or with "
                         "shmemrun -n N",
                         foreign);
        else
            which = "single";
    } else if (strcmp(which, "pmix") && strcmp(which, "shmemrun") &&
               strcmp(which, "single")) {
        shmemi_fatal("shmem_init",
                     "SHMEM_BOOTSTRAP=\"%s\" is not valid: use auto, pmix, "
                     "shmemrun or single",
                     which);
    }
    if (start(b, which) != 0)
        shmemi_fatal("shmem_init", "the %s bootstrap failed to start (see the "
                     "message above)", which);
}
