#ifndef SHMEM_COLL_H
#define SHMEM_COLL_H

#endif
