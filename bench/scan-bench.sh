#!/usr/bin/env bash
# Benchmarks (not tests) for the library scan and the planner, release build:
#   1. cold scan: `dvpipe plan` with no index cache over a generated library of COLD_FILES clips
#      (default 2,000), COLD_RUNS times (default 3); throughput in files/s = files / median seconds;
#   2. the same once over BIG_FILES clips (default 20,000), which also writes that library's index;
#   3. warm re-scan + plan: `dvpipe plan` of a 365-day job over that 20,000-entry index, WARM_RUNS times
#      (default 5), median wall time (target: under 1 s);
#   4. peak memory (maximum resident set size) of `dvpipe plan` in each case.
# Libraries are made by `dvpipe demo DIR --scan-benchmark N` (the project's own generator: a few tiny
# untagged clips copied under `VID_YYYYMMDD_HHMMSS.mp4` names spread over 2023) and kept in bench/work/ for
# later runs. "Cold" means no index cache: every file is stat'ed and probed. The files were just written
# or read, so the OS page cache is warm; nothing is evicted, the machine is shared.
# Appends a section to bench/scan-results.md and prints it.
#   bench/scan-bench.sh
#   BIG_FILES=5000 WARM_RUNS=9 bench/scan-bench.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cold_files=${COLD_FILES:-2000}
big_files=${BIG_FILES:-20000}
cold_runs=${COLD_RUNS:-3}
warm_runs=${WARM_RUNS:-5}
results=bench/scan-results.md

swift build -c release --product dvpipe >/dev/null
dvpipe=$(swift build -c release --show-bin-path)/dvpipe
work=bench/work/scan
mkdir -p "$work"

# The folder of a generated library of $1 clips with its job bench.yaml, made unless already there.
library() {
    local files=$1 folder=$work/library-$1
    if [[ ! -f $folder/bench.yaml ]] || [[ $(find "$folder/library" -type f | wc -l) -ne $files ]]; then
        rm -rf "$folder"
        "$dvpipe" demo "$folder" --scan-benchmark "$files" >/dev/null
    fi
    echo "$folder"
}

# Runs `dvpipe plan` of job $1 with work folder $2; prints "wall-ms max-RSS-KiB cpu-ms" (CPU: user + system).
plan() {
    local start end
    start=$(date +%s%N)
    /usr/bin/time -f "%M %U %S" -o "$work/time.txt" "$dvpipe" plan "$1" --work-dir "$2" >/dev/null 2>"$work/stderr.txt"
    end=$(date +%s%N)
    tail -n 1 "$work/time.txt" | awk -v wall=$(( (end - start) / 1000000 )) '{ printf "%d %d %d\n", wall, $1, ($2 + $3) * 1000 }'
}

# Median of the numbers on standard input.
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
# Largest of the numbers on standard input.
largest() { sort -n | tail -n 1; }
# $1 files in $2 milliseconds, as files per second.
per_second() { awk -v n="$1" -v ms="$2" 'BEGIN { printf "%.0f", n / (ms / 1000) }'; }
# KiB as MiB with one decimal.
mib() { awk -v kib="$1" 'BEGIN { printf "%.1f", kib / 1024 }'; }

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
small=$(library "$cold_files")
cold=()
for _ in $(seq "$cold_runs"); do
    rm -rf "$small/work"
    cold+=("$(plan "$small/bench.yaml" "$small/work")")
done
cold_ms=$(printf '%s\n' "${cold[@]}" | cut -d' ' -f1 | median)
cold_rss=$(printf '%s\n' "${cold[@]}" | cut -d' ' -f2 | largest)
cold_cpu=$(printf '%s\n' "${cold[@]}" | cut -d' ' -f3 | median)

big=$(library "$big_files")
rm -rf "$big/work"
read -r big_cold_ms big_cold_rss big_cold_cpu < <(plan "$big/bench.yaml" "$big/work")
index_kib=$(( $(stat -c %s "$big/work/index.bin") / 1024 ))
warm=()
for _ in $(seq "$warm_runs"); do
    warm+=("$(plan "$big/bench.yaml" "$big/work")")
done
warm_times=$(printf '%s\n' "${warm[@]}" | cut -d' ' -f1 | sort -n | paste -sd' ')
warm_ms=$(printf '%s\n' "${warm[@]}" | cut -d' ' -f1 | median)
warm_rss=$(printf '%s\n' "${warm[@]}" | cut -d' ' -f2 | largest)
warm_cpu=$(printf '%s\n' "${warm[@]}" | cut -d' ' -f3 | median)
startup=()
for _ in $(seq "$warm_runs"); do
    start=$(date +%s%N)
    "$dvpipe" --version >/dev/null
    end=$(date +%s%N)
    startup+=("$(( (end - start) / 1000000 ))")
done
startup_ms=$(printf '%s\n' "${startup[@]}" | median)
load_after=$(cut -d' ' -f1-3 /proc/loadavg)
days=$(sed -n 's/^timeframe: //p' "$work/stderr.txt" | tail -n 1)

cpu=$(lscpu | sed -n 's/^Model name: *//p' | head -n 1)
memory=$(free -g | awk '/^Mem:/ { print $2 " GiB" }')
if [[ ! -f $results ]]; then
    cat > "$results" <<'EOF'
# Scan and plan benchmarks

Written by `bench/scan-bench.sh`, which appends a section per run (newest last). Libraries come from
`dvpipe demo DIR --scan-benchmark N`: four tiny untagged H.264 clips (64x36, 0.5-1.25 s, no audio)
copied under `DCIM/Camera/VID_YYYYMMDD_HHMMSS.mp4` names spread over 2023, so every file is a distinct
file that is stat'ed and probed and takes its day from its name. The job is `timeframe: { year: 2023 }`
(365 days). "Cold" is without the index cache (every file probed); the OS page cache is warm in every
run. Wall time is `date +%s%N` around the process; CPU time (user + system) and peak memory (maximum
resident set size) come from `/usr/bin/time`. On a shared machine wall times carry other work and CPU
times do not, so both are given with the load average.

Target for the warm re-scan + plan of a year over 20,000 entries: under 1 s.
EOF
fi
changes=$(git diff --quiet HEAD -- Sources || echo ' (with uncommitted changes)')
cat >> "$results" <<EOF

## $(date -u +%Y-%m-%d), commit $(git rev-parse --short HEAD)$changes

$cpu, $(nproc) cores, $memory RAM, Linux $(uname -r); $(swift --version 2>/dev/null | head -n 1);
$("$dvpipe" --version | sed -n 2p); release build. Load average (1, 5, 15 min): $load_before before,
$load_after after. Timeframe: $days.

| measurement | files | runs | wall time | CPU time | peak RSS |
| --- | ---: | ---: | --- | ---: | ---: |
| cold scan + plan | $cold_files | $cold_runs | median $cold_ms ms, **$(per_second "$cold_files" "$cold_ms") files/s** | $cold_cpu ms | $(mib "$cold_rss") MiB |
| cold scan + plan | $big_files | 1 | $big_cold_ms ms, **$(per_second "$big_files" "$big_cold_ms") files/s** | $big_cold_cpu ms | $(mib "$big_cold_rss") MiB |
| warm re-scan + plan, 365 days | $big_files (index: $index_kib KiB) | $warm_runs | **median $warm_ms ms** (all: $warm_times) | $warm_cpu ms | $(mib "$warm_rss") MiB |
| process start-up (\`dvpipe --version\`) | - | $warm_runs | median $startup_ms ms | - | - |
EOF
tail -n 14 "$results"
