#!/usr/bin/env bash
# Prints the path of the dvpipe binary a benchmark measures: $DVPIPE when set (nothing is built),
# else the release build of this checkout, built first if needed.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -n "${DVPIPE:-}" ]]; then
    echo "$DVPIPE"
    exit 0
fi
swift build -c release --product dvpipe >/dev/null
echo "$(swift build -c release --show-bin-path)/dvpipe"
