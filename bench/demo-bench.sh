#!/usr/bin/env bash
# Benchmark (not a test): how long `dvpipe demo DIR` takes to write the demo library (the target is
# under 20 s on a 2-core machine), release build. Runs it RUNS times (default 3) into a fresh folder
# under bench/work/ and prints each run's wall time and CPU time (user + system, from /usr/bin/time),
# the medians, and the load average, since the machine may be shared. Results are kept in
# bench/cli-results.md.
#   bench/demo-bench.sh                          # builds release if needed, then measures
#   DVPIPE=path/to/dvpipe RUNS=5 bench/demo-bench.sh   # measures that binary, builds nothing
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-3}
dvpipe=$(bench/dvpipe-binary.sh)
work=bench/work/demo-bench
walls=()
cpus=()
for run in $(seq "$runs"); do
    rm -rf "$work"
    start=$(date +%s%N)
    cpu=$(/usr/bin/time -f '%U %S' "$dvpipe" demo "$work" 2>&1 >/dev/null | tail -1 | awk '{ printf "%.2f", $1 + $2 }')
    end=$(date +%s%N)
    wall=$(awk -v ns=$((end - start)) 'BEGIN { printf "%.2f", ns / 1e9 }')
    echo "run $run: wall ${wall} s, CPU ${cpu} s"
    walls+=("$wall")
    cpus+=("$cpu")
done
rm -rf "$work"
median() { printf '%s\n' "$@" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
echo "dvpipe demo: median wall $(median "${walls[@]}") s, median CPU $(median "${cpus[@]}") s over $runs runs" \
    "(load average $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores)"
