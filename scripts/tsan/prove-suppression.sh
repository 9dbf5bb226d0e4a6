#!/usr/bin/env bash
# Shows that suppressions.txt hides ThreadSanitizer's blind spot and nothing more: the same correct count,
# built with -sanitize=thread, is reported through Synchronization's Mutex without the suppression, clean
# with it, and clean through a pthread mutex without it. Exits non-zero when any of the three differs.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
swiftc="${SWIFTC:-$(command -v swiftc || echo /opt/swift/usr/bin/swiftc)}"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
for program in MutexCount PthreadCount; do
    "$swiftc" -parse-as-library -sanitize=thread -Onone "$here/$program.swift" -o "$scratch/$program"
done

# run NAME SUPPRESSIONS WANTED-STATUS WANTED-REPORT: runs a program and checks its count, status and report.
run() {
    local status=0
    TSAN_OPTIONS="suppressions=$2" "$scratch/$1" >"$scratch/out" 2>&1 || status=$?
    local reported=no
    grep -q "WARNING: ThreadSanitizer: Swift access race" "$scratch/out" && reported=yes
    if ! grep -qx 200000 "$scratch/out"; then
        echo "prove-suppression: $1 miscounted:"; cat "$scratch/out"; exit 1
    fi
    if [[ "$status" != "$3" || "$reported" != "$4" ]]; then
        echo "prove-suppression: $1 with suppressions '$2' exited $status, reported: $reported (wanted $3, $4)"
        cat "$scratch/out"; exit 1
    fi
    echo "prove-suppression: $1 with $(basename "$2"): exit $status, race reported: $reported, as expected"
}
: >"$scratch/none.txt"
run MutexCount "$scratch/none.txt" 66 yes
run MutexCount "$here/suppressions.txt" 0 no
run PthreadCount "$scratch/none.txt" 0 no
