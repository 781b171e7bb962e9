# What a job trusts (docs/security.md), tried by an intruder
# that runs beside the job (intruder.c through intrusion.sh): as another
# user, which intrusion.sh makes where it runs as root (useradd) and
# skips the test where it cannot; or as the job's own user. The job
# (intruded.c) passes values round its PEs; its hooks (connect and
# getrandom of its own) give the intruder the chances a test needs.
add_executable(intruder intruder.c)
target_compile_options(intruder PRIVATE -Wall -Wextra)
shmem_test_program(intruded)
target_link_libraries(intruded PRIVATE ${CMAKE_DL_LIBS})
set(intrusion ${CMAKE_CURRENT_SOURCE_DIR}/intrusion.sh)
set(other_user shmem-intruder)

# security_test(<test> <intruder's user or -> INTRUDER <args> JOB <expect.sh
# options> -- <command> [ENV <vars>]): one job beside one intruder.
function(security_test t user)
  cmake_parse_arguments(S "" "" "INTRUDER;JOB;ENV" ${ARGN})
  add_test(NAME ${t} COMMAND ${intrusion} ${user} -- $<TARGET_FILE:intruder> ${S_INTRUDER}
    -- ${EXPECT} ${S_JOB})
  shmem_session_dir(session ${t})
  set_tests_properties(${t} PROPERTIES TIMEOUT 120 LABELS "host;fault;security"
    SKIP_RETURN_CODE 77 ENVIRONMENT "${SHMEM_TEST_ENV};${session};${S_ENV}")
endfunction()

foreach(launcher mpirun shmemrun)
  # Another user takes every name of the job's local sockets that it can
  # predict (under mpirun all of them, before they were random: the job
  # failed at start-up with "Address already in use"), and binds and
  # connects to every one it sees: the job starts and runs, and hands the
  # intruder nothing.
  shmem_launch(run ${launcher} 4)
  security_test(security_squat/${launcher}/4 ${other_user} INTRUDER squat 60
    JOB --status 0 --repeat 3 --match "intruded: PE 3 ran" -- ${run} $<TARGET_FILE:intruded>)

  # A name that is taken is reported with its holder, and another is used:
  # the intruder holds the name that the first PE draws first (the same
  # under both launchers: one at a time).
  shmem_launch(run ${launcher} 2)
  set(name shmem-5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a)
  security_test(security_name_taken/${launcher}/2 ${other_user} INTRUDER listen ${name} 60
    JOB --status 0 --match "intruded: PE 1 ran"
    --once "PE 0. shmem_init: the random name @${name} for this PE's local socket is taken, by user ${other_user} \\(uid [0-9]+\\), pid [0-9]+. trying another"
    -- ${run} $<TARGET_FILE:intruded> ENV INTRUDED_FIXED_NAME=1)
  set_tests_properties(security_name_taken/${launcher}/2 PROPERTIES RESOURCE_LOCK intruded_name)

  # A PE that reaches a listener of another user, or another process of
  # its own user, where its node peer should be: it sends nothing and ends
  # the job, naming who holds the socket (before, it sent its number and
  # then its memory's file descriptor).
  set(name intruder-${launcher})
  security_test(security_foreign_peer/${launcher}/2 ${other_user} INTRUDER listen ${name} 60
    JOB --status nonzero --within 20
    --match "PE 1. shmem_init: the socket @shmem-[0-9a-f]+, which PE 0 \\(pid [0-9]+\\) named as its own, is held by user ${other_user} \\(uid [0-9]+\\), pid [0-9]+: this PE sends it nothing"
    -- ${run} $<TARGET_FILE:intruded> ENV INTRUDED_UNIX_TO=${name})
  set(name intruder-own-${launcher})
  security_test(security_foreign_peer_own/${launcher}/2 - INTRUDER listen ${name} 60
    JOB --status nonzero --within 20
    --match "PE 1. shmem_init: the socket @shmem-[0-9a-f]+, which PE 0 \\(pid [0-9]+\\) named as its own, is held by user [^ ]+ \\(uid [0-9]+\\), pid [0-9]+: .*another process of this user"
    -- ${run} $<TARGET_FILE:intruded> ENV INTRUDED_UNIX_TO=${name})

  # The nodes' TCP links: an intruder that knows all that the job's
  # environment says (before the secret, the job id was enough) finds the
  # listener before the neighbour connects, says it is the neighbour and,
  # let in, would end the job with status 99. Without the secret it is
  # dropped, as SHMEM_DEBUG says, and the neighbour's link is made. UCX
  # over shared memory only, so that the intruder finds no TCP listener
  # but the link's.
  if(UCX_FOUND)
    security_test(security_tcp_secret/vnode1/${launcher}/2 - INTRUDER tcp intruded 60
      JOB --status 0 --match "intruded: PE 1 ran"
      --match "PE 1. shmem_init: dropped a connection from 127.0.0.1 port [0-9]+ to the port of the liveness link from PE 0: it does not know the job's secret"
      --match "PE 1. shmem_init: liveness links to the first PEs of other nodes: 0"
      -- ${run} $<TARGET_FILE:intruded>
      ENV SHMEM_VIRTUAL_NODES=1 SHMEM_DEBUG=1 INTRUDED_TCP_DELAY_MS=1500 UCX_TLS=sm,self)
  endif()
endforeach()

# The launcher's socket: a PE whose SHMEMRUN_ADDR names another user's
# listener tells it nothing (before, it sent its HELLO and waited there).
set(name intruder-launcher)
security_test(security_foreign_launcher ${other_user} INTRUDER listen ${name} 60
  JOB --status nonzero --within 10
  --match "shmem_init: the socket @${name} in SHMEMRUN_ADDR is held by user ${other_user} \\(uid [0-9]+\\), pid [0-9]+, not by shmemrun \\(pid 1\\) of this user: this PE tells it nothing"
  -- $<TARGET_FILE:intruded>
  ENV SHMEMRUN_ADDR=${name} SHMEMRUN_RANK=0 SHMEMRUN_SIZE=1 SHMEMRUN_PID=1)

# shmemrun's own socket: a name that is taken is reported with its holder,
# and another is drawn.
add_library(fixed_random MODULE fixed_random.c)
target_link_libraries(fixed_random PRIVATE ${CMAKE_DL_LIBS})
add_test(NAME security_shmemrun_name_taken COMMAND ${EXPECT} --status 0
  --match "intruder: ready" --match "intruded: PE 1 ran"
  --once "^shmemrun: the random name @shmemrun-[0-9]+-5a5a5a5a5a5a5a5a for the bootstrap socket is taken, by user [^ ]+ \\(uid [0-9]+\\), pid [0-9]+; trying another"
  -- ${CMAKE_CURRENT_SOURCE_DIR}/shmemrun_taken.sh $<TARGET_FILE:intruder>
  $<TARGET_FILE:fixed_random> $<TARGET_FILE:shmemrun> -n 2 $<TARGET_FILE:intruded>)
set_tests_properties(security_shmemrun_name_taken PROPERTIES TIMEOUT 60
  LABELS "host;fault;security" ENVIRONMENT "${SHMEM_TEST_ENV}")
# Every name it draws taken: it gives up, naming the holder.
add_test(NAME security_shmemrun_names_taken COMMAND ${EXPECT} --status nonzero --within 10
  --match "shmemrun: 4 random names for the bootstrap socket were taken, the last \\(@shmemrun-[0-9]+-5a5a5a5a5a5a5a5a\\) by user [^ ]+ \\(uid [0-9]+\\), pid [0-9]+: a process on this machine takes names"
  --reject "intruded: PE"
  -- ${CMAKE_CURRENT_SOURCE_DIR}/shmemrun_taken.sh $<TARGET_FILE:intruder>
  $<TARGET_FILE:fixed_random> $<TARGET_FILE:shmemrun> -n 2 $<TARGET_FILE:intruded>)
set_tests_properties(security_shmemrun_names_taken PROPERTIES TIMEOUT 60
  LABELS "host;fault;security" ENVIRONMENT "${SHMEM_TEST_ENV};FIXED_RANDOM_ALL=1")
