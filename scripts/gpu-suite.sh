#!/bin/bash
# On the GPU machine: builds, runs every GPU test, the host suite on the GPU
# heaps, and the GPU benchmarks, then prints a short summary last.
#   OUT=dir       where logs go (default ./gpu-out)
#   HOST_SUITE=0  leaves out the host suite on the GPU heaps (minutes)
#   HOST_PART=k/n runs the k-th of n interleaved parts of the host suite
#                 (ctest -I k,,n): on a pinned heap the whole suite took
#                 about 15 minutes on 2 H200s, more than one call
#   HOST_HEAPS    the heaps the host suite runs on (default "pinned host")
#   HOST_JOBS     host tests run at once (default 8)
#   HOST_TESTS=regex  runs only the host tests whose names match
#   BENCH=0       leaves out the benchmarks
#   COLL_COMPARE=0  leaves out the collectives next to NCCL, PyTorch and
#                 NVSHMEM among them (bench/coll_compare.sh: all-reduce of
#                 float32 and bfloat16, all-to-all, at 2, 4 and 8 PEs as far
#                 as the GPUs go; a table took 40 to 100 s on 2 H200s, and
#                 more than 80 s at 4 PEs on 4 H200s)
#   COLL_NP="2 4"  those PE counts only (still as far as the GPUs go)
#   COLL_RUNS="allreduce:float32"  those tables only (collective:dtype)
#   CPU_BENCH=1   adds the host benchmarks next to Open MPI's OSHMEM, where
#                 the machine has it (bench/compare_api.sh at 2, 4 and 8 PEs,
#                 bench/compare_ucx.sh): its cores outnumber 8 PEs, which
#                 the 2-core VM's do not, and it is quieter; both run on
#                 the machine's own UCX where it has one (UCX_ROUNDS rounds
#                 of compare_ucx.sh, default 5); CPU_BENCH=ucx runs
#                 compare_ucx.sh alone, once per launcher placement of
#                 UCX_PLACES (';' between them, default --oversubscribe;
#                 e.g. "--oversubscribe;--bind-to core"); each run's rows
#                 stay in compare_ucx*-rounds.txt
#   UCX_ONLY=sm   compare_ucx.sh's one setting (default, tcp or sm) alone:
#                 an sm round takes about a third of a full one, so a call
#                 holds three times the rounds (their medians are what
#                 tells a gap from the machine's swings)
#   UCX_PERF="put_lat:8 get_lat:8"  with CPU_BENCH=ucx, each such row of
#                 bench/host_osu.c over UCX_PERF_TLS (default sm,self) on
#                 two virtual nodes under perf, both ranks, ours and
#                 OSHMEM's: the top of each profile in perf.txt (the
#                 machine has no perf: run scripts/perf-rank.sh --pack
#                 first and carry .perf)
#   UCX_DRAWS="get_lat:8 put_lat:8"  with CPU_BENCH=ucx, bench/ucx_draws.sh
#                 on those rows: UCX_DRAW_N short launches of each (default
#                 10) for each of UCX_VARIANTS (default "ours osh"), once
#                 per setting of UCX_DRAW_TLS (default sm; "sm tcp" runs
#                 both) and placement of UCX_DRAW_PLACES (';' between them,
#                 default --bind-to core), into ucx_draws.txt, then
#                 ucx_draws-2.txt, ... (each launch's value into
#                 ucx_draws*-values.txt as it ends); each run starts no
#                 launch after UCX_DRAW_BUDGET seconds (default: no limit)
#                 and prints the table of those it made; UCX_DRAW_SECS is
#                 a measurement's time (default 0.2; a test:* row measures
#                 23 sizes 3 times each); OSH_MPI=ucx puts OSHMEM's MPI
#                 (its barrier) on UCX too; UCX_ROUNDS=0 leaves
#                 compare_ucx.sh out
#   STATICS_BENCH=1  adds bench/statics.sh (RMA on heap memory against
#                 global variables, in turn) on a host heap: the VM's 2
#                 cores are too noisy for it
#   GPU_TESTS=0   leaves out the GPU tests
#   TESTS=regex   runs only the GPU tests whose names match (ctest -R);
#   SKIP=regex    leaves out those that match (ctest -E): the whole GPU
#                 suite nearly fills one 10-minute call of the device tool
#   BUILD="gpu_device_coll ..."  builds only these targets (with the
#                 library, shmemrun and gpu_probe, which every GPU test
#                 needs): for a call with TESTS that runs their tests
#                 alone, since the whole build takes minutes of the call
# On a machine with one GPU the 2-PE runs share it (SHMEM_GPU_SHARE=1), the
# host-initiated benchmarks run with both heaps on it, and those between
# two GPUs' kernels are left out: they would measure nothing of the link.
# The device copy loops still run next to NVSHMEM's, on one PE to itself.
set -u
cd "$(dirname "$0")/.."
out=${OUT:-gpu-out}
mkdir -p "$out"
# NVLink multicast stays off in every process (and through mpirun -x).
export NVSHMEM_DISABLE_NVLS=1 NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
summary=()
note() { summary+=("$*"); echo "== $*"; }

{
    echo "--- machine"; nvidia-smi -L; nvidia-smi topo -m
    echo "--- software"; cat /etc/os-release | head -2; cmake --version | head -1
    gcc --version | head -1; mpirun --version 2>&1 | head -1
    pkg-config --modversion pmix hwloc 2>&1
} >"$out/machine.txt" 2>&1
cat "$out/machine.txt"
gpus=$(nvidia-smi -L | grep -c '^GPU')
if [ "$gpus" -lt 2 ]; then
    export SHMEM_GPU_SHARE=1
    note "machine: $gpus GPU: 2-PE runs share it; benchmarks between GPUs left out"
fi

# The device proxy (kernels reaching other nodes) is built only with UCX.
. scripts/gpu-ucx.sh
[ -n "${SHMEM_UCX_DEBS:-}" ] && note "ucx: $SHMEM_UCX_DEBS"
pkg-config --exists ucx ||
    note "ucx: pkg-config finds none: the device proxy's tests and benchmark are not built"
# A call that runs only the CPU benchmarks needs the library alone (and
# host_osu, for UCX_PERF): the whole build, the kernels and the GPU tests
# with it, took about 4 of a call's 10 minutes on 2 H200s, the library 15 s.
targets=()
if [ "${GPU_TESTS:-1}" = 0 ] && [ "${HOST_SUITE:-1}" = 0 ] && [ "${BENCH:-1}" = 0 ]; then
    targets=(--target shmem shmemrun host_osu)
elif [ -n "${BUILD:-}" ]; then
    targets=(--target shmem shmemrun gpu_probe $BUILD)
fi
if cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CUDA_ARCHITECTURES=90 \
        >"$out/build.log" 2>&1 &&
    cmake --build build-gpu -j"$(nproc)" "${targets[@]}" >>"$out/build.log" 2>&1; then
    note "build: ok"
else
    tail -30 "$out/build.log"
    note "build: FAILED (see build.log)"
    printf '%s\n' "${summary[@]}"
    exit 1
fi

run_ctest() { # label, log name, extra env...
    local what=$1 log=$2; shift 2
    env "$@" ctest --test-dir build-gpu $what --output-on-failure --timeout 120 -j${JOBS:-4} >"$out/$log" 2>&1
    local line
    line=$(grep -E "tests passed|tests failed" "$out/$log" | tail -1)
    note "$log: ${line:-no result} $(grep -c 'Skipped' "$out/$log") skipped"
    grep -E "^\s+[0-9]+ - .*\((Failed|Timeout|SEGFAULT|Subprocess)" "$out/$log" | head -20
}

[ "${GPU_TESTS:-1}" = 1 ] && run_ctest "-L gpu ${TESTS:+-R $TESTS} ${SKIP:+-E $SKIP}" gpu-tests.log
# The host suite loads and stores heap memory directly, which a pinned heap
# allows; 3 and 4 PEs share the 2 GPUs.
if [ "${HOST_SUITE:-1}" = 1 ]; then
    part=()
    if [ -n "${HOST_PART:-}" ]; then
        part=(-I "${HOST_PART%/*},,${HOST_PART#*/}")
    fi
    for heap in ${HOST_HEAPS:-pinned host}; do
        JOBS=${HOST_JOBS:-8} run_ctest "-L host ${part[*]} ${HOST_TESTS:+-R $HOST_TESTS}" "host-on-$heap.log" SHMEM_HEAP=$heap SHMEM_GPU_SHARE=1
    done
fi

bench() { # name, heap kind, extra env (NAME=value)...
    local name=$1 heap=$2 tag=$2; shift 2
    local env=()
    for e in "$@"; do env+=(-x "$e"); tag+=" $e"; done
    local log="$out/$name-${tag//[ =]/_}.txt"
    if mpirun -np 2 -x NVSHMEM_DISABLE_NVLS -x NCCL_NVLS_ENABLE -x SHMEM_GPU_SHARE \
        -x SHMEM_HEAP=$heap "${env[@]}" build-gpu/bench/$name >"$log" 2>&1; then
        note "bench $name ($tag heap$shared): $(tr '\n' ' ' <"$log")"
    else
        note "bench $name ($tag heap$shared): FAILED: $(tail -3 "$log" | tr '\n' ' ')"
    fi
}
# Host-initiated calls: on one GPU both PEs' heaps are on it, which still
# times the host's side of a put (the copy engine, the staging).
shared=""
[ "$gpus" -lt 2 ] && shared=", 2 PEs sharing one GPU"
export SHMEM_GPU_SHARE=${SHMEM_GPU_SHARE:-0}
if [ "${BENCH:-1}" = 1 ]; then
    bench gpu_host_rma device
    bench gpu_host_rma device SHMEM_GPU_PUT_STAGE=0
    bench gpu_host_rma pinned
    bench gpu_host_small device
    # Next to NVSHMEM: 2 PEs on 2 GPUs, or 1 PE on a one-GPU machine
    # (NVSHMEM runs one PE per GPU).
    bash bench/host_compare.sh build-gpu $((gpus >= 2 ? 2 : 1)) >"$out/host_compare.txt" 2>&1
    cat "$out/host_compare.txt"
    note "bench host_compare: see host_compare.txt (table above)"
    # Which modules make the driver reserve GPU memory (init's 64 MiB).
    bash bench/module_memory.sh build-gpu >"$out/module_memory.txt" 2>&1
    note "bench module_memory: $(tr -s ' \n' ' ' <"$out/module_memory.txt")"
fi
if [ "${BENCH:-1}" = 1 ] && [ "$gpus" -ge 2 ]; then
bench device_fence device
# Copy-loop shapes over NVLink, and a host copy split over copy engines.
bench device_copy device
bench gpu_copy_split device
# The device barrier of each engine (at 2 PEs every radix is one store).
for engine in SHMEM_BARRIER_K=2 SHMEM_BARRIER_K=4 SHMEM_BARRIER_EMULATE=1; do
    mpirun -np 2 -x NVSHMEM_DISABLE_NVLS -x NCCL_NVLS_ENABLE -x SHMEM_HEAP=device \
        -x $engine build-gpu/bench/device_barrier >"$out/device_barrier.txt" 2>&1
    note "bench device_barrier ($engine): $(tr '\n' ' ' <"$out/device_barrier.txt")"
done
# Device-initiated RMA next to NVSHMEM, one table.
bash bench/device_compare.sh build-gpu >"$out/device_compare.txt" 2>&1
cat "$out/device_compare.txt"
note "bench device_compare: see device_compare.txt (table above)"
# The block forms of the sums and the alltoall next to NVSHMEM's, at 2 PEs
# and at 4 where the GPUs go.
for np in 2 4; do
    [ "$np" -le "$gpus" ] || continue
    NP=$np bash bench/device_compare.sh build-gpu device_coll >"$out/device_coll_$np.txt" 2>&1
    cat "$out/device_coll_$np.txt"
    note "bench device_coll ($np PEs): see device_coll_$np.txt (table above)"
done
# The on-stream all-reduce (float32, bfloat16) and all-to-all next to NCCL,
# PyTorch's symmetric memory and NVSHMEM, at 2, 4 and 8 PEs, one a GPU
# (COLL_ROUNDS rounds, default 3).
if [ "${COLL_COMPARE:-1}" = 1 ]; then
    for np in ${COLL_NP:-2 4 8}; do
        [ "$np" -le "$gpus" ] || continue
        for run in ${COLL_RUNS:-allreduce:float32 allreduce:bfloat16 alltoall:int32}; do
            f=${run%%:*}_${np}_${run#*:}.txt
            NP=$np DTYPE=${run#*:} ROUNDS=${COLL_ROUNDS:-3} \
                bash bench/coll_compare.sh ${run%%:*} build-gpu >"$out/$f" 2>&1
            tail -16 "$out/$f"
            note "bench coll_compare ${run%%:*} ($np PEs, ${run#*:}): see $f (table above)"
        done
    done
fi
elif [ "${BENCH:-1}" = 1 ]; then
    # Two PEs time-slice one GPU: this shows the benchmark runs, not a
    # figure between GPUs.
    mpirun -np 2 -x SHMEM_HEAP=device -x SHMEM_GPU_SHARE build-gpu/bench/device_barrier 2000 \
        >"$out/device_barrier.txt" 2>&1
    note "bench device_barrier (2 PEs sharing one GPU): $(tr '\n' ' ' <"$out/device_barrier.txt")"
    # The block and warp copy loops next to NVSHMEM's, one PE putting to
    # itself (local memory, not the link), with both builds' machine code.
    NP=1 SASS=$out bash bench/device_compare.sh build-gpu >"$out/device_compare.txt" 2>&1
    cat "$out/device_compare.txt"
    note "bench device_compare (1 PE, to itself): see device_compare.txt (table above)"
fi
# Kernels' calls to another node through the device proxy (two virtual
# nodes, a pinned heap; PE 1 only waits on the host, and shares a GPU on a
# machine with one).
if [ "${BENCH:-1}" = 1 ] && [ -x build-gpu/bench/device_proxy ]; then
    if mpirun -np 2 -x NVSHMEM_DISABLE_NVLS -x NCCL_NVLS_ENABLE -x SHMEM_VIRTUAL_NODES=1 \
        -x SHMEM_HEAP=pinned -x SHMEM_GPU_SHARE=1 build-gpu/bench/device_proxy \
        >"$out/device_proxy.txt" 2>&1; then
        note "bench device_proxy (us per call): $(tr '\n' ' ' <"$out/device_proxy.txt")"
    else
        note "bench device_proxy: FAILED: $(tail -3 "$out/device_proxy.txt" | tr '\n' ' ')"
    fi
fi

# host_api loads and stores its symmetric variables from the CPU, which a
# device heap (the default with a GPU) does not allow.
# OSHMEM runs on the machine's own UCX; ours, built against the carried
# .debs' headers (gpu-ucx.sh), runs on that library too, so that the tables
# compare the two runtimes and not two UCX versions (1.13 and 1.16 differ:
# over tcp a put and quiet took 2 round trips for both on 1.13, and 1 for
# OSHMEM's worker flush on 1.16).
if [ "${STATICS_BENCH:-0}" != 0 ]; then
    SHMEM_HEAP=host ROUNDS=${STATICS_ROUNDS:-5} bash bench/statics.sh build-gpu >"$out/statics.txt" 2>&1
    note "bench statics: $(grep -c '^| [a-z]' "$out/statics.txt") rows (statics.txt)"
    cat "$out/statics.txt"
fi
if [ "${CPU_BENCH:-0}" != 0 ]; then
    export SHMEM_HEAP=host
    sys_ucp=$(ldconfig -p | awk '$1 == "libucp.so.0" { print $NF; exit }')
    if [ -n "$sys_ucp" ]; then
        export LD_LIBRARY_PATH=$(dirname "$sys_ucp")${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
        note "cpu bench: both libraries on the machine's UCX ($sys_ucp)"
    fi
    if [ "$CPU_BENCH" != ucx ]; then
        PES="2 4 8" bash bench/compare_api.sh build-gpu >"$out/compare_api.txt" 2>&1
        note "bench compare_api: $(grep -c ' ok$' "$out/compare_api.txt") rows ok, $(grep -c 'SLOWER' "$out/compare_api.txt") slower (compare_api.txt)"
        grep SLOWER "$out/compare_api.txt" | head -20
    fi
    # One table per placement of UCX_PLACES (';' between them).
    n=0
    IFS=';' read -ra places <<<"${UCX_PLACES---oversubscribe}"
    [ "${UCX_ROUNDS:-5}" = 0 ] && places=()
    for place in "${places[@]}"; do
        n=$((n + 1))
        f=compare_ucx.txt
        [ $n = 1 ] || f=compare_ucx-$n.txt
        PLACE=$place ROUNDS=${UCX_ROUNDS:-5} RAW=$out/${f%.txt}-rounds.txt \
            bash bench/compare_ucx.sh build-gpu ${UCX_ONLY:+--only "$UCX_ONLY"} >"$out/$f" 2>&1
        # Rows of the tcp and sm tables (the default one is not like for
        # like) whose median ratio, and whose best rounds' ratio, pass 1.10.
        note "bench compare_ucx ($place): $(awk '/^== /{p = $2 != "default:"}
            p && $5 + 0 > 1.10 {med++} p && $6 + 0 > 1.10 {best++}
            END {printf "%d rows above 1.10, %d by the best rounds", med, best}' "$out/$f") ($f)"
    done
    # One table per setting of UCX_DRAW_TLS and placement of
    # UCX_DRAW_PLACES (';' between them).
    n=0
    IFS=';' read -ra places <<<"${UCX_DRAW_PLACES---bind-to core}"
    [ -n "${UCX_DRAWS:-}" ] || places=()
    for tls in ${UCX_DRAW_TLS:-sm}; do
        for place in "${places[@]}"; do
            n=$((n + 1))
            f=ucx_draws.txt
            [ $n = 1 ] || f=ucx_draws-$n.txt
            PLACE=$place ROWS=$UCX_DRAWS DRAWS=${UCX_DRAW_N:-10} \
                VARIANTS=${UCX_VARIANTS:-ours osh} TLS=$tls VALUES=$out/${f%.txt}-values.txt \
                BUDGET=${UCX_DRAW_BUDGET:-0} SECS=${UCX_DRAW_SECS:-0.2} \
                bash bench/ucx_draws.sh build-gpu >"$out/$f" 2>&1
            note "ucx_draws ($tls, $place): $(awk '$1 ~ /^[a-z_]+:[0-9]+$/ &&
                ($8 + 0 > 1.10 || $9 + 0 > 1.10 || $10 + 0 > 1.10) {n++}
                END {print n + 0}' "$out/$f") variant rows above 1.10 ($f)"
            grep -v '^attempt ' "$out/$f"
        done
    done
    # Where a row's time goes, in both libraries and on both ends.
    perf_dir=$(mktemp -d)
    [ -z "${UCX_PERF:-}" ] || oshcc -O2 -std=c11 bench/host_osu.c -o "$perf_dir/osh_osu" ||
        note "perf: OSHMEM's host_osu did not build"
    f=$perf_dir/report.txt
    env_perf=(-x UCX_TLS="${UCX_PERF_TLS:-sm,self}" -x PERF_RANK=all -x PERF_DIR="$perf_dir")
    for row in ${UCX_PERF:-}; do
        test=${row%:*} bytes=${row#*:}
        for lib in ours osh; do
            if [ $lib = ours ]; then
                launch=(mpirun -np 2 --bind-to core -x SHMEM_VIRTUAL_NODES=1 "${env_perf[@]}")
                prog=build-gpu/bench/host_osu
            else
                launch=(oshrun -np 2 --bind-to core --mca spml ucx --mca osc ^rdma
                        --mca sshmem mmap "${env_perf[@]}")
                prog=$perf_dir/osh_osu
            fi
            rm -f "$perf_dir"/perf.*.data
            "${launch[@]}" scripts/perf-rank.sh "$prog" -o "$test" -s "$bytes" -t 1 >"$f" 2>&1
            for r in 0 1; do
                echo "== rank $r" >>"$f"
                bash scripts/perf-rank.sh --report "$perf_dir/perf.$r.data" >>"$f" 2>&1
            done
            { echo "===== $lib $test $bytes"; cat "$f"; } >>"$out/perf.txt"
            note "perf $lib $test $bytes: $(grep -m1 "^$test " "$f") (perf.txt)"
        done
    done
    rm -rf "$perf_dir"
fi

echo; echo "===== summary"
printf '%s\n' "${summary[@]}"
