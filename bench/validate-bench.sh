#!/usr/bin/env bash
# Benchmark (not a test): `dvpipe validate` on a generated 2,000-line job file, release build.
# Prints the median wall time over RUNS runs (default 11), and the same for a 4-line job so that
# process start-up (loading Foundation and the FFmpeg libraries) can be told apart from validation.
# Results are kept in bench/cli-results.md (target: the 2,000-line job in under 100 ms).
#   bench/validate-bench.sh            # builds release if needed, then measures
#   RUNS=31 bench/validate-bench.sh
#   DVPIPE=path/to/dvpipe bench/validate-bench.sh   # measures that binary, builds nothing
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-11}
dvpipe=$(bench/dvpipe-binary.sh)

work=bench/work
mkdir -p "$work/library"
big=$work/validate-2000.yaml
small=$work/validate-4.yaml
printf 'version: 1\nlibrary: { paths: [library] }\ntimeframe: { month: 2024-12 }\noutput: { path: out.mp4 }\n' > "$small"

# A header with every section, then days (3 lines each) until the file has 2,000 lines.
{
    cat <<'YAML'
version: 1
name: Benchmark
library:
  paths: [library]
  timezone: Europe/Berlin
  exclude: ["**/Screen Recording*", "**/*.tmp"]
timeframe:
  from: 2019-01-01
  to: 2025-12-31
selection: { prefer: [video, live_photo], order: earliest }
clips:
  video: &window { duration: 3s, start: middle }
  live_photo: *window
output:
  path: out.mp4
  resolution: 1080p
  aspect: "16:9"
  background: "#000000"
  video: { codec: h264, crf: 20, preset: veryfast }
  audio: { codec: aac, bitrate: 160k }
transition: { style: crossfade, duration: 0.5s }
overlays:
  - date: { format: "EEE, MMM d", position: bottom-left, size: 0.045, locale: en_US }
  - text: { text: "Benchmark", position: { x: 0.5, y: 0.1 }, start: 0s, duration: 2s }
intro: { text: "Benchmark", duration: 2s }
days:
YAML
    day=$(date -u -d 2019-01-01 +%s)
    lines=26   # the header above
    while (( lines + 3 <= 2000 )); do
        key=$(date -u -d "@$day" +%F)
        printf '  %s:\n    pin: { file: "clips/IMG_%s.MOV", start: 0.5s, duration: 2s }\n    caption: "Day %s"\n' "$key" "${key//-/}" "$key"
        day=$((day + 86400))
        lines=$((lines + 3))
    done
    while (( lines < 2000 )); do
        echo "# padding"
        lines=$((lines + 1))
    done
} > "$big"

median() {
    local file=$1 times=()
    "$dvpipe" validate "$file" >/dev/null   # warm the page cache
    for _ in $(seq "$runs"); do
        local start end
        start=$(date +%s%N)
        "$dvpipe" validate "$file" >/dev/null
        end=$(date +%s%N)
        times+=($(( (end - start) / 1000 )))
    done
    printf '%s\n' "${times[@]}" | sort -n | awk '{ a[NR] = $1 } END { printf "%.1f ms", a[int((NR + 1) / 2)] / 1000 }'
}

echo "$(wc -l < "$big") lines: median $(median "$big") over $runs runs"
echo "4 lines (start-up): median $(median "$small") over $runs runs"
