#!/usr/bin/env bash
# Benchmark (not a test) of `outputs:`: one job rendering the demo library into three shapes (wide,
# tall and square) against the same three outputs as three one-output jobs, release build, each run
# from nothing (--fresh --no-cache), ROUNDS times (default 3) in alternation. Reports the median wall
# time of each and their ratio (the target is at most 0.75), and the peak memory (maximum resident set
# size) of the three-output run against the largest one-output run (the target is at most 1.5).
# Appends a section to bench/outputs-results.md and prints it.
#   bench/outputs-bench.sh
#   ROUNDS=5 WIDE=1280x720 TALL=720x1280 SQUARE=720x720 bench/outputs-bench.sh
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${ROUNDS:-3}
declare -A shapes=([wide]=${WIDE:-640x360} [tall]=${TALL:-360x640} [square]=${SQUARE:-360x360})
names=(wide tall square)
results=bench/outputs-results.md

swift build -c release --product dvpipe >/dev/null
dvpipe=$(swift build -c release --show-bin-path)/dvpipe
work=bench/work/outputs
if [[ ! -f $work/demo/demo.yaml ]]; then
    rm -rf "$work"
    mkdir -p "$work"
    "$dvpipe" demo "$work/demo" >/dev/null
fi

# The demo job without its output: the part every job here shares.
base=$(awk '/^output:/ { skip = 1; next } skip && /^  / { next } { skip = 0; print }' "$work/demo/demo.yaml")
output_line() { # name, path
    echo "{ name: $1, path: $2, resolution: ${shapes[$1]}, fit: $([[ $1 == wide ]] && echo contain || echo cover), fps: 30, video: { codec: h264, crf: 23, preset: veryfast } }"
}
{
    echo "$base"
    echo "outputs:"
    for name in "${names[@]}"; do echo "  - $(output_line "$name" "out/$name.mp4")"; done
} > "$work/demo/three.yaml"
for name in "${names[@]}"; do
    { echo "$base"; echo "output: $(output_line "$name" "out/one-$name.mp4")"; } > "$work/demo/one-$name.yaml"
done

# Runs job $1 from nothing; prints "wall-ms max-RSS-KiB"; a failed run ends the benchmark.
render() {
    local start end
    rm -rf "$work/demo/.dvpipe"
    start=$(date +%s%N)
    if ! /usr/bin/time -f "%M" -o "$work/time.txt" "$dvpipe" run "$1" --fresh --no-cache --progress none >/dev/null 2>"$work/stderr.txt"; then
        echo "bench: dvpipe run $1 failed:" >&2
        cat "$work/stderr.txt" >&2
        kill $$
    fi
    end=$(date +%s%N)
    echo "$(( (end - start) / 1000000 )) $(tail -n 1 "$work/time.txt")"
}

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
three_walls=() three_rss=() sum_walls=() one_rss=()
for _ in $(seq "$rounds"); do
    read -r wall rss < <(render "$work/demo/three.yaml")
    three_walls+=("$wall")
    three_rss+=("$rss")
    sum=0
    for name in "${names[@]}"; do
        read -r wall rss < <(render "$work/demo/one-$name.yaml")
        sum=$(( sum + wall ))
        one_rss+=("$rss")
    done
    sum_walls+=("$sum")
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)
three_ms=$(printf '%s\n' "${three_walls[@]}" | median)
sum_ms=$(printf '%s\n' "${sum_walls[@]}" | median)
three_peak=$(printf '%s\n' "${three_rss[@]}" | sort -n | tail -n 1)
one_peak=$(printf '%s\n' "${one_rss[@]}" | sort -n | tail -n 1)
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
mib() { awk -v kib="$1" 'BEGIN { printf "%.1f", kib / 1024 }'; }

cpu=$(lscpu | sed -n 's/^Model name: *//p' | head -n 1)
if [[ ! -f $results ]]; then
    cat > "$results" <<'EOF'
# Several outputs from one job

Written by `bench/outputs-bench.sh`, which appends a section per run (newest last): the demo library
(`dvpipe demo`) rendered into a wide, a tall and a square output by one job with `outputs:`, against
three jobs of one output each, every run from nothing (`--fresh --no-cache`), in alternation. Wall time
is `date +%s%N` around the process, peak memory the maximum resident set size from `/usr/bin/time`.
Targets: the three-output job in at most 0.75 of the three runs' time, at most 1.5 times the memory
of the largest of them.
EOF
fi
changes=$(git diff --quiet HEAD -- Sources || echo ' (with uncommitted changes)')
cat >> "$results" <<EOF

## $(date -u +%Y-%m-%d), commit $(git rev-parse --short HEAD)$changes

$cpu, $(nproc) cores; $(swift --version 2>/dev/null | head -n 1); $("$dvpipe" --version | sed -n 2p);
release build. Outputs: wide ${shapes[wide]} (contain), tall ${shapes[tall]} and square ${shapes[square]}
(cover), 30 fps, H.264 veryfast crf 23. Load average (1, 5, 15 min): $load_before before, $load_after after.

| measurement | runs | wall time | peak RSS |
| --- | ---: | --- | ---: |
| one job, three outputs | $rounds | median $three_ms ms (all: ${three_walls[*]}) | $(mib "$three_peak") MiB |
| three jobs, one output each (sum) | $rounds | median $sum_ms ms (all: ${sum_walls[*]}) | $(mib "$one_peak") MiB (largest) |
| ratio | - | **$(ratio "$three_ms" "$sum_ms")** | **$(ratio "$three_peak" "$one_peak")** |
EOF
tail -n 12 "$results"
