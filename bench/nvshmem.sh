# Sourced by the scripts that time a benchmark against NVSHMEM
# (device_compare.sh, host_compare.sh), after common.sh.
#
# nvshmem_find <tmpdir>: sets nv (the NVSHMEM tree: include/, lib/) and
# nv_version, or returns 1. Where from, first found: NVSHMEM_HOME; the
# archive carried to the GPU machine in <repo>/.nvshmem/nvshmem-*.tar.xz
# (3.8.0, the newest release: the PyPI wheel is too big to carry, and the
# archive holds the paths the comparison needs), unpacked into tmpdir; the
# nvidia-nvshmem wheel of the Python environment (3.4.5 with torch 2.11).
nvshmem_find() {
    local tmp=$1 tarball
    nv=${NVSHMEM_HOME:-}
    if [ -z "$nv" ]; then
        tarball=$(ls "$repo"/.nvshmem/nvshmem-*.tar.xz 2>/dev/null | sort -V | tail -1)
        if [ -n "$tarball" ]; then
            tar -xJf "$tarball" -C "$tmp" || return 1
            nv=$(ls -d "$tmp"/nvshmem-* | head -1)
        fi
    fi
    [ -n "$nv" ] || nv=$(python3 -c 'import nvidia.nvshmem as m; print(list(m.__path__)[0])' 2>/dev/null)
    [ -n "$nv" ] && [ -d "$nv/include" ] || return 1
    nv_version=$(awk '/define NVSHMEM_VENDOR_(MAJOR|MINOR|PATCH)_VERSION/ { v = v (v ? "." : "") $3 }
                      END { print v }' "$nv/include/non_abi/nvshmem_version.h" 2>/dev/null)
}

# nvshmem_build <source.cu> <out>: builds a benchmark
# against NVSHMEM with -rdc, as NVSHMEM requires, bootstrapped through MPI
# (host_rma_api.h); the compiler's output into <out>.log.
nvshmem_build() {
    local src=$1 out=$2
    nvcc -std=c++17 -O3 -arch=sm_90 -rdc=true -ccbin mpicxx -DBENCH_NVSHMEM -I"$nv/include" \
        -I"$here" "$src" -o "$out" "$nv/lib/libnvshmem_device.a" \
        -Xlinker "$(ls "$nv"/lib/libnvshmem_host.so* | head -1)" -lcuda \
        -Xlinker -rpath="$nv/lib" >"$out.log" 2>&1
}
# mpirun's options for an NVSHMEM run: its bootstrap plugins beside its
# library, a heap that holds the benchmarks' buffers (NVSHMEM_SYMMETRIC_SIZE,
# default 2G).
nvshmem_mpi_env() {
    echo -x LD_LIBRARY_PATH="$nv/lib:${LD_LIBRARY_PATH:-}" \
        -x NVSHMEM_SYMMETRIC_SIZE="${NVSHMEM_SYMMETRIC_SIZE:-2G}"
}

# nvshmem_compare <name> <tmpdir> <ours> <source.cu> <mpirun words...>:
# builds source.cu against NVSHMEM, then runs ours (SHMEM_HEAP=device) and
# that build in turn, ROUNDS rounds (default 3), and prints rounds_table.
# Without NVSHMEM, or where its build fails to build or run, it says so
# and the table has ours alone.
nvshmem_compare() {
    local name=$1 tmp=$2 ours=$3 src=$4 r have_nv=0 rounds=${ROUNDS:-3}
    shift 4
    [ -x "$ours" ] || { echo "$name: $ours not built" >&2; return 1; }
    if ! nvshmem_find "$tmp"; then
        echo "$name: no NVSHMEM (NVSHMEM_HOME, .nvshmem/ or the Python wheel); ours only"
    elif nvshmem_build "$src" "$tmp/nvshmem"; then
        have_nv=1
    else
        echo "$name: building against NVSHMEM $nv_version ($nv) failed:"
        tail -20 "$tmp/nvshmem.log"
    fi
    echo "# NVSHMEM ${nv_version:-none}; $(nvidia-smi --query-gpu=name --format=csv,noheader |
        sort | uniq -c | tr -s ' ' | tr '\n' ';') $rounds rounds"
    for ((r = 1; r <= rounds; r++)); do
        "$@" -x SHMEM_HEAP=device "$ours" >"$tmp/ours.$r" 2>&1 ||
            { echo "$name: ours failed:"; cat "$tmp/ours.$r"; return 1; }
        : >"$tmp/nv.$r"
        if [ $have_nv = 1 ] && ! "$@" $(nvshmem_mpi_env) "$tmp/nvshmem" >"$tmp/nv.$r" 2>&1; then
            echo "$name: the NVSHMEM build failed to run:"; tail -20 "$tmp/nv.$r"
            have_nv=0; : >"$tmp/nv.$r"
        fi
    done
    rounds_table "$tmp" "$rounds"
}

# rounds_table <dir> <rounds>: <dir>/ours.<r> and <dir>/nv.<r> hold a
# round's lines "figure [size] value"; prints, per figure, the median and
# the best of each library over the rounds and the two ratios. Ratios are
# our cost over NVSHMEM's (time over time; for the GBps rows, NVSHMEM's
# bandwidth over ours): below 1, ours is faster.
rounds_table() {
    local dir=$1 rounds=$2 r files=()
    for ((r = 1; r <= rounds; r++)); do files+=("$dir/ours.$r" "$dir/nv.$r"); done
    awk '
    function sort(a, n,   i, j, t) { for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j-1] > a[j]; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t } }
    function median(a, n) { sort(a, n); return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
    function best(a, n, up) { sort(a, n); return up ? a[n] : a[1] }
    FNR == 1 { lib = FILENAME ~ /\/ours\.[0-9]+$/ ? "ours" : "nv" }
    /^#/ || NF < 2 || $NF !~ /^[0-9.]+$/ { next }
    {
        k = NF == 3 ? $1 " " $2 : $1 " -"
        if (!(k in seen)) { seen[k] = 1; key[++n] = k }
        v[lib, k, ++c[lib, k]] = $NF
    }
    END {
        printf "%-28s %10s %9s %9s %9s %9s %7s %7s\n", "figure", "bytes", "ours_med", "nv_med",
               "ours_best", "nv_best", "r_med", "r_best"
        for (i = 1; i <= n; i++) {
            k = key[i]; split(k, f, " "); up = f[1] ~ /GBps/
            for (l = 0; l < 2; l++) {
                lib = l ? "nv" : "ours"; m = c[lib, k]
                delete a; for (j = 1; j <= m; j++) a[j] = v[lib, k, j]
                med[lib] = m ? median(a, m) : ""; bst[lib] = m ? best(a, m, up) : ""
            }
            rm = rb = "-"
            if (med["nv"] > 0 && med["ours"] > 0) {
                rm = sprintf("%.2f", up ? med["nv"] / med["ours"] : med["ours"] / med["nv"])
                rb = sprintf("%.2f", up ? bst["nv"] / bst["ours"] : bst["ours"] / bst["nv"])
            }
            printf "%-28s %10s %9s %9s %9s %9s %7s %7s\n", f[1], f[2], med["ours"],
                   med["nv"] == "" ? "-" : med["nv"], bst["ours"], bst["nv"] == "" ? "-" : bst["nv"], rm, rb
        }
    }' "${files[@]}"
}
