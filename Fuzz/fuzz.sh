#!/bin/bash
# Builds the fuzz targets with libFuzzer and AddressSanitizer, then runs each for FUZZ_SECONDS (FUZZ_JOBS at
# once, under nice -n 19) from its seeds in Fuzz/seeds/<target>/ with its dictionary; the corpus grows in
# Fuzz/.build/corpus/<target>/, findings land in Fuzz/.build/findings/<target>/, each log in Fuzz/.build/logs/.
# Prints a table row for bench/fuzz.md per target, with the figures libFuzzer printed; fails when any target
# found a crash, a hang, an ASan report or an out-of-memory. See Fuzz/README.md.
set -euo pipefail
cd "$(dirname "$0")"
SWIFT=${SWIFT:-swift}
FUZZ_SECONDS=${FUZZ_SECONDS:-600}
FUZZ_JOBS=${FUZZ_JOBS:-1}
FUZZ_TARGETS=${FUZZ_TARGETS:-JobParserFuzzer XMLScannerFuzzer PROPFINDFuzzer S3ListingFuzzer CubeLUTFuzzer JPEGFuzzer HEIFFuzzer MovieBoxesFuzzer}

# What the targets are built from: the commit, "-dirty" when the tree holds changes beside it.
commit=$(git describe --always --dirty --abbrev=7)
# The combined -sanitize=fuzzer,address comes last and wins over SwiftPM's two separate flags (see README.md).
"$SWIFT" build -c debug --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address

dictionary() {
    case $1 in
        JobParserFuzzer) echo yaml.dict ;;
        XMLScannerFuzzer | PROPFINDFuzzer | S3ListingFuzzer) echo xml.dict ;;
        CubeLUTFuzzer) echo cube.dict ;;
        JPEGFuzzer) echo jpeg.dict ;;
        HEIFFuzzer | MovieBoxesFuzzer) echo isobmff.dict ;;
        *) echo "fuzz.sh: no dictionary for $1" >&2; return 1 ;;
    esac
}

run() {
    local target=$1
    mkdir -p ".build/corpus/$target" ".build/findings/$target" .build/logs
    local status=0
    # Swift's own backtracer stays out of the way: libFuzzer prints the stack and saves the input.
    SWIFT_BACKTRACE=enable=no nice -n 19 ".build/debug/$target" -max_total_time="$FUZZ_SECONDS" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -dict="$(dictionary "$target")" -artifact_prefix=".build/findings/$target/" \
        ".build/corpus/$target" "seeds/$target" >".build/logs/$target.log" 2>&1 || status=$?
    echo "$status" >".build/logs/$target.status"
}
export -f run dictionary
export FUZZ_SECONDS
printf '%s\n' $FUZZ_TARGETS | xargs -P "$FUZZ_JOBS" -I{} bash -c 'run {}'

failed=0
echo "| date | commit | target | seconds | inputs run (rate) | coverage (edges / features) | corpus | findings |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- |"
for target in $FUZZ_TARGETS; do
    log=.build/logs/$target.log
    done_line=$(grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -n 1 || true)
    runs=$(grep -oE '^Done [0-9]+ runs in [0-9]+ second' "$log" | tail -n 1 | awk '{print $2, $5}' || true)
    artifacts=$(ls -A ".build/findings/$target" 2>/dev/null | tr '\n' ' ' || true)
    if [ "$(cat ".build/logs/$target.status")" != 0 ] || [ -n "$artifacts" ]; then
        failed=1
        findings="**$(grep -m1 -oE 'ERROR: [A-Za-z]+: [^ ]+|ERROR: libFuzzer: [a-z-]+|Fatal error: .*|SUMMARY: [A-Za-z]+: [^ ]+' "$log" || echo 'exit status '"$(cat ".build/logs/$target.status")")** ($artifacts)"
    else
        findings="none"
    fi
    echo "| $(date -u +%F) | $commit | $target | ${runs#* } | ${runs%% *} ($(echo "$done_line" | grep -oE 'exec/s: [0-9]+')) | $(echo "$done_line" | grep -oE 'cov: [0-9]+' | cut -d' ' -f2) / $(echo "$done_line" | grep -oE 'ft: [0-9]+' | cut -d' ' -f2) | $(echo "$done_line" | grep -oE 'corp: [0-9]+/[0-9]+[A-Za-z]+' | cut -d' ' -f2) | $findings |"
done
exit $failed
